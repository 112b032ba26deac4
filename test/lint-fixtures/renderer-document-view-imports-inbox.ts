// lint-as: renderer/features/document-view/lint-fixture.ts
// expect: import-x/no-restricted-paths
export { inboxOrder } from '../inbox/document-order';
