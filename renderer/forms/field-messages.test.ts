import { describe, expect, it } from 'vitest';
import { buildFormModel } from '../../shared/forms/build-form-model';
import { SchemaType as T } from '../../shared/platform/schema-description';
import { formMessages } from './field-messages';

const model = buildFormModel({
  type: T.Object,
  required: ['policyNumber', 'claimant'],
  properties: {
    policyNumber: { type: T.String, pattern: '^[A-Z]{2}-[0-9]{6}$' },
    externalClaimId: { type: T.String },
    claimant: {
      type: T.Object,
      required: ['lastName'],
      properties: { firstName: { type: T.String }, lastName: { type: T.String, minimumLength: 1 } },
    },
  },
});

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
