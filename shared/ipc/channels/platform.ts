import { z } from 'zod';
import { ClaimFilesSchema, ClaimInformationSchema } from '../../platform/claims';
import { ClaimIdSchema } from '../../platform/common';
import { CustomerSearchQuerySchema, CustomerSearchResultSchema } from '../../platform/customers';
import { ClaimLookupSchema } from '../../domain/claim-lookup';

export const platformInvokes = {
  'customers.search': { request: CustomerSearchQuerySchema, response: CustomerSearchResultSchema },
  'claims.files': { request: z.object({ claimId: ClaimIdSchema }), response: ClaimFilesSchema },
  'claims.information': { request: z.object({ claimId: ClaimIdSchema }), response: ClaimInformationSchema },
  /** "Open claim" from a case number: the claim id where the environment can tell it (docs/platform-choices.md). */
  'claims.findByCaseNumber': {
    request: z.object({ caseNumber: z.string().trim().min(1).max(100) }),
    response: ClaimLookupSchema,
  },
};
