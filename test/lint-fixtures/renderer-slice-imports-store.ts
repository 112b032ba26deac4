// lint-as: renderer/features/queue/lint-fixture-slice.ts
// expect: import-x/no-restricted-paths
export { useAppStore } from '../../app/store';
