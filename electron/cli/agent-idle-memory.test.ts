// The idle agent gives a burst's memory back: the upload read buffers go, and one last-resort GC (V8's own,
// here through --expose-gc set at run time) runs once the queue has been quiet, once per burst.
import { setFlagsFromString } from 'node:v8';
import Database from 'better-sqlite3';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../core/events/domain-events';
import { EventBus } from '../core/events/event-bus';
import { BufferPool } from '../core/util/buffer-pool';
import { JsonLineLogger } from '../core/util/logger';
import { releaseMemoryWhenIdle } from './agent-idle-memory';

setFlagsFromString('--expose-gc');
const realGc = runInNewContext('gc') as (options?: object) => void;

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
const queueChanged: DomainEvent = {
  type: 'queue.changed',
  status: {
    paused: false,
    online: true,
    counts: { new: 0, tagged: 0, queued: 0, uploading: 0, uploaded: 0, archived: 0, failed: 0 },
    progress: { sent: 0, total: 0 },
  },
};

describe('releaseMemoryWhenIdle', () => {
  it('after a quiet time: the kept read buffers go and one last-resort GC gives the heap back', async () => {
    const bus = new EventBus();
    const buffers = new BufferPool(1 << 20, 8);
    const lines: string[] = [];
    const gcCalls: object[] = [];
    const pragmas: string[] = [];
    const sqlite = new Database(':memory:');
    sqlite.exec('CREATE TABLE t (x); INSERT INTO t VALUES (1)');
    const stop = releaseMemoryWhenIdle({
      bus,
      buffers,
      // A real SQLite connection: the pragma must run on it (noted on the way).
      database: {
        get open() {
          return sqlite.open;
        },
        pragma: (source) => {
          pragmas.push(source);
          return sqlite.pragma(source);
        },
      },
      logger: new JsonLineLogger((line) => lines.push(line), 'debug'),
      idleMs: 200,
      gc: (options) => {
        gcCalls.push(options ?? {});
        realGc(options);
      },
    });
    try {
      // A burst: buffers in use and given back, garbage on the heap, queue events.
      const taken = Array.from({ length: 8 }, () => buffers.take());
      for (const b of taken) buffers.give(b);
      let garbage: unknown[] | undefined = Array.from({ length: 200_000 }, (_, i) => ({ i, s: `document ${i}` }));
      for (let i = 0; i < 5; i++) {
        bus.emit(queueChanged);
        await wait(50); // events closer than the quiet time: no release yet
      }
      expect(gcCalls).toHaveLength(0);
      expect(buffers.kept).toBe(8);
      garbage = undefined;
      const heapBefore = process.memoryUsage().heapTotal;
      await wait(400);
      expect(garbage).toBeUndefined();
      expect(buffers.kept).toBe(0);
      expect(pragmas).toEqual(['shrink_memory']);
      expect(gcCalls).toEqual([{ type: 'major', execution: 'sync', flavor: 'last-resort' }]);
      expect(process.memoryUsage().heapTotal).toBeLessThan(heapBefore);
      expect(lines.join('\n')).toMatch(/"message":"memory released after the queue went quiet".*"gc":true/);
      // Quiet on: nothing more. A new burst: released again, once.
      await wait(400);
      expect(gcCalls).toHaveLength(1);
      bus.emit({ type: 'documents.changed', documents: [], removed: [] });
      await wait(400);
      expect(gcCalls).toHaveLength(2);
    } finally {
      stop();
      sqlite.close();
    }
  });

  it('without gc() (no --expose-gc) it still lets the buffers go', async () => {
    const bus = new EventBus();
    const buffers = new BufferPool(1024, 4);
    buffers.give(buffers.take());
    const stop = releaseMemoryWhenIdle({ bus, buffers, logger: new JsonLineLogger(() => undefined), idleMs: 50 });
    bus.emit(queueChanged);
    await wait(200);
    expect(buffers.kept).toBe(0);
    stop();
  });
});
