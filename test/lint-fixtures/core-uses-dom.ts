// lint-as: electron/core/lint-fixture.ts
// expect: no-restricted-globals
export const title = document.title;
