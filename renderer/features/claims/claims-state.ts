import type { ClaimFile, ClaimInformation } from '../../../shared/platform/claims';
import type { IpcError } from '../../../shared/ipc/errors';

export interface ClaimsSlice {
  claimIdInput: string;
  claimIdError?: string;
  /** The claim shown (may differ from the input while the clerk types). */
  claimShown?: string;
  claimInfo?: ClaimInformation;
  claimFiles?: ClaimFile[];
  claimLoading: boolean;
  claimError?: IpcError;
  claimSeq: number;
  /** Why a case number led to no claim, said plainly (the platform has no lookup, or no such case). */
  claimLookupNote?: { reason: 'not_found' | 'no_lookup' | 'unavailable'; caseNumber: string };
  claimCaseInput: string;
  setClaimCaseInput(value: string): void;
  setClaimIdInput(value: string): void;
  openClaim(claimId?: string): Promise<void>;
  /** "Open claim" from a case number: finds its claim where the environment can, else says why not. */
  openClaimForCase(caseNumber: string): Promise<void>;
}
