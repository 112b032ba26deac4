import type { Document } from '../../../shared/domain/document';
import type { PartnerValidation } from '../../../shared/domain/partner-validation';
import type { IpcError } from '../../../shared/ipc/errors';

export type PartnerField = 'tenant' | 'companyTaxId' | 'referenceNumber';

export type PartnerInput = Record<PartnerField, string>;

export interface PartnersSlice {
  /** `undefined` = not edited yet: the screen shows the environment's tenant. */
  partnerInput: Partial<PartnerInput>;
  partnerMissing: PartnerField[];
  partnerChecking: boolean;
  partnerResult?: PartnerValidation;
  partnerError?: IpcError;
  partnerSeq: number;
  partnerTagging: boolean;
  partnerTagged?: Document[];
  partnerTagError?: IpcError;
  setPartnerInput(field: PartnerField, value: string): void;
  validatePartner(defaults: { tenant: string }): Promise<void>;
  tagDocumentWithClaim(documentId: string): Promise<void>;
}
