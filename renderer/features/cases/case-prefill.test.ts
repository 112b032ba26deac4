import { describe, expect, it } from 'vitest';
import { buildFormModel } from '../../../shared/forms/build-form-model';
import { initialFormValue } from '../../../shared/forms/form-value';
import { SchemaType as T } from '../../../shared/platform/schema-description';
import { parseAddress, prefillCaseForm } from './case-prefill';

const model = buildFormModel({
  type: T.Object,
  properties: {
    policyNumber: { type: T.String },
    externalClaimId: { type: T.String },
    claimant: { type: T.Object, properties: { firstName: { type: T.String }, lastName: { type: T.String } } },
  },
});

describe('prefillCaseForm', () => {
  it('fills policy, registration number and the customer name split into first and last', () => {
    const value = prefillCaseForm(model, initialFormValue(model), {
      metadata: { policyNumber: 'HR-100200', registrationNumber: 'REG-7' },
      customer: { fullName: 'Erika Maria Mustermann' },
    });
    expect(value).toEqual({
      policyNumber: 'HR-100200',
      externalClaimId: 'REG-7',
      claimant: { firstName: 'Erika Maria', lastName: 'Mustermann' },
    });
  });
  it('prefers the chosen policy and never overwrites what the clerk typed', () => {
    const value = prefillCaseForm(
      model,
      { policyNumber: '', claimant: { lastName: 'Typed' } },
      {
        metadata: { policyNumber: 'OLD-1' },
        policy: { number: 'HR-2' },
        customer: { fullName: 'Müller' },
      },
    );
    expect(value).toEqual({ policyNumber: 'HR-2', claimant: { lastName: 'Typed' } });
  });
  it('leaves a form without such fields alone', () => {
    const other = buildFormModel({ type: T.Object, properties: { policyNumber: { type: T.Integer } } });
    expect(prefillCaseForm(other, {}, { policy: { number: 'HR-2' } })).toEqual({});
  });
  it("fills the policyholder's address into an empty damage address", () => {
    const withAddress = buildFormModel({
      type: T.Object,
      properties: {
        damageAddress: {
          type: T.Object,
          properties: { street: { type: T.String }, postalCode: { type: T.String }, city: { type: T.String } },
        },
      },
    });
    const value = prefillCaseForm(
      withAddress,
      { damageAddress: { city: 'Typed' } },
      { customer: { fullName: 'Jörg Müller', address: 'Lindenstraße 12, 20095 Hamburg' } },
    );
    expect(value).toEqual({ damageAddress: { street: 'Lindenstraße 12', postalCode: '20095', city: 'Typed' } });
  });
  it('reads one-line addresses, and leaves other forms alone', () => {
    expect(parseAddress('Storgatan 5, 114 51 Stockholm')).toEqual({
      street: 'Storgatan 5',
      postalCode: '11451',
      city: 'Stockholm',
    });
    expect(parseAddress('Schillerstraße 3, 60313 Frankfurt am Main')?.city).toBe('Frankfurt am Main');
    expect(parseAddress('somewhere in Hamburg')).toBeUndefined();
    expect(parseAddress(undefined)).toBeUndefined();
  });
});
