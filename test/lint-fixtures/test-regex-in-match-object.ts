// lint-as: electron/core/example.test.ts
// expect: no-restricted-syntax
// A RegExp as a value inside toMatchObject matches any value in Vitest: the check could never fail.
import { expect, it } from 'vitest';

it('says why', () => {
  expect({ ok: false, message: 'anything at all' }).toMatchObject({ ok: false, message: /empty placeholder/ });
});
