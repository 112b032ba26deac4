import { afterAll, beforeAll } from 'vitest';
import { pageEditStorageContract } from '../capture/page-tools/test-support/page-edit-storage-contract';
import { silentLogger } from '../util/logger';
import { OfficeStation } from './office-station';
import { PostgresDocumentStorage } from './postgres-document-storage';
import { PostgresPageEditStorage } from './postgres-page-edit-storage';
import { officeDatabaseOf } from './test-support/office-fixture';
import type { PrivatePostgres } from './test-support/private-postgres';
import { startPrivatePostgres } from './test-support/private-postgres';

// The page tools' records in the office database answer to the same contract as the station's SQLite engine.
let server: PrivatePostgres;
beforeAll(async () => {
  server = await startPrivatePostgres();
});
afterAll(async () => {
  await server?.destroy();
});

pageEditStorageContract('PostgreSQL (the office database)', async () => {
  const { db } = officeDatabaseOf(await server.createDatabase());
  await db.open();
  await new OfficeStation(db, { id: 'station-a', name: 'PC station-a', logger: silentLogger }).join();
  return {
    pageEdits: new PostgresPageEditStorage(db, 'station-a'),
    documents: new PostgresDocumentStorage(db, 'station-a'),
    close: () => db.close(),
  };
});
