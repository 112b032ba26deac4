// lint-as: renderer/features/pages/lint-fixture.ts
// expect: import-x/no-restricted-paths
export { inboxOrder } from '../inbox/document-order';
