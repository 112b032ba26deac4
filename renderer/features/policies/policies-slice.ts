import type { StateCreator } from 'zustand';
import { toIpcError } from '../../ipc/ipc-error';
import type { AppState } from '../../app/app-state';
import { intake } from '../../ipc/client';
import type { PoliciesSlice } from './policies-state';

export type { PoliciesSlice } from './policies-state';

export const POLICY_PAGE_SIZE = 20;

/** Today as YYYY-MM-DD in the clerk's time zone (not UTC: at 00:30 it is already tomorrow here). */
export function localIsoDate(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export const createPoliciesSlice: StateCreator<AppState, [], [], PoliciesSlice> = (set, get) => {
  const run = async (after: number | undefined) => {
    const seq = get().policySeq + 1;
    const q = get().policyQuery.trim();
    if (!q) {
      set({ policySeq: seq, customers: [], policyLoading: false, policyError: undefined, policyHasMore: false });
      return;
    }
    set({ policySeq: seq, policyLoading: true, policyError: undefined });
    try {
      const page = await intake().call('customers.search', {
        q,
        date: get().policyDate,
        limit: POLICY_PAGE_SIZE,
        after,
      });
      if (get().policySeq !== seq) return; // a newer search is under way or done
      set({
        customers: after === undefined ? page : [...get().customers, ...page],
        policyHasMore: page.length === POLICY_PAGE_SIZE,
        policyLoading: false,
      });
    } catch (e) {
      if (get().policySeq !== seq) return;
      set({ policyLoading: false, policyError: toIpcError(e) });
    }
  };
  return {
    policyQuery: '',
    policyDate: localIsoDate(new Date()),
    customers: [],
    policyLoading: false,
    policyHasMore: false,
    policySeq: 0,
    setPolicyQuery: (policyQuery) => set({ policyQuery }),
    setPolicyDate: (policyDate) => set({ policyDate }),
    searchPolicies: () => run(undefined),
    morePolicies: () => run(get().customers.length),
  };
};
