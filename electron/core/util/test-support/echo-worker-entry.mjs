// Worker bootstrap when running from source (vitest): registers tsx in this thread, then loads the
// TypeScript test worker. `workerData.startupMs` makes the start-up that long (a worker loading big
// modules on a loaded box).
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const startupMs = workerData?.startupMs ?? 0;
if (startupMs > 0) await new Promise((r) => setTimeout(r, startupMs));
await import('./echo-worker.ts');
