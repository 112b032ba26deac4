import type { EventBus } from '../core/events/event-bus';
import type { BufferPool } from '../core/util/buffer-pool';
import type { Logger } from '../core/util/logger';

/** V8's gc() with options (Node ≥ 22; the agent's V8 flags include --expose-gc, AGENT_V8_FLAGS). */
type Gc = (options?: {
  type?: 'major' | 'minor';
  execution?: 'sync' | 'async';
  flavor?: 'regular' | 'last-resort';
}) => void;

/** Quiet time after the last queue event before the agent gives memory back. */
export const IDLE_RELEASE_MS = 30_000;

/**
 * Gives memory back once a burst is over. What a drained agent held was not its data (its JS heap is the
 * size of a fresh start's) but room: the upload read buffers kept for the next file; SQLite's page cache
 * of the queue database (better-sqlite3 builds SQLite with a 16 MB cache per connection, filled by a
 * burst's rows and history); and V8's heap pages, grown for the burst and kept (V8 shrinks them only in a
 * memory-reducing GC, which a Node process that is merely idle never gets). So, after IDLE_RELEASE_MS
 * without a queue event, once per burst: the read buffers go, SQLite frees its cache (PRAGMA
 * shrink_memory; it refills on demand), and one last-resort GC (the one V8 runs on a low-memory
 * notification) compacts the heap and returns its free pages. Measured in docs/benchmarks.md
 * (bench/agent-drain-memory.ts).
 */
export function releaseMemoryWhenIdle(o: {
  bus: Pick<EventBus, 'on'>;
  buffers: BufferPool;
  /** The queue database's connection (its page cache is freed); skipped once it is closed. */
  database?: { readonly open: boolean; pragma(source: string): unknown };
  logger: Logger;
  idleMs?: number;
  gc?: Gc | undefined;
}): () => void {
  const idleMs = o.idleMs ?? IDLE_RELEASE_MS;
  const gc = o.gc ?? (globalThis as { gc?: Gc }).gc;
  let timer: NodeJS.Timeout | undefined;
  const release = () => {
    timer = undefined;
    const before = process.memoryUsage.rss();
    o.buffers.release();
    if (o.database?.open) o.database.pragma('shrink_memory');
    gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
    const mb = (bytes: number) => Math.round(bytes / 2 ** 20);
    o.logger.debug('memory released after the queue went quiet', {
      rssBeforeMb: mb(before),
      rssAfterMb: mb(process.memoryUsage.rss()),
      gc: gc !== undefined,
    });
  };
  const quietFromNow = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(release, idleMs);
    timer.unref();
  };
  const unsubscribe = [o.bus.on('queue.changed', quietFromNow), o.bus.on('documents.changed', quietFromNow)];
  return () => {
    for (const u of unsubscribe) u();
    if (timer) clearTimeout(timer);
  };
}
