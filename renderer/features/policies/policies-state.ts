import type { Customer } from '../../../shared/platform/customers';
import type { IpcError } from '../../../shared/ipc/errors';

export interface PoliciesSlice {
  policyQuery: string;
  policyDate: string;
  customers: Customer[];
  policyLoading: boolean;
  policyError?: IpcError;
  /** Whether the last page was full, i.e. "more results" may find more. */
  policyHasMore: boolean;
  /** Sequence number of the newest search; answers to older ones are dropped. */
  policySeq: number;
  setPolicyQuery(query: string): void;
  setPolicyDate(date: string): void;
  searchPolicies(): Promise<void>;
  morePolicies(): Promise<void>;
}
