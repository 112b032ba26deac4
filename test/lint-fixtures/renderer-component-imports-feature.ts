// lint-as: renderer/components/lint-fixture.ts
// expect: import-x/no-restricted-paths
export { useAppStore } from '../app/store';
