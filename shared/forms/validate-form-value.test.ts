import { describe, expect, it } from 'vitest';
import type { SchemaDescription } from '../platform/schema-description';
import { SchemaType as T } from '../platform/schema-description';
import { buildFormModel } from './build-form-model';
import { initialFormValue, toSubmitValue } from './form-value';
import { formatHolds, validateFormValue } from './validate-form-value';

const check = (schema: SchemaDescription, value: unknown) =>
  validateFormValue(buildFormModel(schema), value).map((e) => `${e.path}:${e.code}`);
const field = (schema: SchemaDescription, value: unknown, required = false) =>
  check(
    { type: T.Object, required: required ? ['f'] : [], properties: { f: schema } },
    value === undefined ? {} : { f: value },
  );

describe('validateFormValue: presence', () => {
  it('reports a missing required field, accepts a missing optional one', () => {
    expect(field({ type: T.String }, undefined, true)).toEqual(['f:required']);
    expect(field({ type: T.String }, undefined, false)).toEqual([]);
  });
  it('accepts null only where the type flags allow it', () => {
    expect(field({ type: T.String | T.Null }, null, true)).toEqual([]);
    expect(field({ type: T.String }, null, true)).toEqual(['f:required']);
    expect(field({ type: T.String }, null, false)).toEqual(['f:invalid_type']);
  });
  it('skips read-only fields (the platform sets them)', () => {
    expect(field({ type: T.String, readOnly: true }, undefined, true)).toEqual([]);
  });
});

describe('validateFormValue: strings', () => {
  it('checks lengths in code points', () => {
    expect(field({ type: T.String, minimumLength: 2 }, 'a')).toEqual(['f:too_short']);
    expect(field({ type: T.String, maximumLength: 2 }, 'abc')).toEqual(['f:too_long']);
    expect(field({ type: T.String, maximumLength: 2 }, '😀😀')).toEqual([]);
  });
  it('checks every pattern (allOf adds patterns)', () => {
    expect(field({ type: T.String, pattern: '^[A-Z]{2}-[0-9]{6}$' }, 'HR-100200')).toEqual([]);
    expect(field({ type: T.String, pattern: '^[A-Z]{2}-[0-9]{6}$' }, 'hr-1')).toEqual(['f:pattern']);
    expect(field({ allOf: [{ type: T.String, pattern: '^a' }, { pattern: 'z$' }] }, 'abc')).toEqual(['f:pattern']);
  });
  it('skips a pattern that does not compile instead of blocking the clerk', () => {
    expect(field({ type: T.String, pattern: '(?<=' }, 'x')).toEqual([]);
  });
  it('checks the type', () => {
    expect(field({ type: T.String }, 5)).toEqual(['f:invalid_type']);
  });
});

describe('validateFormValue: formats', () => {
  it.each([
    ['date', '2026-02-28', true],
    ['date', '2026-02-30', false],
    ['date', '28.02.2026', false],
    ['date-time', '2026-02-28T10:00:00Z', true],
    ['date-time', '2026-02-28T10:00:00.5+01:00', true],
    ['date-time', '2026-02-28T25:00:00Z', false],
    ['date-time', '2026-02-28', false],
    ['time', '23:59:59', true],
    ['time', '24:00:00', false],
    ['email', 'a@b.de', true],
    ['email', 'a@b', false],
    ['uri', 'https://x.invalid/a', true],
    ['uri', 'not a uri', false],
    ['uuid', '123e4567-e89b-12d3-a456-426614174000', true],
    ['uuid', '123', false],
    ['iban', 'anything', true],
  ])('%s %s → %s', (format, value, ok) => {
    expect(formatHolds(format, value)).toBe(ok);
    expect(field({ type: T.String, format }, value)).toEqual(ok ? [] : ['f:format']);
  });
});

describe('validateFormValue: numbers', () => {
  it('checks integer, inclusive and exclusive bounds, multipleOf', () => {
    expect(field({ type: T.Integer }, 1.5)).toEqual(['f:not_integer']);
    expect(field({ type: T.Number, minimum: 0 }, 0)).toEqual([]);
    expect(field({ type: T.Number, minimum: 0, exclusiveMinimum: true }, 0)).toEqual(['f:too_small']);
    expect(field({ type: T.Number, maximum: 100 }, 100)).toEqual([]);
    expect(field({ type: T.Number, maximum: 100, exclusiveMaximum: true }, 100)).toEqual(['f:too_large']);
    expect(field({ type: T.Number, multipleOf: 0.1 }, 0.3)).toEqual([]);
    expect(field({ type: T.Number, multipleOf: 0.5 }, 0.3)).toEqual(['f:not_multiple']);
  });
  it('rejects text left in a number field and non-finite values', () => {
    expect(field({ type: T.Number }, '12a')).toEqual(['f:invalid_type']);
    expect(field({ type: T.Number }, Number.NaN)).toEqual(['f:invalid_type']);
  });
});

