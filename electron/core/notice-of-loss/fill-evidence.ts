/**
 * Which kinds of evidence fill a field of the case form, and which only offer their value (issue #47 item 3).
 *
 * Every value the draft finds says what it rests on (its kind of evidence: a date after "Schadentag", the
 * insured's address from the platform, …). A kind fills the form only where it gave the right value in at
 * least 99 % of its values on blind set A (test/fixtures/blind-letters/set-a: letters by an author who never
 * saw these rules; the only set the rules were tuned on). On 52 letters that means: every value of the kind
 * right, and at least MIN_VALUES of them (fewer say too little; the bar was set after seeing the counts, and
 * the held-out sets are the test of it). One exception, stated: `address-read-insured` is `address-read`
 * with the platform's own spelling agreeing, so it fills where `address-read` does. Every other kind is
 * offered beside the form with its source, for the clerk to take with one click. The counts below are set A's (`npx tsx
 * bench/notice-of-loss.ts --set blind-a --results FILE` then `npx tsx bench/blind-evidence.ts FILE`, as of
 * 2026-12-07, OCR `deu`); `right` counts a value equal to the truth whether it was filled or offered.
 * The held-out sets B, C and D say how well the choice carries over (docs/benchmarks.md).
 */

/** A kind fills only with at least this many values on set A, all of them right. */
export const MIN_VALUES = 8;

export interface EvidenceRecord {
  /** Filled into the form (else offered). */
  fills: boolean;
  /** Set A: values of this kind, and how many were right. */
  right: number;
  of: number;
}

export const EVIDENCE = {
  // The number read on the letter and found by the platform's customer search as exactly that policy.
  'policy-confirmed': { fills: true, right: 33, of: 33 },
  // …confirmed, but the policy is not in force on the draft's date: the clerk decides (offered).
  'policy-confirmed-not-in-force': { fills: true, right: 13, of: 13 },
  // The case type from the confirmed policy's product (Hausrat → Property).
  'case-type-from-product': { fills: true, right: 46, of: 46 },
  // The policyholder's name from the platform, and the letter is signed with it.
  'claimant-policyholder-signs': { fills: true, right: 28, of: 28 },
  // The policyholder's name, but the letter is signed by someone else or its signer was not found.
  'claimant-policyholder': { fills: false, right: 3, of: 18 },
  // One date named as the loss's (Schadentag, date of loss, "am … ereignete sich").
  'loss-date-named': { fills: true, right: 23, of: 23 },
  // Two different dates named as the loss's.
  'loss-date-named-twice': { fills: false, right: 0, of: 0 },
  // A date after "am"/"on" in a sentence (the only one such, or the first of several).
  'loss-date-on': { fills: true, right: 14, of: 14 },
  'loss-date-on-first': { fills: false, right: 1, of: 1 },
  // A date written without a year ("am 2. Mai", "(26.09.)"): the year is the letter's.
  'loss-date-no-year': { fills: false, right: 6, of: 8 },
  // One date with no words naming it.
  'loss-date-unnamed': { fills: false, right: 1, of: 2 },
  // The option ticked in a form's printed row of causes (an unlisted one ticked: other).
  'cause-ticked': { fills: true, right: 8, of: 8 },
  // A car or liability policy and no cause named at all: the schema's "other" option.
  'cause-none-named': { fills: false, right: 5, of: 5 },
  // A word that names one cause (Rohrbruch, Sturmböe, burglary), no other cause near it.
  'cause-named': { fills: true, right: 21, of: 21 },
  // Words that only hint at a cause, or two causes near each other.
  'cause-hinted': { fills: false, right: 10, of: 14 },
  // One amount next to words of an estimate or a total.
  'amount-estimate': { fills: true, right: 22, of: 22 },
  // One amount named as a sum (Total, Summe, zusammen, insgesamt, "all in").
  'amount-total': { fills: true, right: 14, of: 14 },
  // Several different sums: the largest.
  'amount-totals-differ': { fills: false, right: 0, of: 0 },
  // Several different estimates: the first.
  'amount-estimates-differ': { fills: false, right: 0, of: 0 },
  // One amount with no words naming it.
  'amount-unnamed': { fills: false, right: 8, of: 9 },
  // The letter's sentences that say what was damaged and how.
  'description-sentences': { fills: false, right: 10, of: 47 },
  // The damage address read off the letter: after its label (Schadenort, place of loss) or in a sentence
  // saying it happened there ("ereignete sich in der Venloer Straße 210, 50823 Köln"), in OCR's spelling.
  'address-read': { fills: true, right: 17, of: 17 },
  // …and it is the insured's own address: taken in the platform's spelling (stronger than address-read).
  'address-read-insured': { fills: true, right: 6, of: 6 },
  // The letter says the damage is at the insured address ("wie Versicherungsort", "at our home").
  'address-said-insured': { fills: false, right: 3, of: 4 },
  // The insured's address from the platform, the letter naming no damage address: never filled (#47).
  'address-from-policy': { fills: false, right: 10, of: 22 },
} satisfies Record<string, EvidenceRecord>;

export type Evidence = keyof typeof EVIDENCE;

export const fills = (evidence: Evidence): boolean => EVIDENCE[evidence].fills;

/** The share of set A's values of this kind that were right; 0.5 where set A had none. */
export function measuredRight(evidence: Evidence): number {
  const r: EvidenceRecord = EVIDENCE[evidence];
  return r.of > 0 ? r.right / r.of : 0.5;
}
