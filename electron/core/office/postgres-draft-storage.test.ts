import { afterAll, beforeAll } from 'vitest';
import { draftStorageContract } from '../drafts/test-support/draft-storage-contract';
import { PostgresDraftStorage } from './postgres-draft-storage';
import { officeDatabaseOf } from './test-support/office-fixture';
import type { PrivatePostgres } from './test-support/private-postgres';
import { startPrivatePostgres } from './test-support/private-postgres';

// The drafts' port in the office database answers to the same contract as the station's SQLite one.
let server: PrivatePostgres;
beforeAll(async () => {
  server = await startPrivatePostgres();
});
afterAll(async () => {
  await server?.destroy();
});

draftStorageContract('PostgreSQL (the office database)', async (deps) => {
  const url = await server.createDatabase();
  let { db } = officeDatabaseOf(url);
  await db.open();
  return {
    drafts: new PostgresDraftStorage({ db, ...deps }),
    reopen: async () => {
      await db.close();
      ({ db } = officeDatabaseOf(url));
      await db.open();
      return new PostgresDraftStorage({ db, ...deps });
    },
    close: () => db.close(),
  };
});
