// lint-as: shared/lint-fixture.ts
// expect: import-x/no-restricted-paths
export { intake } from '../renderer/ipc/client';
