import { describe, expect, it } from 'vitest';
import type { Evidence } from './fill-evidence';
import { EVIDENCE, measuredRight, MIN_VALUES } from './fill-evidence';

// Issue #47 item 3: a kind of evidence fills the form only where set A showed it right every time (≥ 99 %),
// over enough values; the table may not say "fills" for a kind its own counts do not carry.
describe('the calibrated fill table', () => {
  it.each(Object.entries(EVIDENCE))('%s fills only as its set-A counts allow', (kind, r) => {
    const carried = r.of >= MIN_VALUES && r.right === r.of;
    if (kind === 'address-read-insured') expect(r.fills).toBe(EVIDENCE['address-read'].fills);
    else expect(r.fills).toBe(carried);
  });

  it('the insured’s address from the policy and the description are never filled', () => {
    expect(EVIDENCE['address-from-policy'].fills).toBe(false);
    expect(EVIDENCE['description-sentences'].fills).toBe(false);
  });

  it('the confidence shown is the measured share, not a made-up percentage', () => {
    expect(measuredRight('claimant-policyholder' as Evidence)).toBeCloseTo(3 / 18);
    expect(measuredRight('loss-date-named-twice')).toBe(0.5);
  });
});
