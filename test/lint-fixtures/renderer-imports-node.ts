// lint-as: renderer/lint-fixture.ts
// expect: no-restricted-imports
export { join } from 'node:path';
