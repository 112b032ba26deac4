import { describe, expect, it } from 'vitest';
import { caseFormModel as model } from '../test-support/case-form-model';
import { formMessages } from './field-messages';

describe('formMessages', () => {
  it('puts our errors and the platform errors/warnings beside fields; the rest goes to the top', () => {
    const placed = formMessages(model, [{ path: 'policyNumber', code: 'pattern', params: { pattern: 'x' } }], {
      errors: [
        { message: 'claimant.lastName: too short', type: 'minLength' },
        { message: 'the tenant is closed', type: 'tenant_closed' },
      ],
      warnings: [{ message: 'no policy HR-1', type: 'policy_not_found', path: 'policyNumber' }],
    });
    expect(placed.byPath['policyNumber']).toEqual([
      expect.objectContaining({ source: 'form', code: 'pattern' }),
      expect.objectContaining({ source: 'platform', level: 'warning', text: 'no policy HR-1' }),
    ]);
    expect(placed.byPath['claimant.lastName']).toEqual([expect.objectContaining({ level: 'error' })]);
    expect(placed.general).toEqual([expect.objectContaining({ text: 'the tenant is closed', level: 'error' })]);
  });
});
