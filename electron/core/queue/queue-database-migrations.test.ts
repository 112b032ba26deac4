import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BatchStore } from '../capture/batches/batch-store';
import { DocumentStore } from './document-store';
import { openQueueDatabase } from './queue-database';

/**
 * A queue file as the code before the schema had one owner (commit 4f12192) left it: migrations 1–3
 * (user_version 3), and the page-edit and capture tables made by their services with IF NOT EXISTS. The SQL
 * is that code's, verbatim; `withAnalysisStarts: false` is a file from before issue #27 added the column.
 */
function fileOfTheCodeBefore(file: string, o: { withAnalysisStarts: boolean }): void {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(`CREATE TABLE documents (
     id TEXT PRIMARY KEY, file_name TEXT NOT NULL, source_folder TEXT NOT NULL, source_path TEXT,
     source_size INTEGER, source_mtime_ms INTEGER, spool_name TEXT NOT NULL, archive_path TEXT,
     size INTEGER NOT NULL, content_type TEXT NOT NULL, sha256 TEXT NOT NULL, arrived_at TEXT NOT NULL,
     updated_at TEXT NOT NULL, state TEXT NOT NULL, metadata TEXT NOT NULL, case_number TEXT,
     idempotency_key TEXT, attempts INTEGER NOT NULL DEFAULT 0, next_attempt_at INTEGER, queued_seq INTEGER,
     error TEXT, duplicate_of TEXT, uploaded_at TEXT, confirmed_at TEXT);
   CREATE INDEX documents_state ON documents(state, next_attempt_at);
   CREATE INDEX documents_sha ON documents(sha256);
   CREATE INDEX documents_queued ON documents(queued_seq);
   CREATE TABLE seen_files (key TEXT PRIMARY KEY, document_id TEXT NOT NULL, seen_at TEXT NOT NULL);
   CREATE TABLE history (id INTEGER PRIMARY KEY AUTOINCREMENT, document_id TEXT NOT NULL,
     file_name TEXT NOT NULL, case_number TEXT, state TEXT NOT NULL, message TEXT, at TEXT NOT NULL);
   CREATE INDEX history_at ON history(at);
   CREATE INDEX history_document ON history(document_id);
   CREATE INDEX documents_queue_order ON documents(state, queued_seq);
   CREATE TABLE drafts (document_id TEXT PRIMARY KEY, draft_values TEXT NOT NULL, saved_at TEXT NOT NULL);`);
  db.pragma('user_version = 3');
  // page-edit-service.ts's constructor
  db.exec(`
      CREATE TABLE IF NOT EXISTS page_edits (
        document_id TEXT NOT NULL,
        seq INTEGER NOT NULL,
        spool_name TEXT NOT NULL,
        file_name TEXT NOT NULL,
        size INTEGER NOT NULL,
        sha256 TEXT NOT NULL,
        split_into TEXT,
        merged TEXT,
        PRIMARY KEY (document_id, seq)
      );`);
  // batch-store.ts's constructor
  db.exec(`
      CREATE TABLE IF NOT EXISTS capture_batches (
        id TEXT PRIMARY KEY,
        file_name TEXT NOT NULL,
        source_folder TEXT NOT NULL,
        source_path TEXT NOT NULL,
        source_size INTEGER NOT NULL,
        source_mtime_ms INTEGER NOT NULL,
        size INTEGER NOT NULL,
        sha256 TEXT NOT NULL,
        state TEXT NOT NULL,
        profile TEXT NOT NULL,
        metadata TEXT NOT NULL,
        auto_submit INTEGER NOT NULL,
        required_fields TEXT NOT NULL,
        archive_path TEXT,
        received_at TEXT NOT NULL,
        updated_at TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS capture_batches_state ON capture_batches(state);
      CREATE TABLE IF NOT EXISTS capture_parts (
        document_id TEXT PRIMARY KEY,
        batch_id TEXT NOT NULL,
        part_index INTEGER NOT NULL,
        part_count INTEGER NOT NULL,
        pages TEXT NOT NULL
      );
      CREATE INDEX IF NOT EXISTS capture_parts_batch ON capture_parts(batch_id);`);
  if (o.withAnalysisStarts)
    db.exec('ALTER TABLE capture_batches ADD COLUMN analysis_starts INTEGER NOT NULL DEFAULT 0');

  const at = '2026-11-25T10:00:00.000Z';
  db.prepare(
    `INSERT INTO documents (id, file_name, source_folder, spool_name, size, content_type, sha256, arrived_at,
       updated_at, state, metadata) VALUES ('doc-1', 'scan.pdf', '/scans', 'doc-1.edit2', 10, 'application/pdf',
       'abc', ?, ?, 'tagged', '{}')`,
  ).run(at, at);
  db.prepare(
    `INSERT INTO page_edits (document_id, seq, spool_name, file_name, size, sha256, split_into, merged)
     VALUES ('doc-1', 1, 'doc-1', 'scan.pdf', 12, 'def', 'doc-2', NULL)`,
  ).run();
  db.prepare(
    `INSERT INTO capture_batches (id, file_name, source_folder, source_path, source_size, source_mtime_ms, size,
       sha256, state, profile, metadata, auto_submit, required_fields, received_at, updated_at)
     VALUES ('batch-1', 'batch.pdf', '/scans', '/scans/batch.pdf', 99, 1000, 99, 'fff', 'split',
       '{"separator":"barcode"}', '{"caseNumber":"C-1"}', 1, '[]', ?, ?)`,
  ).run(at, at);
  if (o.withAnalysisStarts) db.prepare(`UPDATE capture_batches SET analysis_starts = 2 WHERE id = 'batch-1'`).run();
  db.prepare(
    `INSERT INTO capture_parts (document_id, batch_id, part_index, part_count, pages)
     VALUES ('doc-1', 'batch-1', 0, 2, '[0,1]')`,
  ).run();
  db.close();
}

