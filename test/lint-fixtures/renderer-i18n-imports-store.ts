// lint-as: renderer/i18n/lint-fixture.ts
// expect: import-x/no-restricted-paths
export { useAppStore } from '../app/store';
