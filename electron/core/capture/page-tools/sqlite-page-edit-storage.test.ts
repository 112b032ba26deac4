import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { DocumentStore } from '../../queue/document-store';
import { openQueueDatabase } from '../../queue/queue-database';
import { SqliteDocumentStorage } from '../../queue/sqlite-document-storage';
import { SqlitePageEditStorage } from './sqlite-page-edit-storage';
import { pageEditStorageContract } from './test-support/page-edit-storage-contract';

const dir = mkdtempSync(join(tmpdir(), 'page-edit-storage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

pageEditStorageContract('SQLite (the queue file)', async () => {
  const db = openQueueDatabase(join(dir, `queue-${++n}.sqlite`));
  const store = new DocumentStore(db);
  return {
    pageEdits: new SqlitePageEditStorage(db),
    documents: new SqliteDocumentStorage(store),
    close: async () => {
      await store.close();
      db.close();
    },
  };
});
