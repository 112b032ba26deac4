import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { DocumentStore } from './document-store';
import { openQueueDatabase } from './queue-database';
import { SqliteDocumentStorage } from './sqlite-document-storage';
import { documentStorageContract } from './test-support/document-storage-contract';

const dir = mkdtempSync(join(tmpdir(), 'document-storage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

documentStorageContract('SQLite (the queue file)', async () => {
  const db = openQueueDatabase(join(dir, `queue-${++n}.sqlite`));
  const store = new DocumentStore(db);
  const storage = new SqliteDocumentStorage(store);
  return {
    documents: storage,
    history: storage,
    close: async () => {
      await store.close();
      db.close();
    },
  };
});
