// lint-as: electron/web/lint-fixture.ts
// expect: no-restricted-imports
export { app } from 'electron';
