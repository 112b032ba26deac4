// lint-as: electron/core/lint-fixture.ts
// expect: no-restricted-imports
export { app } from 'electron';
