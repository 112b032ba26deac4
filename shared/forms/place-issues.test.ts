import { describe, expect, it } from 'vitest';
import { SchemaType as T } from '../platform/schema-description';
import { buildFormModel } from './build-form-model';
import { parsePath, setAtPath } from './form-paths';
import { placeIssues } from './place-issues';

const model = buildFormModel({
  type: T.Object,
  properties: {
    policyNumber: { type: T.String },
    email: { type: T.String },
    claimant: { type: T.Object, properties: { email: { type: T.String }, firstName: { type: T.String } } },
    damagedItems: { type: T.Array, items: [{ type: T.Object, properties: { name: { type: T.String } } }] },
  },
});

describe('placeIssues', () => {
  it('uses an explicit path when the form has that field', () => {
    const placed = placeIssues(model, [{ message: 'no policy HR-1', type: 'policy_not_found', path: 'policyNumber' }]);
    expect(Object.keys(placed.byPath)).toEqual(['policyNumber']);
    expect(placed.general).toEqual([]);
  });

  it('reads a path prefix of the message, including array indexes', () => {
    const placed = placeIssues(model, [
      { message: 'claimant.firstName: is required', type: 'required' },
      { message: 'damagedItems[1].name: at least 1 characters', type: 'out_of_range' },
    ]);
    expect(Object.keys(placed.byPath).sort()).toEqual(['claimant.firstName', 'damagedItems[1].name']);
  });

  it('reads a path from type or a JSON-pointer-like form', () => {
    expect(Object.keys(placeIssues(model, [{ message: 'bad', type: 'claimant.email' }]).byPath)).toEqual([
      'claimant.email',
    ]);
    expect(Object.keys(placeIssues(model, [{ message: 'bad', path: '/claimant/email' }]).byPath)).toEqual([
      'claimant.email',
    ]);
  });

  it('finds the longest field path named in the message text', () => {
    const placed = placeIssues(model, [{ message: 'The value of claimant.email is not deliverable', type: 'x' }]);
    expect(Object.keys(placed.byPath)).toEqual(['claimant.email']);
  });

  it('puts issues that name no field of the form at the top', () => {
    const placed = placeIssues(model, [
      { message: '(root): expected object', type: 'invalid_type' },
      { message: 'unknownField: unknown property', type: 'unknown_property' },
      { message: 'the request body is not valid JSON', type: 'invalid_json' },
    ]);
    expect(placed.byPath).toEqual({});
    expect(placed.general).toHaveLength(3);
  });
});

describe('form paths', () => {
  it('parses and writes indexed paths immutably', () => {
    expect(parsePath('a.b[2].c')).toEqual(['a', 'b', 2, 'c']);
    const before = { a: { b: [] } };
    const after = setAtPath(before, parsePath('a.b[1].c'), 'x');
    expect(after).toEqual({ a: { b: [undefined, { c: 'x' }] } });
    expect(before).toEqual({ a: { b: [] } });
    expect(setAtPath({ a: 1, b: 2 }, ['a'], undefined)).toEqual({ b: 2 });
  });
});
