import { describe, expect, it } from 'vitest';
import type { SchemaDescription } from '../platform/schema-description';
import { SchemaType as T } from '../platform/schema-description';
import { buildFormModel } from './build-form-model';
import type { FormNode } from './form-model';
import { FormModelSchema } from './form-model-schema';

const root = (schema: SchemaDescription): FormNode => buildFormModel(schema).root;
const prop = (schema: SchemaDescription, name: string): FormNode => {
  const node = root({ type: T.Object, properties: { [name]: schema } });
  if (node.kind !== 'object' || !node.properties[0]) throw new Error('expected an object with one property');
  return node.properties[0];
};

describe('buildFormModel: scalar types (JSchemaType flags)', () => {
  it('maps String 1 with lengths, pattern and format', () => {
    const node = prop(
      { type: T.String, title: 'Policy', minimumLength: 2, maximumLength: 9, pattern: '^[A-Z]', format: 'date' },
      'policy',
    );
    expect(node).toMatchObject({
      kind: 'string',
      name: 'policy',
      label: 'Policy',
      minLength: 2,
      maxLength: 9,
      patterns: ['^[A-Z]'],
      format: 'date',
      nullable: false,
    });
  });

  it('maps Integer 4 and Number 2, and Number|Integer 6 to a non-integer number', () => {
    expect(prop({ type: T.Integer, minimum: 1, maximum: 9 }, 'n')).toMatchObject({
      kind: 'number',
      integer: true,
      minimum: 1,
      maximum: 9,
      exclusiveMinimum: false,
    });
    expect(prop({ type: T.Number, exclusiveMaximum: true, maximum: 5, multipleOf: 0.5 }, 'n')).toMatchObject({
      kind: 'number',
      integer: false,
      exclusiveMaximum: true,
      multipleOf: 0.5,
    });
    expect(prop({ type: T.Number | T.Integer }, 'n')).toMatchObject({ kind: 'number', integer: false });
  });

  it('maps Boolean 8, and the Null 64 flag to nullable (65 = nullable string)', () => {
    expect(prop({ type: T.Boolean }, 'b')).toMatchObject({ kind: 'boolean', nullable: false });
    expect(prop({ type: 65 }, 's')).toMatchObject({ kind: 'string', nullable: true });
  });

  it('uses the property name as label when the schema has no title, and keeps description', () => {
    expect(prop({ type: T.String, description: 'why' }, 'city')).toMatchObject({ label: 'city', description: 'why' });
  });

  it('keeps default, readOnly and writeOnly', () => {
    expect(prop({ type: T.String, default: 'DE', readOnly: true }, 'c')).toMatchObject({
      default: 'DE',
      readOnly: true,
      writeOnly: false,
    });
    expect(prop({ type: T.String, writeOnly: true }, 'c')).toMatchObject({ writeOnly: true, readOnly: false });
  });

  it('maps an unknown format to a string that only carries it (annotation)', () => {
    expect(prop({ type: T.String, format: 'iban' }, 'c')).toMatchObject({ kind: 'string', format: 'iban' });
  });
});

describe('buildFormModel: enum', () => {
  it('turns enum into choices, null into nullable, non-strings labelled as JSON', () => {
    const node = prop({ type: T.String | T.Integer | T.Null, enum: ['DE', 3, null, true] }, 'x');
    expect(node).toMatchObject({
      kind: 'enum',
      nullable: true,
      options: [
        { value: 'DE', label: 'DE' },
        { value: 3, label: '3' },
        { value: true, label: 'true' },
      ],
    });
  });
});

