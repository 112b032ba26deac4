// lint-as: electron/core/capture/batches/lint-fixture.ts
// expect: import-x/no-restricted-paths
export type { EventPayload } from '../../../../shared/ipc/contract';
