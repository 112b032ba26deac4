import type { SchemaDescription } from '../../shared/platform/schema-description';
import { SchemaType as T } from '../../shared/platform/schema-description';

/** Schema version reported by every schema description of the sandbox. */
export const SCHEMA_VERSION = 'http://json-schema.org/draft-07/schema#';

const text = (title: string, extra: Partial<SchemaDescription> = {}): SchemaDescription => ({
  type: T.String,
  title,
  ...extra,
});
const date = (title: string, extra: Partial<SchemaDescription> = {}): SchemaDescription => ({
  type: T.String,
  format: 'date',
  title,
  ...extra,
});

const addressSchema: SchemaDescription = {
  type: T.Object,
  title: 'Schadenort',
  allowAdditionalProperties: false,
  required: ['street', 'postalCode', 'city'],
  properties: {
    street: text('Straße und Hausnummer', { minimumLength: 1, maximumLength: 100 }),
    street2: text('Adresszusatz', { type: T.String | T.Null, maximumLength: 100 }),
    postalCode: text('Postleitzahl', { pattern: '^[0-9]{4,5}$' }),
    city: text('Ort', { minimumLength: 1, maximumLength: 80 }),
    country: text('Land', { enum: ['DE', 'AT', 'SE', 'DK', 'NO', 'FI'], default: 'DE' }),
  },
};

/** Input of POST /{country}/{tenant}/v1/case: what the sandbox validates case data against. */
export const CASE_CREATE_INPUT: SchemaDescription = {
  schemaVersion: SCHEMA_VERSION,
  id: 'case-create',
  title: 'Schadenfall anlegen',
  description: 'Case data accepted by the create-case operation.',
  type: T.Object,
  allowAdditionalProperties: false,
  required: ['policyNumber', 'accidentDate', 'caseType', 'claimant', 'damageAddress'],
  properties: {
    externalClaimId: text('Externe Schadennummer', { maximumLength: 50 }),
    policyNumber: text('Versicherungsscheinnummer', { pattern: '^[A-Z]{2}-[0-9]{6}$' }),
    accidentDate: date('Schadentag'),
    reportedDate: date('Meldedatum', { readOnly: true }),
    caseType: text('Schadenart', { enum: ['Property', 'Motor', 'Liability'], default: 'Property' }),
    damageCause: text('Schadenursache', {
      enum: ['Leitungswasser', 'Sturm', 'Hagel', 'Feuer', 'Einbruchdiebstahl', 'Glasbruch', 'Sonstiges'],
    }),
    description: text('Schadenbeschreibung', { maximumLength: 4000 }),
    estimatedAmount: {
      type: T.Number | T.Integer,
      title: 'Geschätzte Schadenhöhe (EUR)',
      minimum: 0,
      maximum: 10_000_000,
    },
    shareOfVatPercent: { type: T.Integer, title: 'Vorsteuerabzug (%)', minimum: 0, maximum: 100, default: 0 },
    claimant: {
      type: T.Object,
      title: 'Anspruchsteller',
      allowAdditionalProperties: false,
      required: ['firstName', 'lastName'],
      properties: {
        salutation: text('Anrede', { enum: ['Frau', 'Herr', 'Divers', 'Firma'] }),
        firstName: text('Vorname', { minimumLength: 1, maximumLength: 60 }),
        lastName: text('Nachname', { minimumLength: 1, maximumLength: 60 }),
        email: text('E-Mail', { format: 'email', maximumLength: 254 }),
        phone: text('Telefon', { pattern: '^\\+?[0-9 /-]{6,20}$' }),
        birthDate: date('Geburtsdatum'),
      },
    },
    damageAddress: addressSchema,
    damagedItems: {
      type: T.Array,
      title: 'Beschädigte Gegenstände',
      minimumItems: 0,
      maximumItems: 50,
      items: [
        {
          type: T.Object,
          allowAdditionalProperties: false,
          required: ['name'],
          properties: {
            name: text('Bezeichnung', { minimumLength: 1, maximumLength: 120 }),
            quantity: { type: T.Integer, title: 'Anzahl', minimum: 1, maximum: 999, default: 1 },
            purchaseDate: date('Kaufdatum'),
            value: { type: T.Number, title: 'Wert (EUR)', minimum: 0 },
          },
        },
      ],
    },
  },
};

export const CASE_CREATE_OUTPUT: SchemaDescription = {
  schemaVersion: SCHEMA_VERSION,
  id: 'case-create-output',
  title: 'Ergebnis Schadenfall anlegen',
  type: T.Object,
  required: ['success', 'errors'],
  properties: {
    success: { type: T.Boolean },
    errors: {
      type: T.Array,
      items: [{ type: T.Object, properties: { message: { type: T.String }, type: { type: T.String } } }],
    },
    warnings: {
      type: T.Array,
      items: [
        {
          type: T.Object,
          properties: { message: { type: T.String }, type: { type: T.String }, path: { type: T.String } },
        },
      ],
    },
    links: {
      type: T.Object | T.Null,
      properties: { self: { type: T.String, format: 'uri' }, selfTemplate: { type: T.String } },
    },
    token: { type: T.String | T.Null, readOnly: true },
    url: { type: T.String | T.Null, format: 'uri', readOnly: true },
  },
};

export const FNOL_INPUT: SchemaDescription = {
  schemaVersion: SCHEMA_VERSION,
  id: 'first-notice-of-loss',
  title: 'Schadenmeldung',
  type: T.Object,
  required: ['policyNumber', 'accidentDate', 'description'],
  properties: {
    policyNumber: text('Versicherungsscheinnummer', { pattern: '^[A-Z]{2}-[0-9]{6}$' }),
    accidentDate: date('Schadentag'),
    description: text('Was ist passiert?', { minimumLength: 10, maximumLength: 4000 }),
    policeReport: { type: T.Boolean, title: 'Polizeilich gemeldet', default: false },
    reporterPhone: text('Rückrufnummer', { type: T.String | T.Null }),
  },
};

export const FNOL_OUTPUT: SchemaDescription = {
  schemaVersion: SCHEMA_VERSION,
  id: 'first-notice-of-loss-output',
  type: T.Object,
  properties: { caseNumber: { type: T.String }, claimId: { type: T.Integer } },
};

export const INPUT_SCHEMAS: Record<string, SchemaDescription> = {
  'case-create': CASE_CREATE_INPUT,
  'first-notice-of-loss': FNOL_INPUT,
};
export const OUTPUT_SCHEMAS: Record<string, SchemaDescription> = {
  'case-create': CASE_CREATE_OUTPUT,
  'first-notice-of-loss': FNOL_OUTPUT,
};
