import { afterEach } from 'vitest';
import type { RunningSandbox } from '../../../../sandbox';
import type { QueueFixture } from './queue-fixture';

/**
 * A queue against a running sandbox, one of each per test: the queue is closed first (it may still be
 * sending), then the sandbox, after each test, passed or failed. Folders come from tempDir().
 */
export function sandboxQueueSuite(): { sandbox?: RunningSandbox; fx?: QueueFixture } {
  const t: { sandbox?: RunningSandbox; fx?: QueueFixture } = {};
  afterEach(async () => {
    await t.fx?.close();
    await t.sandbox?.close();
    t.fx = undefined;
    t.sandbox = undefined;
  });
  return t;
}
