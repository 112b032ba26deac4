import type { StateCreator } from 'zustand';
import { toIpcError } from '../../ipc/ipc-error';
import type { AppState } from '../../app/app-state';
import { intake } from '../../ipc/client';
import { refreshTaggingDraft } from '../tagging/refresh-tagging-draft';
import type { PartnersSlice } from './partners-state';

import type { PartnerField, PartnerInput } from './partners-state';
export type { PartnerField, PartnerInput } from './partners-state';
export type { PartnersSlice } from './partners-state';

/** Which fields are empty: the platform would refuse the request as a whole, so say it beside the field first. */
export function partnerInputProblems(input: PartnerInput): PartnerField[] {
  return (Object.keys(input) as PartnerField[]).filter((k) => input[k].trim() === '');
}

export const createPartnersSlice: StateCreator<AppState, [], [], PartnersSlice> = (set, get) => ({
  partnerInput: {},
  partnerMissing: [],
  partnerChecking: false,
  partnerSeq: 0,
  partnerTagging: false,

  setPartnerInput: (field, value) =>
    set((s) => ({
      partnerInput: { ...s.partnerInput, [field]: value },
      partnerMissing: s.partnerMissing.filter((f) => f !== field),
    })),

  async validatePartner(defaults) {
    const raw = get().partnerInput;
    const input: PartnerInput = {
      tenant: raw.tenant ?? defaults.tenant,
      companyTaxId: raw.companyTaxId ?? '',
      referenceNumber: raw.referenceNumber ?? '',
    };
    const missing = partnerInputProblems(input);
    if (missing.length > 0) return set({ partnerMissing: missing });
    const seq = get().partnerSeq + 1;
    set({
      partnerSeq: seq,
      partnerMissing: [],
      partnerChecking: true,
      partnerError: undefined,
      partnerTagged: undefined,
      partnerTagError: undefined,
    });
    try {
      const result = await intake().call('partners.validate', {
        tenant: input.tenant.trim(),
        companyTaxId: input.companyTaxId.trim(),
        referenceNumber: input.referenceNumber.trim(),
      });
      if (get().partnerSeq !== seq) return;
      set({ partnerResult: result, partnerChecking: false });
    } catch (e) {
      if (get().partnerSeq !== seq) return;
      set({ partnerResult: undefined, partnerChecking: false, partnerError: toIpcError(e) });
    }
  },

  async tagDocumentWithClaim(documentId) {
    const result = get().partnerResult;
    if (result?.status !== 'valid' || get().partnerTagging) return;
    set({ partnerTagging: true, partnerTagError: undefined, partnerTagged: undefined });
    try {
      const docs = await intake().call('documents.tag', {
        ids: [documentId],
        metadata: { caseNumber: result.data.claim.number },
      });
      get().applyDocumentsChanged(docs, []);
      set({ ...refreshTaggingDraft(get(), [documentId]), partnerTagging: false, partnerTagged: docs });
    } catch (e) {
      set({ partnerTagging: false, partnerTagError: toIpcError(e) });
    }
  },
});
