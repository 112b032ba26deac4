import { afterAll, beforeAll } from 'vitest';
import { batchStorageContract } from '../capture/batches/test-support/batch-storage-contract';
import { silentLogger } from '../util/logger';
import { OfficeStation } from './office-station';
import { PostgresBatchStorage } from './postgres-batch-storage';
import { PostgresDocumentStorage } from './postgres-document-storage';
import { officeDatabaseOf } from './test-support/office-fixture';
import type { PrivatePostgres } from './test-support/private-postgres';
import { startPrivatePostgres } from './test-support/private-postgres';

// Capture's batches in the office database answer to the same contract as the station's SQLite store.
let server: PrivatePostgres;
beforeAll(async () => {
  server = await startPrivatePostgres();
});
afterAll(async () => {
  await server?.destroy();
});

batchStorageContract('PostgreSQL (the office database)', async () => {
  const { db } = officeDatabaseOf(await server.createDatabase());
  await db.open();
  await new OfficeStation(db, { id: 'station-a', name: 'PC station-a', logger: silentLogger }).join();
  return {
    batches: new PostgresBatchStorage(db, 'station-a'),
    documents: new PostgresDocumentStorage(db, 'station-a'),
    close: () => db.close(),
  };
});
