import type { StateCreator } from 'zustand';
import type { AppState } from '../../app/app-state';
import { intake } from '../../ipc/client';
import { toIpcError } from '../../ipc/ipc-error';
import type { OfficeSlice } from './office-state';

export type { OfficeSlice } from './office-state';

export const createOfficeSlice: StateCreator<AppState, [], [], OfficeSlice> = (set, get) => ({
  officeLoading: false,

  async loadOfficeOverview() {
    if (get().officeLoading) return;
    set({ officeLoading: true });
    try {
      const overview = await intake().call('office.status', {});
      set({
        officeOverview: overview,
        officeCheckedAt: new Date().toISOString(),
        officeLoading: false,
        officeError: undefined,
      });
    } catch (e) {
      set({ officeLoading: false, officeError: toIpcError(e) });
    }
  },
});