describe('buildFormModel: objects and arrays', () => {
  it('marks required properties and nests objects', () => {
    const node = root({
      type: T.Object,
      required: ['claimant'],
      allowAdditionalProperties: false,
      minimumProperties: 1,
      maximumProperties: 3,
      properties: {
        claimant: { type: T.Object, required: ['lastName'], properties: { lastName: { type: T.String } } },
        note: { type: T.String },
      },
    });
    expect(node).toMatchObject({
      kind: 'object',
      additionalProperties: false,
      minProperties: 1,
      maxProperties: 3,
      properties: [
        { name: 'claimant', required: true, kind: 'object', properties: [{ name: 'lastName', required: true }] },
        { name: 'note', required: false, kind: 'string' },
      ],
    });
  });

  it('infers object and array when type is absent but properties/items are given', () => {
    expect(root({ properties: { a: { type: T.String } } }).kind).toBe('object');
    expect(root({ items: [{ type: T.String }] }).kind).toBe('array');
  });

  it('maps an array with one item schema, item counts and uniqueItems', () => {
    const node = prop(
      { type: T.Array, minimumItems: 1, maximumItems: 4, uniqueItems: true, items: [{ type: T.Integer }] },
      'list',
    );
    expect(node).toMatchObject({
      kind: 'array',
      minItems: 1,
      maxItems: 4,
      uniqueItems: true,
      item: { kind: 'number', integer: true, required: true },
    });
  });

  it('shows positional (tuple) items as unsupported', () => {
    expect(prop({ type: T.Array, items: [{ type: T.String }, { type: T.Integer }] }, 't')).toMatchObject({
      kind: 'unsupported',
      reason: 'tuple',
    });
    expect(prop({ type: T.Array, itemsPositionValidation: true, items: [{ type: T.String }] }, 't')).toMatchObject({
      kind: 'unsupported',
      reason: 'tuple',
    });
  });

  it('shows an array without an item schema with an unsupported item', () => {
    expect(prop({ type: T.Array }, 'a')).toMatchObject({ kind: 'array', item: { kind: 'unsupported' } });
  });
});

describe('buildFormModel: allOf / anyOf / oneOf', () => {
  it('merges allOf: required and properties add up, bounds take the stricter, patterns accumulate', () => {
    const node = root({
      allOf: [
        {
          type: T.Object,
          required: ['a'],
          properties: { a: { type: T.String, maximumLength: 10, pattern: '^x' } },
        },
        {
          type: T.Object,
          required: ['b'],
          properties: { a: { maximumLength: 5, minimumLength: 1, pattern: 'y$' }, b: { type: T.Integer, minimum: 3 } },
        },
      ],
    });
    expect(node).toMatchObject({
      kind: 'object',
      properties: [
        { name: 'a', required: true, kind: 'string', maxLength: 5, minLength: 1, patterns: ['^x', 'y$'] },
        { name: 'b', required: true, kind: 'number', minimum: 3 },
      ],
    });
  });

  it('merges allOf numeric bounds with exclusive flags', () => {
    const node = root({
      allOf: [
        { type: T.Number, minimum: 0, maximum: 10, exclusiveMaximum: true },
        { type: T.Number | T.Integer, minimum: 0, exclusiveMinimum: true, maximum: 20 },
      ],
    });
    expect(node).toMatchObject({
      kind: 'number',
      minimum: 0,
      exclusiveMinimum: true,
      maximum: 10,
      exclusiveMaximum: true,
    });
  });

  it('intersects allOf enums and type flags', () => {
    expect(root({ allOf: [{ enum: ['a', 'b', 'c'] }, { enum: ['b', 'c', 'd'] }] })).toMatchObject({
      kind: 'enum',
      options: [{ value: 'b' }, { value: 'c' }],
    });
    expect(root({ allOf: [{ type: T.String | T.Null }, { type: T.String }] })).toMatchObject({
      kind: 'string',
      nullable: false,
    });
  });

  it('shows contradictory allOf parts as unsupported', () => {
    expect(root({ allOf: [{ type: T.String }, { type: T.Integer }] })).toMatchObject({
      kind: 'unsupported',
      reason: 'conflicting-all-of',
      construct: 'allOf (type)',
    });
    expect(root({ allOf: [{ type: T.String, format: 'date' }, { format: 'email' }] })).toMatchObject({
      kind: 'unsupported',
      reason: 'conflicting-all-of',
    });
  });

  it('reads anyOf [X, null] as a nullable X', () => {
    expect(
      prop({ title: 'Phone', anyOf: [{ type: T.String, maximumLength: 20 }, { type: T.Null }] }, 'p'),
    ).toMatchObject({ kind: 'string', nullable: true, maxLength: 20, label: 'Phone' });
  });

  it('reads oneOf of const values as one list of choices with their titles', () => {
    expect(
      prop(
        {
          oneOf: [
            { const: 'P', title: 'Property' },
            { const: 'M', title: 'Motor' },
          ],
        },
        'k',
      ),
    ).toMatchObject({
      kind: 'enum',
      options: [
        { value: 'P', label: 'Property' },
        { value: 'M', label: 'Motor' },
      ],
    });
  });

  it('turns other alternatives into a choice node with one option per branch', () => {
    const node = prop(
      {
        title: 'Contact',
        oneOf: [
          { title: 'E-mail', type: T.String, format: 'email' },
          { title: 'Phone', type: T.Object, properties: { number: { type: T.String } } },
        ],
      },
      'contact',
    );
    expect(node).toMatchObject({
      kind: 'choice',
      mode: 'oneOf',
      label: 'Contact',
      options: [
        { kind: 'string', format: 'email', label: 'E-mail' },
        { kind: 'object', label: 'Phone' },
      ],
    });
    expect(prop({ anyOf: [{ type: T.String }, { type: T.Integer }] }, 'x')).toMatchObject({
      kind: 'choice',
      mode: 'anyOf',
      options: [{ label: '1' }, { label: '2' }],
    });
  });
});

