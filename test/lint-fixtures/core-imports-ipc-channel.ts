// lint-as: electron/core/queue/lint-fixture.ts
// expect: import-x/no-restricted-paths
export { documentInvokes } from '../../../shared/ipc/channels/documents';