describe('the queue database: one owner of the schema', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'queue-migrations-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('makes the page-edit and capture tables itself, for a new file (no service has to)', () => {
    const db = openQueueDatabase(join(dir, 'queue.sqlite'));
    try {
      const tables = db
        .prepare<[], { name: string }>(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`)
        .all()
        .map((t) => t.name);
      expect(tables).toEqual(expect.arrayContaining(['page_edits', 'capture_batches', 'capture_parts']));
      const columns = db.prepare<[], { name: string }>('PRAGMA table_info(capture_batches)').all();
      expect(columns.map((c) => c.name)).toEqual(expect.arrayContaining(['analysis_starts', 'plan']));
      expect(db.pragma('user_version', { simple: true })).toBe(7);
    } finally {
      db.close();
    }
  });

  for (const withAnalysisStarts of [true, false]) {
    it(`adopts a file whose services made their tables${withAnalysisStarts ? '' : ' (before issue #27)'}: every row kept, the version recorded`, () => {
      const file = join(dir, 'queue.sqlite');
      fileOfTheCodeBefore(file, { withAnalysisStarts });
      const db = openQueueDatabase(file);
      try {
        expect(db.pragma('user_version', { simple: true })).toBe(7);
        expect(db.prepare('SELECT document_id, seq, spool_name, split_into FROM page_edits').all()).toEqual([
          { document_id: 'doc-1', seq: 1, spool_name: 'doc-1', split_into: 'doc-2' },
        ]);
        const batch = new BatchStore(db).get('batch-1');
        expect(batch).toMatchObject({
          state: 'split',
          profile: { separator: 'barcode' },
          metadata: { caseNumber: 'C-1' },
          autoSubmit: true,
          analysisStarts: withAnalysisStarts ? 2 : 0,
        });
        expect(new BatchStore(db).partOf('doc-1')).toEqual({
          documentId: 'doc-1',
          batchId: 'batch-1',
          index: 0,
          count: 2,
          pages: [0, 1],
        });
        expect(db.prepare('SELECT id, state FROM documents').all()).toEqual([{ id: 'doc-1', state: 'tagged' }]);
      } finally {
        db.close();
      }
      // Opened again: nothing is run twice.
      const again = openQueueDatabase(file);
      try {
        expect(again.pragma('user_version', { simple: true })).toBe(7);
        expect(again.prepare('SELECT COUNT(*) AS n FROM page_edits').get()).toEqual({ n: 1 });
      } finally {
        again.close();
      }
    });
  }

  it('turns the history sentences of a file made by the code before (test/fixtures/queue-v5-history.md) into steps', async () => {
    const file = join(dir, 'queue.sqlite');
    await copyFile(new URL('../../../test/fixtures/queue-v5-history.sqlite', import.meta.url), file);
    const db = openQueueDatabase(file);
    try {
      expect(db.pragma('user_version', { simple: true })).toBe(7);
      const columns = db
        .prepare<[], { name: string }>('PRAGMA table_info(history)')
        .all()
        .map((c) => c.name);
      expect(columns).not.toContain('message');
      const steps = new DocumentStore(db, { flush: async () => undefined })
        .history({ limit: 100 })
        .reverse()
        .map((h) => [h.fileName, h.state, h.step]);
      expect(steps).toEqual([
        ['a.pdf', 'new', { code: 'arrived', values: {} }],
        ['a.pdf', 'tagged', { code: 'tagged', values: {} }],
        ['a.pdf', 'queued', { code: 'submitted', values: {} }],
        ['a.pdf', 'uploading', { code: 'attempt', values: { n: 1 } }],
        [
          'a.pdf',
          'queued',
          { code: 'error', values: { errorCode: '', reason: 'The platform did not answer in time (HTTP 504).' } },
        ],
        ['a.pdf', 'uploading', { code: 'attempt', values: { n: 2 } }],
        [
          'a.pdf',
          'failed',
          {
            code: 'error',
            values: { errorCode: '', reason: 'The platform refused the document: metadata.caseNumber is unknown.' },
          },
        ],
        ['a.pdf', 'queued', { code: 'retry', values: {} }],
        ['a.pdf', 'uploading', { code: 'attempt', values: { n: 3 } }],
        ['a.pdf', 'queued', { code: 'interrupted', values: {} }],
        ['a.pdf', 'uploading', { code: 'attempt', values: { n: 4 } }],
        ['a.pdf', 'queued', { code: 'storageRequeued', values: {} }],
        ['a.pdf', 'uploading', { code: 'recovered', values: {} }],
        ['a.pdf', 'uploaded', { code: 'uploaded', values: {} }],
        ['a.pdf', 'archived', { code: 'archived', values: {} }],
        ['b.pdf', 'new', { code: 'arrivedAtStation', values: { station: 'pc-empfang-3f9a01' } }],
        ['b.pdf', 'tagged', { code: 'cancelled', values: {} }],
        ['empty.pdf', 'failed', { code: 'emptyFile', values: {} }],
        ['stapel_p3-4.pdf', 'new', { code: 'partOf', values: { n: 2, file: 'stapel.pdf', pages: '3, 4' } }],
        [
          'stapel_p1-2.pdf',
          'new',
          { code: 'partOfFlagged', values: { n: 1, file: 'stapel.pdf', pages: '1, 2', blank: '2' } },
        ],
        ['old_p1.pdf', 'new', { code: 'part', values: { n: 1, count: 3, file: 'old.pdf', pages: '1' } }],
        ['stapel_p4.pdf', 'new', { code: 'splitFrom', values: { file: 'stapel_p3-4.pdf', page: 2 } }],
        ['letter.pdf', 'new', { code: 'asScanned', values: {} }],
        ['locked.pdf', 'failed', { code: 'unreadable', values: { reason: 'EACCES: permission denied' } }],
        ['locked.pdf', 'new', { code: 'readableAgain', values: {} }],
        [
          'crypt.pdf',
          'new',
          { code: 'keptWhole', values: { errorCode: '', reason: 'Kept whole, not split: the file is encrypted.' } },
        ],
        [
          'rest_p5-9.pdf',
          'new',
          {
            code: 'pagesNotSplit',
            values: {
              pages: '5, 6, 7, 8, 9',
              file: 'rest.pdf',
              errorCode: '',
              reason: 'Kept whole, not split: the analysis failed (boom).',
            },
          },
        ],
        ['dropped.pdf', 'new', { code: 'imported', values: {} }],
        ['dropped.pdf', 'queued', { code: 'turnedOnArrival', values: {} }],
        ['mystery.pdf', 'new', { code: 'note', values: { text: 'Something the old code wrote that no reader knows' } }],
      ]);
    } finally {
      db.close();
    }
  });
});
