import { z } from 'zod';

/**
 * Text of a document and the suggestions read from it (issue #17). Pure types; the work is in
 * electron/core/suggestions. Positions are fractions of the page (0..1, origin top-left), so the preview
 * can mark the place at any zoom.
 */

export const BoxSchema = z.object({
  x: z.number().min(0).max(1),
  y: z.number().min(0).max(1),
  w: z.number().min(0).max(1),
  h: z.number().min(0).max(1),
});
export type Box = z.infer<typeof BoxSchema>;

/** Fields a candidate can be for. */
export const CANDIDATE_FIELDS = [
  'caseNumber',
  'policyNumber',
  'registrationNumber',
  'claimId',
  'accidentDate',
  'date',
] as const;
export const CandidateFieldSchema = z.enum(CANDIDATE_FIELDS);
export type CandidateField = z.infer<typeof CandidateFieldSchema>;

/** Check-digit schemes a number format may use (electron/core/suggestions/check-digits.ts checks them). */
export const CHECK_DIGIT_SCHEMES = ['luhn', 'mod11', 'mod97'] as const;
export type CheckDigitScheme = (typeof CHECK_DIGIT_SCHEMES)[number];

/**
 * How a field's numbers are found on a page: a regular expression (flags `u`, and `i` unless
 * caseSensitive) whose named group `value` (or whole match) is the candidate. The built-in ones are in
 * candidates.ts; an IT admin adds their company's formats in the settings (`text.patterns`).
 */
export const FieldPatternSchema = z.object({
  field: CandidateFieldSchema,
  pattern: z.string().refine(
    (s) => {
      try {
        new RegExp(s, 'u');
        return true;
      } catch {
        return false;
      }
    },
    { message: 'not a valid regular expression' },
  ),
  caseSensitive: z.boolean().optional(),
  checkDigit: z.enum(CHECK_DIGIT_SCHEMES).optional(),
  /** How the found text becomes the value: trimmed (default), upper case, upper case without spaces, ISO date. */
  normalize: z.enum(['text', 'upper', 'compact-upper', 'date']).optional(),
});
export type FieldPattern = z.infer<typeof FieldPatternSchema>;

/** A number or date found on a page: the text as printed, its normal form, where it is (0-based page). */
export const CandidateSchema = z.object({
  field: CandidateFieldSchema,
  value: z.string(),
  raw: z.string(),
  page: z.number().int().min(0),
  box: BoxSchema.optional(),
});
export type Candidate = z.infer<typeof CandidateSchema>;

export const PolicyHitSchema = z.object({
  customerId: z.string(),
  customerName: z.string(),
  customerNumber: z.string().optional(),
  policyNumber: z.string(),
  product: z.string().optional(),
  description: z.string().optional(),
  statusText: z.string().optional(),
  /** In force on the search date (today), as the platform says. */
  isActive: z.boolean(),
  /** Why it is not in force, from its dates on the search date; `active` when it is (policyStateOf). */
  state: z.enum(['active', 'expired', 'not-started', 'inactive']).optional(),
  startDate: z.string().optional(),
  endDate: z.string().optional(),
});
export type PolicyHit = z.infer<typeof PolicyHitSchema>;
export type PolicyState = NonNullable<PolicyHit['state']>;

/**
 * A confirmed policy's state on `today` (YYYY-MM-DD): the platform's isActive decides whether it is in
 * force; its dates say why not (ended before today: expired; starts after today: not yet started).
 */
export function policyStateOf(
  policy: { isActive: boolean; startDate?: string | null; endDate?: string | null },
  today: string,
): PolicyState {
  if (policy.isActive) return 'active';
  if (policy.endDate && policy.endDate < today) return 'expired';
  if (policy.startDate && policy.startDate > today) return 'not-started';
  return 'inactive';
}

/** Whether a suggestion may be taken without the clerk: a policy must be in force (absent state: isActive). */
export const policyInForce = (policy: Pick<PolicyHit, 'isActive' | 'state'>): boolean =>
  policy.isActive && (policy.state ?? 'active') === 'active';

/**
 * A suggestion for one field of the tagging form. `verified`: the platform knows the value (a policy
 * found by the customer/policy search, a claim found by its id). `found-in-document`: read from the page
 * but not checkable; never used for policy numbers (an unverified policy number is not suggested).
 * `unknown`: read from the page and asked, and the platform has no such case or policy (issue #36 item 2:
 * "read, but unknown" must not look like "nothing could be read"); shown, never taken by itself.
 */
export const SuggestionSchema = z.object({
  field: CandidateFieldSchema,
  value: z.string(),
  page: z.number().int().min(0),
  box: BoxSchema.optional(),
  check: z.enum(['verified', 'found-in-document', 'unknown']),
  policy: PolicyHitSchema.optional(),
  label: z.string(),
});
export type Suggestion = z.infer<typeof SuggestionSchema>;

export const TextSourceSchema = z.enum(['pdf-text', 'ocr', 'skipped']);
export const DocumentSuggestionsSchema = z.object({
  /** Pages with text, and how it was obtained; pages after the OCR limit are `skipped`. */
  pages: z.array(z.object({ page: z.number().int().min(0), source: TextSourceSchema, chars: z.number().int() })),
  pageCount: z.number().int().min(0),
  suggestions: z.array(SuggestionSchema),
  /** Checks that could not be made (platform offline…): the clerk sees why a field has no suggestion. */
  problems: z.array(z.string()),
  /** OCR languages installed on this machine (e.g. ["eng", "deu"]). */
  languages: z.array(z.string()),
});
export type DocumentSuggestions = z.infer<typeof DocumentSuggestionsSchema>;

/** A document whose text contains the inbox search's words: where, and the words around them. */
export const TextMatchSchema = z.object({
  id: z.string(),
  page: z.number().int().min(0),
  snippet: z.string(),
});
export type TextMatch = z.infer<typeof TextMatchSchema>;
