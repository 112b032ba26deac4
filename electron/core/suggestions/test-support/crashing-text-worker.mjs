// The real text worker, except that it crashes (the worker thread exits, as when a decoder takes it down)
// on a file holding CRASH_MARK: the agent's searchable-output tests (INTAKE_TEST_TEXT_WORKER) need a file
// that really crashes the reader, and no real file is known to. Registered before the real worker's own
// listener, so it sees each request first.
import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';

export const CRASH_MARK = 'CRASH-THE-TEXT-READER';

parentPort?.on('message', (req) => {
  const path = typeof req?.path === 'string' ? req.path : undefined;
  if (path && readFileSync(path).includes(CRASH_MARK)) process.exit(7);
});

await import('../../text-worker/text-worker-entry.mjs');
