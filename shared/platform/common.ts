import { z } from 'zod';

/**
 * Where the spec does not say which response fields are always present, we require only what the app
 * cannot work without (ids, names, flags it acts on) and accept the rest as optional or null.
 * Rationale and the full list: docs/platform-choices.md ("Response fields").
 */
export const optionalText = z.string().nullish();

export const PlatformErrorSchema = z.object({
  message: z.string(),
  type: z.string(),
});
export type PlatformError = z.infer<typeof PlatformErrorSchema>;

/** ISO date, form YYYY-MM-DD, as the customer search's `date` and policy dates use it. */
export const IsoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'expected a date of the form YYYY-MM-DD');

/** ClaimId: int64 from 1 to 9223372036854775807; kept as a decimal string because JS numbers lose precision. */
export const CLAIM_ID_MAX = 9223372036854775807n;
export const ClaimIdSchema = z
  .string()
  .regex(/^[1-9]\d{0,18}$/, 'a claim id is a whole number from 1 to 9223372036854775807')
  // zod 4 runs refinements even after the regex failed: BigInt would throw on non-digits.
  .refine((v) => !/^\d+$/.test(v) || BigInt(v) <= CLAIM_ID_MAX, 'a claim id is at most 9223372036854775807');
