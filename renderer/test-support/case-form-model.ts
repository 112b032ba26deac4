import { buildFormModel } from '../../shared/forms/build-form-model';
import { SchemaType as T } from '../../shared/platform/schema-description';

/** A small case form: a policy number with a pattern, a free field, a claimant whose last name is required. */
export const caseFormModel = buildFormModel({
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
