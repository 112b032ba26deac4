import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { onTestFinished } from 'vitest';
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
import type { IncomingFile } from '../../intake/incoming-file';
import { openQueueDatabase } from '../queue-database';
import { Spool } from '../spool';
import { idleDelay, pastIdleTime } from '../../util/test-support/box-pace';
import { SqliteDocumentStorage } from '../sqlite-document-storage';

export interface QueueFixture {
  dir: string;
  dataDir: string;
  queue: DocumentQueue;
  store: DocumentStore;
  spool: Spool;
  bus: EventBus;
  /** Stops the queue and removes its folder; `keepFiles` for a test that opens the same folder again. */
  /** Stops the queue (within `stopWithinMs` of an idle box, default 15 s) and removes the folder. */
  close(o?: { keepFiles?: boolean; stopWithinMs?: number }): Promise<void>;
}

/** A platform that takes every upload at once. */
export const acceptingUploader: InboxUploader = {
  uploadToInbox: async (r) => {
    r.onProgress(r.size, r.size);
    return { success: true, errors: [], payload: {} };
  },
};

/** What an unprivileged user gets for a chmod 000 file (the tests run as root; see stability-tracker-unreadable). */
export const eaccesError = (path: string) =>
  Object.assign(new Error(`EACCES: permission denied, open '${path}'`), { code: 'EACCES', syscall: 'open', path });

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
  // The storage ports over the queue's file: the clerk's commands and the history go through them.
  const storage = new SqliteDocumentStorage(store);
  const queue = new DocumentQueue({
    storage,
    history: storage,
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
        // A queue that does not stop (an upload ignoring its abort signal) fails the test by name, and its
        // folder still goes: a hung close left intake-queue-* folders behind (issue #45 item 3).
        const within = o.stopWithinMs ?? 15_000;
        const stopped = await Promise.race([queue.stop().then(() => true), idleDelay(within).then(() => false)]);
        if (!stopped) throw new Error(`the queue did not stop within ${within} ms: an upload ignores its abort`);
        db.close();
      } finally {
        if (!o.keepFiles) await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/** `locked.pdf` written into `folder`, as the watcher hands a scan over: auto-submitted, case 4711. */
export async function lockedScan(folder: string): Promise<IncomingFile> {
  const sourcePath = join(folder, 'locked.pdf');
  await writeFile(sourcePath, '%PDF-1.7 locked');
  const s = await stat(sourcePath);
  return {
    sourcePath,
    folder,
    fileName: 'locked.pdf',
    size: s.size,
    mtimeMs: Math.trunc(s.mtimeMs),
    seenKey: `k-${s.size}`,
    metadata: { caseNumber: '4711' },
    autoSubmit: true,
  };
}

/** A started queue for this test, closed (its folder removed) when the test ends, passed or failed. */
export async function startedQueue(uploader: InboxUploader): Promise<QueueFixture> {
  const fx = await makeQueue(uploader);
  onTestFinished(() => fx.close());
  await fx.queue.start();
  return fx;
}

/** Until `fn` answers something (it may answer later: a read of the storage port). */
export async function waitFor<T>(
  fn: () => T | undefined | false | Promise<T | undefined | false>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  // `timeoutMs` of an idle box: on a busy one the wait stretches with its load (issue #45 item 3).
  const started = performance.now();
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (pastIdleTime(started, timeoutMs))
      throw new Error(`timed out waiting for ${what} (${Math.round(performance.now() - started)} ms)`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
