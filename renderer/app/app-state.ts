import type { ActivitySlice } from '../features/activity/activity-state';
import type { CasesSlice } from '../features/cases/cases-state';
import type { ClaimsSlice } from '../features/claims/claims-state';
import type { BatchProgressSlice } from '../features/inbox/batch-progress-state';
import type { InboxSlice } from '../features/inbox/inbox-state';
import type { PagesSlice } from '../features/pages/pages-state';
import type { PartnersSlice } from '../features/partners/partners-state';
import type { PoliciesSlice } from '../features/policies/policies-state';
import type { QueueSlice } from '../features/queue/queue-state';
import type { SettingsSlice } from '../features/settings/settings-state';
import type { TaggingSlice } from '../features/tagging/tagging-state';
import type { SuggestionSlice } from '../features/tagging/suggestion-state';
import type { OfficeSlice } from '../features/office/office-state';
import type { NoticesSlice } from './notices-state';
import type { ShellSlice } from './shell-state';

/**
 * The state of the one bound store (app/store.ts), made of feature slices (zustand slices pattern); each
 * feature owns its slice. A file of its own, of types only, so a slice names the whole state it may read
 * without importing the store that is built from it. Each slice's type is in its `<feature>-state.ts`,
 * below both this file and the slice's creator, so nothing here imports a slice back (issue #49 item 3).
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
  ActivitySlice &
  OfficeSlice;
