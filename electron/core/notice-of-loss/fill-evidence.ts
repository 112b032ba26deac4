import type { NoticeField } from '../../../shared/domain/case-draft';

/**
 * Which kinds of evidence fill a field of the case form, and which only offer their value (issue #47 item 3:
 * "a value is filled only where its kind of evidence was right in ≥ 99 % of the blind letters").
 *
 * Every value the draft finds says what it rests on (its kind of evidence: a date after "Schadentag", the
 * insured's address from the platform, …). The counts below are, per kind and per field, how many values
 * of that kind the draft gave on blind sets A–D (206 letters by four authors who never saw these rules) and
 * how many of them equal the letter's truth, whether filled or offered (round 3, 2026-12-07: `npx tsx
 * bench/blind-evidence.ts bench/baselines/notice-blind-2026-12-07-round3-ad.jsonl`, the drafts of A–D with
 * these rules from the letters' OCR text as the bench reads it). A kind fills a field when
 * FILL_RULE says its counts carry it: at least MIN_VALUES values and ≥ 99 % of them right (0 wrong below
 * 100 values, at most 1 in 100–199, …). Round 2 took set A alone and "8 of 8": that let kinds fill that
 * were right 90–98 % of the time on the other sets (the read street, dates after "am", amounts next to
 * "etwa"), and 1.1–1.6 % of all values went in wrong. Every kind that does not fill is offered beside the
 * form with its source, for the clerk to take with one click. Sets E and F, written after A–D were
 * measured and frozen before they were, are the test of this table (docs/benchmarks.md, round 3).
 */

/** A kind fills only with at least this many values over sets A–D: fewer cannot tell 99 % from 95 %. */
export const MIN_VALUES = 30;
/** …of which at least this share were right. */
export const MIN_RIGHT_SHARE = 0.99;

/** Values of a kind for one field over sets A–D, and how many were right. */
export interface FieldCount {
  right: number;
  of: number;
}

type Counts = Partial<Record<NoticeField, FieldCount>>;
const c = (right: number, of: number): FieldCount => ({ right, of });
const address = (street: FieldCount, postalCode: FieldCount, city: FieldCount): Counts => ({
  street,
  postalCode,
  city,
});
const claimant = (first: FieldCount, last: FieldCount): Counts => ({
  claimantFirstName: first,
  claimantLastName: last,
});

export const EVIDENCE = {
  // The number read on the letter and found by the platform's customer search as exactly that policy.
  'policy-confirmed': { policyNumber: c(140, 140) },
  // …confirmed, but the policy is not in force on the draft's date (said as a problem beside the form).
  'policy-confirmed-not-in-force': { policyNumber: c(42, 42) },
  // The case type from the confirmed policy's product (Hausrat → Property).
  'case-type-from-product': { caseType: c(182, 182) },
  // The policyholder's name from the platform, and the letter is signed with it (no other given name
  // before the surname: a son signing "Sven Müller" for "Jörg Müller" is not the policyholder).
  'claimant-policyholder-signs': claimant(c(113, 113), c(113, 113)),
  // The policyholder's name, but the letter is signed by someone else or its signer was not found.
  'claimant-policyholder': claimant(c(22, 69), c(25, 69)),
  // One date named as the loss's (Schadentag, date of loss, "am … ereignete sich").
  'loss-date-named': { lossDate: c(54, 57) },
  // Two different dates named as the loss's.
  'loss-date-named-twice': { lossDate: c(1, 1) },
  // A date after "am"/"on" in a sentence (the only one such, or the first of several).
  'loss-date-on': { lossDate: c(51, 51) },
  'loss-date-on-first': { lossDate: c(8, 9) },
  // A date written without a year ("am 2. Mai", "(26.09.)"): the year is the letter's.
  'loss-date-no-year': { lossDate: c(41, 49) },
  // One date with no words naming it.
  'loss-date-unnamed': { lossDate: c(3, 11) },
  // The option ticked in a form's printed row of causes (an unlisted one ticked: other).
  'cause-ticked': { cause: c(8, 8) },
  // A car or liability policy and no cause named at all: the schema's "other" option.
  'cause-none-named': { cause: c(37, 37) },
  // A word that names one cause (Rohrbruch, Sturmböe, burglary), no other cause near it.
  'cause-named': { cause: c(93, 94) },
  // Words that only hint at a cause, or two causes near each other.
  'cause-hinted': { cause: c(34, 57) },
  // One amount next to words of an estimate or a total.
  'amount-estimate': { amount: c(69, 75) },
  // One amount named as a sum (Total, Summe, zusammen, insgesamt, "all in").
  'amount-total': { amount: c(47, 47) },
  // Several different sums: the largest.
  'amount-totals-differ': { amount: c(5, 6) },
  // Several different estimates: the first.
  'amount-estimates-differ': { amount: c(1, 5) },
  // One amount with no words naming it.
  'amount-unnamed': { amount: c(23, 28) },
  // The letter's sentences that say what was damaged and how.
  'description-sentences': { description: c(33, 176) },
  // The damage address read off the letter: after its label (Schadenort, place of loss) or in a sentence
  // saying it happened there ("ereignete sich in der Venloer Straße 210, 50823 Köln"), in OCR's spelling.
  'address-read': address(c(51, 57), c(57, 57), c(10, 11)),
  // …its town, where the letter's postal code names that town in the packaged gazetteer (postal-gazetteer.ts)
  // and the read spelling agrees: taken in the gazetteer's spelling (the other read towns stay address-read).
  'address-town-of-postal-code': { city: c(46, 46) },
  // …and it is the insured's own address: taken in the platform's spelling.
  'address-read-insured': address(c(21, 23), c(23, 23), c(23, 23)),
  // The letter says the damage is at the insured address ("wie Versicherungsort", "at our home").
  'address-said-insured': address(c(6, 6), c(6, 6), c(5, 6)),
  // The insured's address from the platform, the letter naming no damage address: never filled (#47).
  'address-from-policy': address(c(45, 100), c(65, 100), c(77, 100)),
} satisfies Record<string, Counts>;

export type Evidence = keyof typeof EVIDENCE;

/** Whether counts carry a fill: enough values, and ≥ 99 % of them right. */
export const FILL_RULE = (n: FieldCount | undefined): boolean =>
  n !== undefined && n.of >= MIN_VALUES && n.right >= MIN_RIGHT_SHARE * n.of;

/**
 * The counts that stand for a field: its own; a salutation (not in the letters' truth) stands with the
 * claimant's names and fills only where both do.
 */
function countOf(evidence: Evidence, field: NoticeField): FieldCount | undefined {
  const counts: Counts = EVIDENCE[evidence];
  if (field !== 'claimantSalutation') return counts[field];
  const first = counts.claimantFirstName;
  const last = counts.claimantLastName;
  if (!first || !last) return undefined;
  return first.right / first.of <= last.right / last.of ? first : last;
}

/** Whether a value of this kind fills this field (else it is offered). */
export const fills = (evidence: Evidence, field: NoticeField): boolean => FILL_RULE(countOf(evidence, field));

/** The share of this kind's values for this field that were right on sets A–D; 0.5 where none were seen. */
export function measuredRight(evidence: Evidence, field: NoticeField): number {
  const n = countOf(evidence, field);
  return n && n.of > 0 ? n.right / n.of : 0.5;
}
