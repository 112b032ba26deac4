/** 10,000 queued documents: start-up recovery and list query times. npx tsx bench/queue-scale.ts [--quick] */
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { Archiver } from '../electron/core/queue/archiver';
import { DocumentQueue } from '../electron/core/queue/document-queue';
import { DocumentStore } from '../electron/core/queue/document-store';
import { openQueueDatabase } from '../electron/core/queue/queue-database';
import { Spool } from '../electron/core/queue/spool';
import { EventBus } from '../electron/core/events/event-bus';
import { systemClock } from '../electron/core/util/clock';
import { silentLogger } from '../electron/core/util/logger';
import type { Figure } from './bench-support';
import { printFigures, workDir } from './bench-support';
import { SqliteDocumentStorage } from '../electron/core/queue/sqlite-document-storage';

export async function queueScaleBench(quick: boolean): Promise<Figure[]> {
  const n = quick ? 2_000 : 10_000;
  const dir = workDir('scale');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'queue.sqlite');
  {
    const db = openQueueDatabase(file);
    const store = new DocumentStore(db);
    const at = new Date().toISOString();
    store.transaction(() => {
      for (let i = 0; i < n; i++) {
        const id = randomUUID();
        store.insert({
          id,
          fileName: `scan_${i}.pdf`,
          sourceFolder: '/scans',
          spoolName: id,
          size: 1000,
          contentType: 'application/pdf',
          sha256: id,
          at,
          state: i % 10 === 0 ? 'uploading' : 'queued',
          metadata: { caseNumber: `C-${i % 500}` },
          idempotencyKey: randomUUID(),
        });
      }
    });
    db.close();
  }
  // Paused so that recovery and queries are measured, not uploads.
  let t = performance.now();
  const db = openQueueDatabase(file);
  const store = new DocumentStore(db);
  const spool = new Spool(join(dir, 'spool'));
  // The storage ports over the queue's file: the clerk's commands and the history go through them.
  const storage = new SqliteDocumentStorage(store);
  const queue = new DocumentQueue({
    storage,
    history: storage,
    spool,
    archiver: new Archiver(
      { mode: 'delete', retentionDays: 0 },
      join(dir, 'archive'),
      (x) => spool.pathOf(x),
      silentLogger,
    ),
    uploader: { uploadToInbox: () => new Promise<never>(() => undefined) },
    bus: new EventBus(),
    clock: systemClock,
    logger: silentLogger,
  });
  queue.pause();
  const rec = await queue.start();
  const recoveryMs = performance.now() - t;
  t = performance.now();
  const page = await queue.list({ limit: 500, offset: 0 });
  const listMs = performance.now() - t;
  t = performance.now();
  const search = await queue.list({ query: 'C-42', states: ['queued'], limit: 500, offset: 0 });
  const searchMs = performance.now() - t;
  await queue.stop();
  db.close();
  await rm(dir, { recursive: true, force: true });
  const cmd = `npx tsx bench/queue-scale.ts${quick ? ' --quick' : ''}`;
  return [
    {
      figure: `start-up recovery, ${n} queued (${rec.requeued} uploading)`,
      target: '< 2 s',
      result: `${recoveryMs.toFixed(0)} ms`,
      ok: recoveryMs < 2_000,
      command: cmd,
    },
    {
      figure: `list first 500 of ${page.total}`,
      target: '< 200 ms',
      result: `${listMs.toFixed(0)} ms`,
      ok: listMs < 200,
      command: cmd,
    },
    {
      figure: `search "C-42" in queued (${search.total} hits)`,
      target: '< 200 ms',
      result: `${searchMs.toFixed(0)} ms`,
      ok: searchMs < 200,
      command: cmd,
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`)
  printFigures(await queueScaleBench(process.argv.includes('--quick')));
