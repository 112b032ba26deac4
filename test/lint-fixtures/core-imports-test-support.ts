// lint-as: electron/core/queue/queue-from-fixture.ts
// expect: import-x/no-restricted-paths
// Product code reaching into a test helper folder.
import { makeQueue } from './test-support/queue-fixture';

export const queue = makeQueue;
