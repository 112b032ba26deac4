import { z } from 'zod';
import { ClaimFilesSchema, ClaimInformationSchema } from '../../platform/claims';
import { ClaimIdSchema } from '../../platform/common';
import { CustomerSearchQuerySchema, CustomerSearchResultSchema } from '../../platform/customers';

export const platformInvokes = {
  'customers.search': { request: CustomerSearchQuerySchema, response: CustomerSearchResultSchema },
  'claims.files': { request: z.object({ claimId: ClaimIdSchema }), response: ClaimFilesSchema },
  'claims.information': { request: z.object({ claimId: ClaimIdSchema }), response: ClaimInformationSchema },
};
