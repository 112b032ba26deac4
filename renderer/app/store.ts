import { create } from 'zustand';
import type { AppState } from './app-state';
import { createActivitySlice } from '../features/activity/activity-slice';
import { createOfficeSlice } from '../features/office/office-slice';
import { createCasesSlice } from '../features/cases/cases-slice';
import { createClaimsSlice } from '../features/claims/claims-slice';
import { createBatchProgressSlice } from '../features/inbox/batch-progress-slice';
import { createInboxSlice } from '../features/inbox/inbox-slice';
import { createPagesSlice } from '../features/pages/pages-slice';
import { createPartnersSlice } from '../features/partners/partners-slice';
import { createPoliciesSlice } from '../features/policies/policies-slice';
import { createQueueSlice } from '../features/queue/queue-slice';
import { createSettingsSlice } from '../features/settings/settings-slice';
import { createTaggingSlice } from '../features/tagging/tagging-slice';
import { createSuggestionSlice } from '../features/tagging/suggestion-slice';
import { createNoticesSlice } from './notices-slice';
import { createShellSlice } from './shell-slice';

/** The one bound store: every feature's slice built together (its state's type: app-state.ts). */
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
    ...createOfficeSlice(...a),
  }));
}

export const useAppStore = createAppStore();
