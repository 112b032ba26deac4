// lint-as: shared/lint-fixture.ts
// expect: no-restricted-imports
export { readFileSync } from 'node:fs';
