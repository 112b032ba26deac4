import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventBus } from '../../events/event-bus';
import { systemClock } from '../../util/clock';
import { silentLogger } from '../../util/logger';
import { Archiver } from '../archiver';
import type { ArchiveSettings } from '../archiver';
import type { DocumentQueueDeps } from '../document-queue';
import { DocumentQueue } from '../document-queue';
import { DocumentStore } from '../document-store';
import type { InboxUploader } from '../inbox-uploader';
import { openQueueDatabase } from '../queue-database';
import { Spool } from '../spool';

export interface QueueFixture {
  dir: string;
  dataDir: string;
  queue: DocumentQueue;
  store: DocumentStore;
  spool: Spool;
  bus: EventBus;
  /** Stops the queue and removes its folder; `keepFiles` for a test that opens the same folder again. */
  close(o?: { keepFiles?: boolean }): Promise<void>;
}

/** A queue on real SQLite and real files in a temp folder; only the uploader is chosen by the test. */
export async function makeQueue(
  uploader: InboxUploader,
  options: {
    dir?: string;
    archive?: ArchiveSettings;
    extra?: Partial<DocumentQueueDeps>;
    /** Replaces the store's flush to disk (to hold it and see what waits for it). */
    flush?: () => Promise<void>;
  } = {},
): Promise<QueueFixture> {
  const dir = options.dir ?? (await mkdtemp(join(tmpdir(), 'intake-queue-')));
  const dataDir = join(dir, 'data');
  const { mkdir } = await import('node:fs/promises');
  await mkdir(dataDir, { recursive: true });
  const db = openQueueDatabase(join(dataDir, 'queue.sqlite'));
  const store = new DocumentStore(db, options.flush ? { flush: options.flush } : {});
  const spool = new Spool(join(dataDir, 'spool'));
  const bus = new EventBus();
  const archiver = new Archiver(
    options.archive ?? { mode: 'move', retentionDays: 30 },
    join(dataDir, 'archive'),
    (n) => spool.pathOf(n),
    silentLogger,
  );
  const queue = new DocumentQueue({
    store,
    spool,
    archiver,
    uploader,
    bus,
    clock: systemClock,
    logger: silentLogger,
    backoff: { baseMs: 5, capMs: 20 },
    probeBackoff: { baseMs: 10, capMs: 40 },
    ...options.extra,
  });
  return {
    dir,
    dataDir,
    queue,
    store,
    spool,
    bus,
    // Removes the fixture's folder too (also one a test passed in), unless the test opens it again.
    close: async (o = {}) => {
      try {
        await queue.stop();
        db.close();
      } finally {
        if (!o.keepFiles) await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

export async function waitFor<T>(fn: () => T | undefined | false, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
