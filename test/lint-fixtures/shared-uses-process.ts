// lint-as: shared/lint-fixture.ts
// expect: no-restricted-globals
export const home = process.env['HOME'];
