import type { ActivitySlice } from '../features/activity/activity-slice';
import type { CasesSlice } from '../features/cases/cases-slice';
import type { ClaimsSlice } from '../features/claims/claims-slice';
import type { BatchProgressSlice } from '../features/inbox/batch-progress-slice';
import type { InboxSlice } from '../features/inbox/inbox-slice';
import type { PagesSlice } from '../features/pages/pages-slice';
import type { PartnersSlice } from '../features/partners/partners-slice';
import type { PoliciesSlice } from '../features/policies/policies-slice';
import type { QueueSlice } from '../features/queue/queue-slice';
import type { SettingsSlice } from '../features/settings/settings-slice';
import type { TaggingSlice } from '../features/tagging/tagging-slice';
import type { SuggestionSlice } from '../features/tagging/suggestion-slice';
import type { NoticesSlice } from './notices-slice';
import type { ShellSlice } from './shell-slice';

/**
 * The state of the one bound store (app/store.ts), made of feature slices (zustand slices pattern); each
 * feature owns its slice. A file of its own, of types only, so a slice names the whole state it may read
 * without importing the store that is built from it.
 */
export type AppState = ShellSlice &
  NoticesSlice &
  InboxSlice &
  BatchProgressSlice &
  PagesSlice &
  TaggingSlice &
  SuggestionSlice &
  PoliciesSlice &
  ClaimsSlice &
  QueueSlice &
  SettingsSlice &
  CasesSlice &
  PartnersSlice &
  ActivitySlice;
