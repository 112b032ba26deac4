import type { PlatformClient } from '../platform/platform-client';
import type { PartialHandlerTable } from './handler-table';

/** Customer/policy search and the claim page, straight through to the active environment's client. */
export function createPlatformHandlers(
  api: () => PlatformClient,
): PartialHandlerTable<'customers.search' | 'claims.files' | 'claims.information'> {
  return {
    'customers.search': (query) => api().searchCustomers(query),
    'claims.files': ({ claimId }) => api().getClaimFiles(claimId),
    'claims.information': ({ claimId }) => api().getClaimInformation(claimId),
  };
}
