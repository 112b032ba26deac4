import { z } from 'zod';
import { ClaimFilesSchema, ClaimIdSchema, ClaimInformationSchema } from '../../platform/claims';
import { CustomerSearchQuerySchema, CustomerSearchResultSchema } from '../../platform/customers';

export const platformInvokes = {
  'customers.search': { request: CustomerSearchQuerySchema, response: CustomerSearchResultSchema },
  'claims.files': { request: z.object({ claimId: ClaimIdSchema }), response: ClaimFilesSchema },
  'claims.information': { request: z.object({ claimId: ClaimIdSchema }), response: ClaimInformationSchema },
};
