import type { StateCreator } from 'zustand';
import { toIpcError } from '../../ipc/ipc-error';
import type { AppState } from '../../app/app-state';
import { intake } from '../../ipc/client';
import { claimIdProblem } from './claim-id';
import type { ClaimsSlice } from './claims-state';

export type { ClaimsSlice } from './claims-state';

export const createClaimsSlice: StateCreator<AppState, [], [], ClaimsSlice> = (set, get) => ({
  claimIdInput: '',
  claimLoading: false,
  claimSeq: 0,
  claimCaseInput: '',
  setClaimCaseInput: (claimCaseInput) => set({ claimCaseInput }),
  setClaimIdInput: (claimIdInput) => set({ claimIdInput, claimIdError: undefined }),
  async openClaimForCase(caseNumber) {
    const number = caseNumber.trim();
    if (!number) return;
    const seq = get().claimSeq + 1;
    set({
      claimCaseInput: number,
      claimIdError: undefined,
      claimLookupNote: undefined,
      claimError: undefined,
      claimLoading: true,
      claimSeq: seq,
    });
    try {
      const found = await intake().call('claims.findByCaseNumber', { caseNumber: number });
      if (get().claimSeq !== seq) return;
      if (found.kind === 'found') return await get().openClaim(found.claimId);
      set({
        claimLoading: false,
        claimLookupNote: { reason: found.kind, caseNumber: number },
        claimShown: undefined,
        claimInfo: undefined,
        claimFiles: undefined,
      });
    } catch (e) {
      if (get().claimSeq !== seq) return;
      set({ claimLoading: false, claimError: toIpcError(e) });
    }
  },
  async openClaim(claimId) {
    const id = (claimId ?? get().claimIdInput).trim();
    // A case number typed into the id field (letters, then digits: CLM-2026-000101): looked up as one, not
    // refused as a bad id. Anything else that is not a whole number (12a) keeps the id's message.
    if (claimId === undefined && /^\p{L}{2,}[-/ .]?\d/u.test(id)) {
      set({ claimIdInput: '' });
      return get().openClaimForCase(id);
    }
    const problem = claimIdProblem(id);
    if (problem) {
      set({ claimIdInput: id, claimIdError: problem });
      return;
    }
    const seq = get().claimSeq + 1;
    set({
      claimIdInput: id,
      claimIdError: undefined,
      claimLookupNote: undefined,
      claimLoading: true,
      claimError: undefined,
      claimSeq: seq,
    });
    try {
      const [info, files] = await Promise.all([
        intake().call('claims.information', { claimId: id }),
        intake().call('claims.files', { claimId: id }),
      ]);
      if (get().claimSeq !== seq) return;
      set({ claimShown: id, claimInfo: info, claimFiles: files, claimLoading: false });
    } catch (e) {
      if (get().claimSeq !== seq) return;
      set({
        claimLoading: false,
        claimError: toIpcError(e),
        claimShown: id,
        claimInfo: undefined,
        claimFiles: undefined,
      });
    }
  },
});
