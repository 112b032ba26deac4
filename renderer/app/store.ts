import { create } from 'zustand';
import { createActivitySlice } from '../features/activity/activity-slice';
import type { ActivitySlice } from '../features/activity/activity-slice';
import { createCasesSlice } from '../features/cases/cases-slice';
import type { CasesSlice } from '../features/cases/cases-slice';
import { createClaimsSlice } from '../features/claims/claims-slice';
import type { ClaimsSlice } from '../features/claims/claims-slice';
import { createBatchProgressSlice } from '../features/inbox/batch-progress-slice';
import type { BatchProgressSlice } from '../features/inbox/batch-progress-slice';
import { createInboxSlice } from '../features/inbox/inbox-slice';
import type { InboxSlice } from '../features/inbox/inbox-slice';
import { createPagesSlice } from '../features/pages/pages-slice';
import type { PagesSlice } from '../features/pages/pages-slice';
import { createPartnersSlice } from '../features/partners/partners-slice';
import type { PartnersSlice } from '../features/partners/partners-slice';
import { createPoliciesSlice } from '../features/policies/policies-slice';
import type { PoliciesSlice } from '../features/policies/policies-slice';
import { createQueueSlice } from '../features/queue/queue-slice';
import type { QueueSlice } from '../features/queue/queue-slice';
import { createSettingsSlice } from '../features/settings/settings-slice';
import type { SettingsSlice } from '../features/settings/settings-slice';
import { createTaggingSlice } from '../features/tagging/tagging-slice';
import type { TaggingSlice } from '../features/tagging/tagging-slice';
import { createSuggestionSlice } from '../features/tagging/suggestion-slice';
import type { SuggestionSlice } from '../features/tagging/suggestion-slice';
import { createNoticesSlice } from './notices-slice';
import type { NoticesSlice } from './notices-slice';
import { createShellSlice } from './shell-slice';
import type { ShellSlice } from './shell-slice';

/** One bound store made of feature slices (zustand slices pattern); each feature owns its slice. */
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

export function createAppStore() {
  return create<AppState>()((...a) => ({
    ...createShellSlice(...a),
    ...createNoticesSlice(...a),
    ...createInboxSlice(...a),
    ...createBatchProgressSlice(...a),
    ...createPagesSlice(...a),
    ...createTaggingSlice(...a),
    ...createSuggestionSlice(...a),
    ...createPoliciesSlice(...a),
    ...createClaimsSlice(...a),
    ...createQueueSlice(...a),
    ...createSettingsSlice(...a),
    ...createCasesSlice(...a),
    ...createPartnersSlice(...a),
    ...createActivitySlice(...a),
  }));
}

export const useAppStore = createAppStore();
