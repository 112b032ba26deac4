import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { DocumentStore } from '../../queue/document-store';
import { openQueueDatabase } from '../../queue/queue-database';
import { SqliteDocumentStorage } from '../../queue/sqlite-document-storage';
import { BatchStore } from './batch-store';
import { SqliteBatchStorage } from './sqlite-batch-storage';
import { batchStorageContract } from './test-support/batch-storage-contract';

const dir = mkdtempSync(join(tmpdir(), 'batch-storage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;

batchStorageContract('SQLite (the queue file)', async () => {
  const db = openQueueDatabase(join(dir, `queue-${++n}.sqlite`));
  const store = new DocumentStore(db);
  return {
    batches: new SqliteBatchStorage(new BatchStore(db)),
    documents: new SqliteDocumentStorage(store),
    close: async () => {
      await store.close();
      db.close();
    },
  };
});
