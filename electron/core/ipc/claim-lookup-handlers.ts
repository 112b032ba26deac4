import type { ClaimLookup } from '../../../shared/domain/claim-lookup';
import type { PartialHandlerTable } from './handler-table';

export function createClaimLookupHandlers(
  find: (caseNumber: string) => Promise<ClaimLookup>,
): PartialHandlerTable<'claims.findByCaseNumber'> {
  return { 'claims.findByCaseNumber': ({ caseNumber }) => find(caseNumber) };
}
