// lint-as: renderer/lint-fixture.ts
// expect: no-restricted-imports
export { ipcRenderer } from 'electron';
