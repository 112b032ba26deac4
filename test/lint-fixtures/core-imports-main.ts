// lint-as: electron/core/lint-fixture.ts
// expect: import-x/no-restricted-paths
export { registerIpc } from '../main/ipc';
