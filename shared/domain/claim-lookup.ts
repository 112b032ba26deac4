import { z } from 'zod';
import { ClaimIdSchema } from '../platform/common';

/**
 * Which claim a case number belongs to. The platform's interface has no such lookup (claims are read by
 * their internal id only), so outside the local sandbox the answer is `no_lookup`, and the clerk is told so.
 */
export const ClaimLookupSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('found'), claimId: ClaimIdSchema }),
  /** The environment can look it up, and has no case with this number. */
  z.object({ kind: z.literal('not_found') }),
  /** The environment offers no way from a case number to its claim. */
  z.object({ kind: z.literal('no_lookup') }),
  /** The lookup did not answer (offline, an error): try again. */
  z.object({ kind: z.literal('unavailable') }),
]);
export type ClaimLookup = z.infer<typeof ClaimLookupSchema>;
