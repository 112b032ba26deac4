/**
 * What one read of the queue status's counts costs through the storage port (SQLite, the queue's file), over
 * a queue of N documents: the read behind the status's snapshot and `freshStatus` (a GROUP BY over every
 * document kept). Reproduce: npx tsx bench/status-counts.ts [--documents 2000,20000]
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import type { DocumentState } from '../shared/domain/document';
import { DocumentStore } from '../electron/core/queue/document-store';
import { openQueueDatabase } from '../electron/core/queue/queue-database';
import { SqliteDocumentStorage } from '../electron/core/queue/sqlite-document-storage';
import { workDir } from './bench-support';

const { values } = parseArgs({ options: { documents: { type: 'string', default: '2000,20000' } } });
const STATES: DocumentState[] = ['new', 'tagged', 'queued', 'archived', 'failed'];
const READS = 2_000;

for (const n of values.documents.split(',').map(Number)) {
  const dir = workDir('status-counts');
  const db = openQueueDatabase(join(dir, 'queue.sqlite'));
  const store = new DocumentStore(db);
  const storage = new SqliteDocumentStorage(store);
  const at = new Date().toISOString();
  store.transaction(() => {
    for (let i = 0; i < n; i++)
      store.insert({
        id: `doc-${i}`,
        fileName: `scan_${i}.pdf`,
        sourceFolder: '/scans',
        spoolName: `spool-${i}`,
        size: 50_000,
        contentType: 'application/pdf',
        sha256: `sha-${i}`,
        at,
        state: STATES[i % STATES.length] ?? 'new',
        metadata: {},
      });
  });
  for (let i = 0; i < 50; i++) await storage.counts(); // warm
  const started = performance.now();
  for (let i = 0; i < READS; i++) await storage.counts();
  const perRead = ((performance.now() - started) / READS) * 1000;
  console.log(`${n} documents: ${perRead.toFixed(0)} µs per counts() read (${READS} reads)`);
  await store.close();
  db.close();
  rmSync(dir, { recursive: true, force: true });
}
