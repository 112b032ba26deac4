// lint-as: shared/ipc/lint-fixture.ts
// expect: import-x/no-restricted-paths
export { IntakeError } from '../../electron/core/errors';