describe('validateFormValue: booleans and enums', () => {
  it('checks booleans', () => {
    expect(field({ type: T.Boolean }, true)).toEqual([]);
    expect(field({ type: T.Boolean }, 'true')).toEqual(['f:invalid_type']);
  });
  it('accepts only listed values, compared structurally', () => {
    expect(field({ enum: ['DE', 'AT'] }, 'AT')).toEqual([]);
    expect(field({ enum: ['DE', 'AT'] }, 'CH')).toEqual(['f:not_in_list']);
    expect(field({ enum: [{ a: 1 }] }, { a: 1 })).toEqual([]);
  });
});

describe('validateFormValue: objects and arrays', () => {
  const schema: SchemaDescription = {
    type: T.Object,
    allowAdditionalProperties: false,
    required: ['items'],
    properties: {
      items: {
        type: T.Array,
        minimumItems: 1,
        maximumItems: 2,
        uniqueItems: true,
        items: [{ type: T.Object, required: ['name'], properties: { name: { type: T.String, minimumLength: 1 } } }],
      },
      tags: { type: T.Object, minimumProperties: 1, maximumProperties: 1 },
    },
  };
  it('reports item errors with indexed paths', () => {
    expect(check(schema, { items: [{ name: 'a' }, {}] })).toEqual(['items[1].name:required']);
  });
  it('checks item counts and uniqueness', () => {
    expect(check(schema, { items: [] })).toEqual(['items:too_few_items']);
    expect(check(schema, { items: [{ name: 'a' }, { name: 'b' }, { name: 'c' }] })).toEqual(['items:too_many_items']);
    expect(check(schema, { items: [{ name: 'a' }, { name: 'a' }] })).toEqual(['items:duplicate_items']);
  });
  it('rejects unknown properties when additional properties are not allowed', () => {
    expect(check(schema, { items: [{ name: 'a' }], extra: 1 })).toEqual(['extra:unknown_property']);
  });
  it('checks property counts', () => {
    expect(check(schema, { items: [{ name: 'a' }], tags: {} })).toEqual(['tags:too_few_properties']);
    expect(check(schema, { items: [{ name: 'a' }], tags: { a: 1, b: 2 } })).toEqual(['tags:too_many_properties']);
  });
  it('checks the container type', () => {
    expect(check(schema, { items: 'x' })).toEqual(['items:invalid_type']);
    expect(check(schema, [])).toEqual([':invalid_type']);
  });
});

describe('validateFormValue: alternatives and unsupported', () => {
  const contact: SchemaDescription = {
    oneOf: [
      { type: T.String, format: 'email' },
      { type: T.String, pattern: '^\\+?[0-9 ]+$' },
    ],
  };
  it('oneOf: exactly one branch must hold', () => {
    expect(field(contact, 'a@b.de')).toEqual([]);
    expect(field(contact, '+49 40 1')).toEqual([]);
    expect(field(contact, 'x')).toHaveLength(1);
    expect(field({ oneOf: [{ type: T.String }, { type: T.String, maximumLength: 5 }] }, 'abc')).toEqual([
      'f:ambiguous_option',
    ]);
  });
  it('anyOf: one branch is enough; otherwise the closest branch explains', () => {
    const anyOf: SchemaDescription = { anyOf: [{ type: T.String, minimumLength: 3 }, { type: T.Integer }] };
    expect(field(anyOf, 'abcd')).toEqual([]);
    expect(field(anyOf, 7)).toEqual([]);
    expect(field(anyOf, 'ab')).toEqual(['f:too_short']);
  });
  it('unsupported: only presence is checked', () => {
    expect(field({ not: { type: T.String } }, undefined, true)).toEqual(['f:required']);
    expect(field({ not: { type: T.String } }, 'anything', true)).toEqual([]);
  });
});

describe('initial and submitted values', () => {
  const schema: SchemaDescription = {
    type: T.Object,
    required: ['a'],
    properties: {
      a: { type: T.String, default: 'x' },
      ro: { type: T.String, readOnly: true, default: 'server' },
      fixed: { const: 'K' },
      opt: { type: T.Object, required: ['street'], properties: { street: { type: T.String } } },
      list: { type: T.Array, minimumItems: 1, items: [{ type: T.Integer, default: 1 }] },
    },
  };
  const model = buildFormModel(schema);
  it('starts from defaults, with nested objects present and minItems items', () => {
    expect(initialFormValue(model)).toEqual({ a: 'x', fixed: 'K', opt: {}, list: [1] });
  });
  it('drops read-only fields and empty optional objects before sending, keeps fixed values', () => {
    const sent = toSubmitValue(model, { a: 'y', ro: 'tampered', opt: {}, list: [2] });
    expect(sent).toEqual({ a: 'y', fixed: 'K', list: [2] });
    expect(validateFormValue(model, sent)).toEqual([]);
  });
  it('keeps a half-filled optional object so its required fields are reported', () => {
    const sent = toSubmitValue(model, { a: 'y', opt: { street: undefined, x: 1 }, list: [2] });
    expect(validateFormValue(model, sent).map((e) => e.code)).toEqual(['required']);
  });
  it('sends an emptied array item as null, which the item type then rejects', () => {
    const sent = toSubmitValue(model, { a: 'y', list: [undefined] });
    expect(sent).toMatchObject({ list: [null] });
    expect(validateFormValue(model, sent).map((e) => `${e.path}:${e.code}`)).toEqual(['list[0]:required']);
  });
});
