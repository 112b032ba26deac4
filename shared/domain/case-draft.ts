import { z } from 'zod';
import { BoxSchema } from './suggestions';

/**
 * A create-case form filled from a scanned notice of loss (issue #40). Each value says where it came from
 * (a page of the letter, or the platform's answer about the policy) and how sure the reading is; only sure
 * values the schema accepts are filled, the others are offered for the clerk to take or change.
 */

/** What a value means, whatever the platform's schema calls its field (notice-of-loss/schema-targets.ts). */
export const NOTICE_FIELDS = [
  'policyNumber',
  'lossDate',
  'caseType',
  'cause',
  'amount',
  'description',
  'claimantSalutation',
  'claimantFirstName',
  'claimantLastName',
  'street',
  'postalCode',
  'city',
] as const;
export const NoticeFieldSchema = z.enum(NOTICE_FIELDS);
export type NoticeField = z.infer<typeof NoticeFieldSchema>;

export const DraftSourceSchema = z.discriminatedUnion('kind', [
  /** Read off the letter: its page (0-based) and the place of the words. */
  z.object({ kind: z.literal('page'), page: z.number().int().min(0), box: BoxSchema.optional() }),
  /** The platform's customer/policy answer for the confirmed policy number. */
  z.object({ kind: z.literal('policy'), policyNumber: z.string() }),
]);
export type DraftSource = z.infer<typeof DraftSourceSchema>;

/** Why a value is offered and not filled. */
export const OFFER_REASONS = ['uncertain', 'refused-by-schema', 'field-not-empty'] as const;

export const DraftValueSchema = z.object({
  field: NoticeFieldSchema,
  /** The form path it goes to (`claimant.lastName`). */
  path: z.string(),
  value: z.union([z.string(), z.number()]),
  /** The words as printed (or the platform's text), for the clerk. */
  raw: z.string(),
  source: DraftSourceSchema,
  /**
   * 0..1: how often this kind of evidence gave the right value on the blind letters the rules were tuned on
   * (notice-of-loss/fill-evidence.ts); a kind never measured there is 0.5.
   */
  confidence: z.number().min(0).max(1),
  /** The kind of evidence the value rests on (`loss-date-named`, `address-from-policy`): fill-evidence.ts. */
  evidence: z.string().optional(),
  /** true: put into the form; false: offered beside the form for the clerk to take. */
  filled: z.boolean(),
  reason: z.enum(OFFER_REASONS).optional(),
  /** The schema's message code when it would refuse the value (with reason refused-by-schema). */
  refusal: z.string().optional(),
});
export type DraftValue = z.infer<typeof DraftValueSchema>;

export const CaseDraftSchema = z.object({
  /** The schema key and version the draft was made for: a form of another schema must not take it. */
  key: z.string(),
  schemaVersion: z.string().optional(),
  values: z.array(DraftValueSchema),
  /** Checks that could not be made (platform offline, no text): said to the clerk, never silent. */
  problems: z.array(z.string()),
});
export type CaseDraft = z.infer<typeof CaseDraftSchema>;
