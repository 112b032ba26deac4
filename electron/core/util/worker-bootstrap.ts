/**
 * The worker thread's side of WorkerPool (worker-pool.ts): one request at a time, checked against its
 * schema, handled, every failure answered as an `error` reply with the request's id, so the pool's task
 * ends and the worker stays for the next one.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { MessagePort } from 'node:worker_threads';
import { parentPort } from 'node:worker_threads';
import { WORKER_READY } from './worker-pool';

interface RequestSchema<Req> {
  safeParse(raw: unknown): { success: true; data: Req } | { success: false; error: { message: string } };
}

export interface ServeOptions<Req extends { id: number }> {
  /** Names the worker in the error when it is not started as a worker thread. */
  name: string;
  schema: RequestSchema<Req>;
  /** Answers one request: every reply through `reply`, the last one before the promise settles. */
  handle: (req: Req) => Promise<void>;
  /** Before a request is handled (e.g. a timer that would let go of an open file). */
  before?: () => void;
  /** After a request is answered, whatever the outcome. */
  after?: () => void;
}

/** This thread's port to the pool. */
export function poolPort(name: string): MessagePort {
  if (!parentPort) throw new Error(`${name} runs in a worker thread`);
  return parentPort;
}

/** Serves the pool's requests on this thread (the pool never sends a second before the first is done). */
export function serveRequests<Req extends { id: number }>(opts: ServeOptions<Req>): void {
  const port = poolPort(opts.name);
  port.on('message', (raw: unknown) => {
    const parsed = opts.schema.safeParse(raw);
    if (!parsed.success) {
      const id = typeof (raw as { id?: unknown })?.id === 'number' ? (raw as { id: number }).id : -1;
      port.postMessage({ id, type: 'error', message: `bad request: ${parsed.error.message}` });
      return;
    }
    const req = parsed.data;
    opts.before?.();
    opts
      .handle(req)
      .catch((e: unknown) =>
        port.postMessage({ id: req.id, type: 'error', message: e instanceof Error ? e.message : String(e) }),
      )
      .finally(() => opts.after?.());
  });
  // Loaded and listening: the pool starts the first task's time budget now, not at the spawn.
  port.postMessage(WORKER_READY);
}

/**
 * A full garbage collection, for a worker whose pages leave big buffers that V8 collects late (tiny JS heaps
 * are never under pressure): a few ms per page keep the worker's memory flat (docs/capture.md).
 */
export function gcEveryPage(): (() => void) | undefined {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as (() => void) | undefined;
}
