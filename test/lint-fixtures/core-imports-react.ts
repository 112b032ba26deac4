// lint-as: electron/core/lint-fixture.ts
// expect: no-restricted-imports
export { useState } from 'react';