describe('buildFormModel: unknown constructs are shown read-only, never dropped', () => {
  const cases: [string, SchemaDescription, string][] = [
    ['if/then/else', { type: T.Object, if: { required: ['a'] }, then: { required: ['b'] } }, 'conditional'],
    ['not', { type: T.String, not: { enum: ['x'] } }, 'negation'],
    ['patternProperties', { type: T.Object, patternProperties: { '^x-': { type: T.String } } }, 'pattern-properties'],
    ['dependencies', { type: T.Object, dependencies: { a: ['b'] } }, 'dependencies'],
    ['propertyNames', { type: T.Object, propertyNames: { pattern: '^[a-z]+$' } }, 'property-names'],
    [
      'additionalProperties schema',
      { type: T.Object, additionalProperties: { type: T.String } },
      'additional-properties-schema',
    ],
    ['contains', { type: T.Array, items: [{ type: T.String }], contains: { const: 'x' } }, 'contains'],
    ['const-only', { const: 'fixed' }, 'const'],
    ['valid: false', { valid: false }, 'never-valid'],
    ['unresolved reference', { reference: '#/definitions/x' }, 'reference'],
    ['validators', { type: T.String, validators: [{ name: 'iban' }] }, 'custom-validators'],
    [
      'contentEncoding',
      { type: T.String, contentEncoding: 'base64', contentMediaType: 'image/png' },
      'content-encoding',
    ],
    ['no type', { description: 'anything' }, 'no-type'],
    ['mixed types', { type: T.String | T.Boolean }, 'mixed-types'],
  ];
  for (const [name, schema, reason] of cases) {
    it(`${name} → unsupported (${reason}) with the raw schema`, () => {
      const node = prop(schema, 'field');
      expect(node).toMatchObject({ kind: 'unsupported', reason, name: 'field' });
      if (node.kind === 'unsupported') expect(node.raw).toEqual(schema);
    });
  }

  it('keeps const (or default) as the value sent for an unsupported field', () => {
    expect(prop({ const: 'fixed' }, 'f')).toMatchObject({ fixedValue: 'fixed' });
    expect(prop({ type: T.Object, if: {}, then: {}, default: { a: 1 } }, 'f')).toMatchObject({
      fixedValue: { a: 1 },
    });
  });

  it('keeps the unsupported field in its parent, next to the supported ones', () => {
    const node = root({
      type: T.Object,
      required: ['x'],
      properties: { a: { type: T.String }, x: { type: T.Object, not: { required: ['y'] } } },
    });
    expect(node).toMatchObject({
      kind: 'object',
      properties: [{ kind: 'string' }, { kind: 'unsupported', required: true, construct: 'not' }],
    });
  });
});

describe('buildFormModel: model metadata and IPC shape', () => {
  it('carries schemaVersion, title and description, and survives the IPC schema', () => {
    const model = buildFormModel({
      schemaVersion: 'v7',
      title: 'Case',
      description: 'd',
      type: T.Object,
      properties: {
        a: { type: T.String },
        b: { if: { type: T.String } },
        c: { oneOf: [{ type: T.String }, { type: T.Integer }] },
        d: { type: T.Array, items: [{ enum: [1, 2] }] },
      },
    });
    expect(model).toMatchObject({ schemaVersion: 'v7', title: 'Case', description: 'd' });
    expect(FormModelSchema.parse(model)).toEqual(model);
  });
});
