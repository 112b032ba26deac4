import type { StateCreator } from 'zustand';
import { toIpcError } from '../../ipc/ipc-error';
import type { AppState } from '../../app/app-state';
import { intake } from '../../ipc/client';
import type { ActivitySlice } from './activity-state';

export type { ActivitySlice } from './activity-state';

export const createActivitySlice: StateCreator<AppState, [], [], ActivitySlice> = (set, get) => {
  const loadEntries = async (caseNumber: string) => {
    const seq = get().activitySeq + 1;
    set({ activitySeq: seq, activityLoading: true, activityError: undefined });
    try {
      const answer = await intake().call('activity.list', { caseNumber });
      // Drop answers for a case the clerk has already left.
      if (get().activitySeq !== seq) return;
      set({ activityEntries: answer.entries, activityLoading: false });
    } catch (e) {
      if (get().activitySeq !== seq) return;
      set({ activityLoading: false, activityError: toIpcError(e) });
    }
  };
  return {
    activityLoading: false,
    activityRefreshing: false,
    activitySeq: 0,

    async loadActivityCases() {
      try {
        set({ activityCases: await intake().call('activity.cases', {}), activityCasesError: undefined });
      } catch (e) {
        set({ activityCasesError: toIpcError(e) });
      }
    },

    async openActivity(caseNumber) {
      const number = caseNumber.trim();
      if (!number) return;
      set({ activityCaseNumber: number, activityEntries: undefined });
      if (get().screen !== 'activity') get().setScreen('activity');
      await loadEntries(number);
    },

    applyActivityChanged(caseNumbers) {
      void get().loadActivityCases();
      const shown = get().activityCaseNumber;
      if (shown && caseNumbers.includes(shown)) void loadEntries(shown);
    },

    async refreshActivity() {
      if (get().activityRefreshing) return;
      set({ activityRefreshing: true });
      try {
        set({ activityStatus: await intake().call('activity.refresh', {}), activityRefreshing: false });
      } catch (e) {
        set({ activityRefreshing: false, activityError: toIpcError(e) });
      }
      // New events arrive through activity.changed; reload anyway in case none were new.
      await get().loadActivityCases();
      const shown = get().activityCaseNumber;
      if (shown) await loadEntries(shown);
    },
  };
};
