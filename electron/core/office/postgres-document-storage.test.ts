import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clerkCommandsContract } from '../queue/test-support/clerk-commands-contract';
import { documentEditsContract } from '../queue/test-support/document-edits-contract';
import { documentIntakeContract } from '../queue/test-support/document-intake-contract';
import type { DocumentStorageFactory } from '../queue/test-support/document-storage-contract';
import { documentStorageContract, newDocument } from '../queue/test-support/document-storage-contract';
import { uploadClaimContract } from '../queue/test-support/upload-claim-contract';
import { silentLogger } from '../util/logger';
import { OfficeStation } from './office-station';
import { PostgresDocumentStorage } from './postgres-document-storage';
import { officeDatabaseOf } from './test-support/office-fixture';
import type { PrivatePostgres } from './test-support/private-postgres';
import { startPrivatePostgres } from './test-support/private-postgres';

// The queue's documents and history in the office database answer to the same contract as the station's
// SQLite store (queue/test-support/document-storage-contract.ts), against a real PostgreSQL.
let server: PrivatePostgres;
beforeAll(async () => {
  server = await startPrivatePostgres();
});
afterAll(async () => {
  await server?.destroy();
});

async function openStorage(url: string, stationId: string) {
  const { db } = officeDatabaseOf(url);
  await db.open();
  await new OfficeStation(db, { id: stationId, name: `PC ${stationId}`, logger: silentLogger }).join();
  const storage = new PostgresDocumentStorage(db, stationId);
  return { db, storage };
}

const openPostgres: DocumentStorageFactory = async () => {
  const { db, storage } = await openStorage(await server.createDatabase(), 'station-a');
  return { documents: storage, history: storage, close: () => db.close() };
};

documentStorageContract('PostgreSQL (the office database)', openPostgres);
clerkCommandsContract('PostgreSQL (the office database)', openPostgres);
documentEditsContract('PostgreSQL (the office database)', openPostgres);
documentIntakeContract('PostgreSQL (the office database)', openPostgres);
uploadClaimContract('PostgreSQL (the office database)', openPostgres);

describe('the office documents of several stations', () => {
  it('one inbox: what one station takes in, another lists, changes and sees the history of, by station', async () => {
    const url = await server.createDatabase();
    const a = await openStorage(url, 'station-a');
    const b = await openStorage(url, 'station-b');
    try {
      const d = await a.storage.insert(newDocument({ seenKey: 'folder-1/scan.pdf' }), { code: 'arrived', values: {} });
      expect(await b.storage.hasSeen('folder-1/scan.pdf')).toBe(true);
      expect((await b.storage.list({ limit: 10, offset: 0 })).documents.map((x) => x.id)).toEqual([d.id]);
      await b.storage.update(d.id, { state: 'queued', enqueue: true }, new Date().toISOString());
      expect((await a.storage.due(Date.now(), 10, new Set())).map((x) => x.id)).toEqual([d.id]);
      const { rows } = await a.db.query<{ station_id: string; state: string }>(
        'SELECT station_id, state FROM office_history ORDER BY id',
      );
      expect(rows).toEqual([
        { station_id: 'station-a', state: 'new' },
        { station_id: 'station-b', state: 'queued' },
      ]);
      // A file seen by two stations is the first one's, as INSERT OR IGNORE keeps it in the station's file.
      await a.storage.markSeen('folder-1/other.pdf', 'doc-of-a', new Date().toISOString());
      await b.storage.markSeen('folder-1/other.pdf', 'doc-of-b', new Date().toISOString());
      const seen = await a.db.query('SELECT document_id FROM office_seen_files WHERE key = $1', ['folder-1/other.pdf']);
      expect(seen.rows).toEqual([{ document_id: 'doc-of-a' }]);
    } finally {
      await a.db.close();
      await b.db.close();
    }
  });
});

describe("each station's queue works on the documents it took in", () => {
  it("a clerk at another station submits a document: its own station sends it; the other's queue, counts, recovery and sweep never see it", async () => {
    const url = await server.createDatabase();
    const a = await openStorage(url, 'station-a');
    const b = await openStorage(url, 'station-b');
    try {
      const ofA = await a.storage.insert(newDocument({ sourcePath: '/scans/a.pdf', sourceSize: 1, sourceMtimeMs: 1 }));
      const ofB = await b.storage.insert(newDocument());
      const now = new Date().toISOString();
      // The clerk at B sends A's document (the office inbox: B reads and changes it).
      expect((await b.storage.get(ofA.id))?.id).toBe(ofA.id);
      await b.storage.update(ofA.id, { state: 'queued', enqueue: true, nextAttemptAtMs: 5 }, now);
      await b.storage.update(ofB.id, { state: 'uploading' }, now);
      expect((await b.storage.list({ limit: 10, offset: 0 })).total).toBe(2);
      // A's queue sends it; B's never takes it, and B's start-up recovery finds only its own upload.
      expect((await a.storage.due(Date.now(), 10, new Set())).map((x) => x.id)).toEqual([ofA.id]);
      expect(await b.storage.due(Date.now(), 10, new Set())).toEqual([]);
      expect(await a.storage.nextDueAt()).toBe(5);
      expect(await b.storage.nextDueAt()).toBeUndefined();
      expect((await a.storage.inStates(['uploading', 'queued'])).map((x) => x.id)).toEqual([ofA.id]);
      expect((await b.storage.inStates(['uploading', 'queued'])).map((x) => x.id)).toEqual([ofB.id]);
      expect(await a.storage.activeCount()).toBe(1);
      expect(await b.storage.activeCount()).toBe(1);
      expect((await a.storage.counts()).queued).toBe(1);
      expect((await a.storage.counts()).uploading).toBe(0);
      expect((await b.storage.counts()).uploading).toBe(1);
      expect(await a.storage.spoolNames()).toEqual(new Set([ofA.spoolName]));
      expect(await b.storage.spoolNames()).toEqual(new Set([ofB.spoolName]));
      expect((await a.storage.inPlaceSources('/scans')).map((x) => x.id)).toEqual([ofA.id]);
      expect(await b.storage.inPlaceSources('/scans')).toEqual([]);
    } finally {
      await a.db.close();
      await b.db.close();
    }
  });
});

describe('the office units of work', () => {
  it('two units that lock two documents in opposite orders: PostgreSQL breaks the deadlock, the unit it failed runs again, both commit', async () => {
    const { db, storage } = await openStorage(await server.createDatabase(), 'station-a');
    try {
      const a = await storage.insert(newDocument());
      const b = await storage.insert(newDocument());
      // Each unit locks its first document, waits until the other locked its own, then reads the other's.
      let locked = 0;
      let bothLocked!: () => void;
      const both = new Promise<void>((resolve) => (bothLocked = resolve));
      let runs = 0;
      const unit = (first: string, second: string) =>
        storage.transaction(async (tx) => {
          runs++;
          const one = await tx.get(first);
          if (++locked === 2) bothLocked();
          await both;
          const other = await tx.get(second);
          await tx.update(first, { attempts: (one?.attempts ?? 0) + 1 }, new Date().toISOString());
          await tx.update(second, { attempts: (other?.attempts ?? 0) + 1 }, new Date().toISOString());
        });
      await Promise.all([unit(a.id, b.id), unit(b.id, a.id)]);
      // Two runs, and at least one again: the unit PostgreSQL failed to break the deadlock.
      expect(runs).toBeGreaterThanOrEqual(3);
      expect((await storage.get(a.id))?.attempts).toBe(2);
      expect((await storage.get(b.id))?.attempts).toBe(2);
    } finally {
      await db.close();
    }
  });
});
