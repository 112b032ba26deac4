// lint-as: electron/preload/lint-fixture.ts
// expect: import-x/no-restricted-paths
export { IntakeError } from '../core/errors';
