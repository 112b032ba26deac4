import { describe, expect, it } from 'vitest';
import { EVIDENCE, fills, measuredRight, MIN_VALUES } from './fill-evidence';

// Issue #47 item 3: a kind of evidence fills a field only where it was right in ≥ 99 % of its values on the
// blind sets A–D, over enough values to say so (round 3). The counts are checked against the committed
// results in bench/fill-evidence-counts.test.ts.
describe('the calibrated fill table', () => {
  it('fills what was right ≥ 99 % over ≥ 30 values: the confirmed policy, its case type, a total, the last name of a signer', () => {
    expect(fills('policy-confirmed', 'policyNumber')).toBe(true);
    expect(fills('case-type-from-product', 'caseType')).toBe(true);
    expect(fills('amount-total', 'amount')).toBe(true);
    expect(fills('claimant-policyholder-signs', 'claimantLastName')).toBe(true);
    expect(fills('cause-none-named', 'cause')).toBe(true);
    expect(fills('address-read', 'postalCode')).toBe(true);
    // A read town the letter's postal code names in the gazetteer: 46 of 46.
    expect(fills('address-town-of-postal-code', 'city')).toBe(true);
  });

  it('offers what round 2 filled on set A alone and the other sets showed wrong 2–10 % of the time', () => {
    expect(fills('address-read', 'street')).toBe(false); // 51 of 57
    expect(fills('address-read', 'city')).toBe(false); // 10 of 11: too few
    expect(fills('loss-date-named', 'lossDate')).toBe(false); // 54 of 57
    expect(fills('amount-estimate', 'amount')).toBe(false); // 69 of 75
    expect(fills('cause-named', 'cause')).toBe(false); // 93 of 94: 98.9 %
  });

  it('a date after "am"/"on" fills once a date the line wraps is read whole (51 of 51; 52 of 53 before: "am Dienstag, dem 1." / "Dezember 2026")', () => {
    expect(fills('loss-date-on', 'lossDate')).toBe(true);
    expect(fills('loss-date-on-first', 'lossDate')).toBe(false); // 8 of 9
  });

  it('the signer with the policyholder’s given name fills it: a relative signing with the same surname is not counted as the policyholder (113 of 113; 113 of 115 before)', () => {
    expect(fills('claimant-policyholder-signs', 'claimantFirstName')).toBe(true);
    expect(fills('claimant-policyholder', 'claimantFirstName')).toBe(false); // 22 of 69
  });

  it('too few values say too little, however right: a ticked cause (8 of 8), the insured’s address read (23 of 23)', () => {
    expect(EVIDENCE['cause-ticked'].cause.of).toBeLessThan(MIN_VALUES);
    expect(fills('cause-ticked', 'cause')).toBe(false);
    expect(fills('address-read-insured', 'postalCode')).toBe(false);
  });

  it('the insured’s address from the policy and the description are never filled; a field a kind does not give neither', () => {
    for (const field of ['street', 'postalCode', 'city'] as const)
      expect(fills('address-from-policy', field)).toBe(false);
    expect(fills('description-sentences', 'description')).toBe(false);
    expect(fills('policy-confirmed', 'amount')).toBe(false);
  });

  it('a salutation stands with the weaker of the claimant’s names', () => {
    expect(measuredRight('claimant-policyholder', 'claimantSalutation')).toBeCloseTo(22 / 69);
    expect(fills('claimant-policyholder', 'claimantSalutation')).toBe(false);
    expect(fills('claimant-policyholder-signs', 'claimantSalutation')).toBe(true);
  });

  it('the confidence shown is the measured share for that field, not a made-up percentage', () => {
    expect(measuredRight('address-read', 'street')).toBeCloseTo(51 / 57);
    expect(measuredRight('address-read', 'postalCode')).toBe(1);
    expect(measuredRight('policy-confirmed', 'amount')).toBe(0.5);
  });
});
