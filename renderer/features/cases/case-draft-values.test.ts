import { describe, expect, it } from 'vitest';
import type { CaseDraft } from '../../../shared/domain/case-draft';
import { applyCaseDraft, draftValueAt } from './case-draft-values';

const draft: CaseDraft = {
  key: 'case-create',
  values: [
    {
      field: 'lossDate',
      path: 'accidentDate',
      value: '2026-03-12',
      raw: '12.03.2026',
      source: { kind: 'page', page: 0 },
      confidence: 0.95,
      filled: true,
    },
    {
      field: 'caseType',
      path: 'caseType',
      value: 'Motor',
      raw: 'Kfz',
      source: { kind: 'policy', policyNumber: 'KF-1' },
      confidence: 0.9,
      filled: true,
    },
    {
      field: 'amount',
      path: 'estimatedAmount',
      value: 500,
      raw: '500 €',
      source: { kind: 'page', page: 0 },
      confidence: 0.5,
      filled: false,
      reason: 'uncertain',
    },
    {
      field: 'city',
      path: 'damageAddress.city',
      value: 'Hamburg',
      raw: '',
      source: { kind: 'policy', policyNumber: 'KF-1' },
      confidence: 0.9,
      filled: true,
    },
  ],
  problems: [],
};

describe('the draft into the form', () => {
  it('puts filled values in (over schema defaults) and leaves offered ones out', () => {
    const value = applyCaseDraft({ caseType: 'Property', damageAddress: { country: 'DE' } }, draft);
    expect(value).toEqual({
      caseType: 'Motor',
      accidentDate: '2026-03-12',
      damageAddress: { country: 'DE', city: 'Hamburg' },
    });
    expect(draftValueAt(draft, 'estimatedAmount')?.reason).toBe('uncertain');
    expect(draftValueAt(undefined, 'x')).toBeUndefined();
  });
});
