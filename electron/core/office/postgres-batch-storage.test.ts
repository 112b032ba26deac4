import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CAPTURE_PROFILE } from '../../../shared/domain/capture';
import type { CaptureBatch } from '../capture/batches/batch-storage';
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

// A batch's files (the original's copy, a scan's pages) are in the data folder of the station that took it in:
// another station's capture line must not list it, analyse it, release it or complete it.
describe("each station's capture line works on its own batches only", () => {
  it("another station's batches are neither listed, counted, open nor read by id there", async () => {
    const { db } = officeDatabaseOf(await server.createDatabase());
    await db.open();
    try {
      for (const id of ['station-a', 'station-b'])
        await new OfficeStation(db, { id, name: `PC ${id}`, logger: silentLogger }).join();
      const a = new PostgresBatchStorage(db, 'station-a');
      const b = new PostgresBatchStorage(db, 'station-b');
      const batch = (id: string, state: CaptureBatch['state']): CaptureBatch => ({
        id,
        fileName: `${id}.pdf`,
        sourceFolder: '/scans/post',
        sourcePath: `/scans/post/${id}.pdf`,
        sourceSize: 2000,
        sourceMtimeMs: 1_765_000_000_000,
        size: 2000,
        sha256: `sha-${id}`,
        state,
        profile: DEFAULT_CAPTURE_PROFILE,
        metadata: {},
        autoSubmit: false,
        requiredFields: [],
        receivedAt: '2026-12-07T08:00:00.000Z',
      });
      for (const state of ['received', 'held', 'released', 'split'] as const)
        await a.insert(batch(`a-${state}`, state));
      await b.insert(batch('b-received', 'received'));
      for (const state of ['received', 'held', 'released', 'split'] as const) {
        expect((await a.inState(state)).map((x) => x.id)).toEqual([`a-${state}`]);
        expect((await b.inState(state)).map((x) => x.id)).toEqual(state === 'received' ? ['b-received'] : []);
      }
      expect([...(await b.openIds())]).toEqual(['b-received']);
      expect(await a.waiting()).toBe(2);
      expect(await b.waiting()).toBe(1);
      expect(await b.get('a-split')).toBeUndefined();
      expect((await a.get('a-split'))?.state).toBe('split');
    } finally {
      await db.close();
    }
  });
});
