/**
 * Scoring a case draft against a blind letter's truth.json (issue #47). The rules, as docs/benchmarks.md
 * states them:
 * - per field of the schema: "right" = filled and equal to the truth; "wrong" = filled and not equal, or
 *   filled where the truth is null (the letter gives no such value); "offered" = shown beside the form, not
 *   filled (whatever its value); "empty" = no value at all.
 * - equal, by field: dates as ISO strings; amounts as numbers within ±0.01; policy number, postal code:
 *   without spaces, dashes and dots, case-insensitive; case type and cause (enum values): case-insensitive;
 *   names, street, city: case- and whitespace-insensitive (accents kept: a misread umlaut is a fix for the
 *   clerk), with "str." = "straße" = "strasse"; description: right when the filled text contains the
 *   truth's damage sentence(s) (case- and whitespace-insensitive) or at least 80 % of its words (words
 *   folded to letters and digits without accents, as the generated-letter bench counts them).
 * - clerk actions per case: one per field the clerk must type or fix (a value the letter gives that is not
 *   filled right; a filled value where the truth is null, to clear) + one to send. Taking an offered value
 *   counts as one action, as typing it would.
 * - with "use all offered" (the panel's button since round 2): one action takes every offered value; then
 *   each offered value that is wrong, or that the letter does not give (taken, it must be cleared), is one
 *   action more. A clerk takes whichever way is fewer: `actionsTakeAll` is the smaller of the two counts.
 */
import type { DraftField } from '../electron/core/notice-of-loss/draft-fields';
import type { TruthPath } from '../electron/core/notice-of-loss/test-support/blind-letters';
import { TRUTH_PATHS } from '../electron/core/notice-of-loss/test-support/blind-letters';
import { fold } from '../electron/core/notice-of-loss/notice-lines';

export type Outcome = 'right' | 'wrong' | 'offered' | 'empty';

const spaced = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
const compact = (s: string) => s.replace(/[\s.\-/]/g, '').toUpperCase();
const street = (s: string) =>
  spaced(s)
    .replace(/stra(ss|ß)e\b/g, 'str.')
    .replace(/str\.?(?=\s|$)/g, 'str.');
const words = (s: string) =>
  fold(s)
    .toLowerCase()
    .match(/[\p{L}\d]+/gu) ?? [];

export function sameValue(path: TruthPath, got: string | number, want: string | number): boolean {
  switch (path) {
    case 'estimatedAmount':
      return Math.abs(Number(got) - Number(want)) <= 0.01;
    case 'accidentDate':
      return String(got).trim() === String(want).trim();
    case 'policyNumber':
    case 'damageAddress.postalCode':
      return compact(String(got)) === compact(String(want));
    case 'damageAddress.street':
      return street(String(got)) === street(String(want));
    case 'description': {
      const text = String(got);
      if (spaced(text).includes(spaced(String(want)))) return true;
      const have = new Set(words(text));
      const need = words(String(want));
      return need.filter((w) => have.has(w)).length >= need.length * 0.8;
    }
    default:
      return spaced(String(got)) === spaced(String(want));
  }
}

export function outcomeOf(path: TruthPath, field: DraftField | undefined, want: string | number | null): Outcome {
  if (!field) return 'empty';
  if (field.state === 'offered') return 'offered';
  if (want === null) return 'wrong';
  return sameValue(path, field.value, want) ? 'right' : 'wrong';
}

export interface LetterScore {
  outcomes: Record<TruthPath, Outcome>;
  actions: number;
  actionsTakeAll: number;
}

export function scoreLetter(fields: readonly DraftField[], truth: Record<string, string | number | null>): LetterScore {
  const outcomes = {} as Record<TruthPath, Outcome>;
  let actions = 1; // send
  let takeAll = 2; // send, and "use all offered"
  let offered = 0;
  for (const path of TRUTH_PATHS) {
    const want = truth[path] ?? null;
    const field = fields.find((f) => f.path === path);
    const o = outcomeOf(path, field, want);
    outcomes[path] = o;
    if (want !== null ? o !== 'right' : o === 'wrong') actions++;
    if (o === 'offered') offered++;
    // Taken with the others: right as offered, else fixed or cleared.
    const rightOnceTaken = o === 'right' || (o === 'offered' && want !== null && sameValue(path, field!.value, want));
    if (want !== null ? !rightOnceTaken : o !== 'empty') takeAll++;
  }
  return { outcomes, actions, actionsTakeAll: offered > 0 ? Math.min(actions, takeAll) : actions };
}
