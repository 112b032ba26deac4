import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredDocument, TakenOver } from '../queue/document-storage';
import { newDocument } from '../queue/test-support/document-storage-contract';
import { claimDue } from '../queue/upload-claim';
import { tempDir } from '../util/test-support/temp-dir';
import { idleMs, pastIdleTime } from '../util/test-support/box-pace';
import type { OfficeDatabase } from './office-database';
import { OfficeDocumentContent } from './office-document-content';
import { OfficeStation } from './office-station';
import { readOfficeStatus } from './office-status';
import { OFFICE_DOCUMENTS_CHANNEL, PostgresDocumentStorage } from './postgres-document-storage';
import { officeDatabaseOf, recordingLogger } from './test-support/office-fixture';
import type { PrivatePostgres } from './test-support/private-postgres';
import { startPrivatePostgres } from './test-support/private-postgres';

// Issue #50 item 3: a submitted document is sent by its station, and by any station online when that one is
// gone. Against a real PostgreSQL: a station is gone once its heartbeat is older than its own lapse; then the
// others' claims take over its due documents (and one it was uploading), each exactly once.
let server: PrivatePostgres;
beforeAll(async () => {
  server = await startPrivatePostgres();
});
afterAll(async () => {
  await server?.destroy();
});

interface Station {
  db: OfficeDatabase;
  station: OfficeStation;
  storage: PostgresDocumentStorage;
  content: OfficeDocumentContent;
  entries: ReturnType<typeof recordingLogger>['entries'];
}

const opened: Station[] = [];
async function openStation(url: string, id: string, lapseSeconds: number): Promise<Station> {
  const { db } = officeDatabaseOf(url, { poolSize: 4 });
  await db.open();
  const { logger, entries } = recordingLogger();
  const station = new OfficeStation(db, { id, name: `PC ${id}`, lapseSeconds, logger });
  await station.join();
  const s = {
    db,
    station,
    storage: new PostgresDocumentStorage(db, id),
    content: new OfficeDocumentContent(db, { stationId: id }),
    entries,
  };
  opened.push(s);
  return s;
}

afterAll(async () => {
  for (const s of opened) await s.db.close().catch(() => undefined);
});

/** The station was last heard of `seconds` ago (its heartbeat stopped then), by the server's clock. */
async function silentFor(s: Station, seconds: number): Promise<void> {
  await s.db.query(
    `UPDATE office_stations SET last_seen = clock_timestamp() - make_interval(secs => $2) WHERE id = $1`,
    [s.station.id, seconds],
  );
}

const dir = tempDir('office-take-over-');
let files = 0;

/** A queued document of `s` whose bytes are in the office (as office-document-bytes.ts puts them there). */
async function queuedWithBytes(
  s: Station,
  o: { state?: 'queued' | 'uploading'; nextAttemptAtMs?: number; inOffice?: boolean } = {},
): Promise<StoredDocument> {
  const bytes = Buffer.from(`%PDF-1.4\n% document ${++files}\n%%EOF\n`);
  const path = join(dir, `file-${files}.pdf`);
  await writeFile(path, bytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const at = new Date().toISOString();
  const d = await s.storage.insert(newDocument({ size: bytes.length, sha256, state: 'new' }));
  let queued = await s.storage.update(
    d.id,
    {
      state: 'queued',
      enqueue: true,
      idempotencyKey: `key-${d.id}`,
      ...(o.nextAttemptAtMs === undefined ? {} : { nextAttemptAtMs: o.nextAttemptAtMs }),
    },
    at,
  );
  if (o.state === 'uploading') queued = await s.storage.update(d.id, { state: 'uploading', attempts: 1 }, at);
  if (o.inOffice !== false) await s.content.store(d.id, path, { size: bytes.length, sha256 });
  return queued;
}

function claim(s: Station, limit = 10) {
  const taken: TakenOver[] = [];
  return claimDue(s.storage, {
    nowMs: Date.now(),
    limit,
    exclude: new Set(),
    at: new Date().toISOString(),
    tookOver: (t) => taken.push(...t),
  }).then((claimed) => ({ claimed, taken }));
}

describe('a gone station’s documents are taken over by a live one', () => {
  it(
    'only after its own lapse; queued and cut-off uploads, with their keys, moved in the claim, in the history, told; its own view leaves them out',
    async () => {
      const url = await server.createDatabase();
      // A's lapse is 30 s; B's own is 5 s: A is judged by its own.
      const a = await openStation(url, 'station-a', 30);
      const b = await openStation(url, 'station-b', 5);
      const queued = await queuedWithBytes(a);
      const cutOff = await queuedWithBytes(a, { state: 'uploading' });
      const noBytesInOffice = await queuedWithBytes(a, { inOffice: false });
      const notDueYet = await queuedWithBytes(a, { nextAttemptAtMs: Date.now() + 3_600_000 });
      // What the others hear (office-changes.ts listens so): each change's NOTIFY, at its commit.
      const heard: string[] = [];
      const listening = await a.db.listen(
        OFFICE_DOCUMENTS_CHANNEL,
        (payload) => heard.push((JSON.parse(payload) as { id: string }).id),
        () => undefined,
      );
      try {
        // A beats: B's queue has nothing of A's to send.
        expect(await claim(b)).toEqual({ claimed: [], taken: [] });
        // Silent for longer than B's lapse, shorter than A's own: not gone yet.
        await silentFor(a, 25);
        expect(await claim(b)).toEqual({ claimed: [], taken: [] });
        await silentFor(a, 31);
        const { rows: lastSeen } = await a.db.query<{ last_seen: Date }>(
          `SELECT last_seen FROM office_stations WHERE id = 'station-a'`,
        );
        const since = lastSeen[0]?.last_seen.toISOString();
        const { claimed, taken } = await claim(b);
        // Both claimed for upload in the unit that took them over, the cut-off one with its key kept.
        expect(claimed.map((d) => [d.id, d.state, d.idempotencyKey, d.attempts])).toEqual([
          [queued.id, 'uploading', `key-${queued.id}`, 1],
          [cutOff.id, 'uploading', `key-${cutOff.id}`, 2],
        ]);
        expect(taken).toEqual([
          {
            id: queued.id,
            fileName: queued.fileName,
            fromStationId: 'station-a',
            fromStation: 'PC station-a',
            silentSince: since,
            wasUploading: false,
          },
          {
            id: cutOff.id,
            fileName: cutOff.fileName,
            fromStationId: 'station-a',
            fromStation: 'PC station-a',
            silentSince: since,
            wasUploading: true,
          },
        ]);
        const { rows } = await a.db.query<{ id: string; station_id: string; taken_from: string | null }>(
          'SELECT id, station_id, taken_from FROM office_documents ORDER BY row_seq',
        );
        expect(rows).toEqual([
          { id: queued.id, station_id: 'station-b', taken_from: 'station-a' },
          { id: cutOff.id, station_id: 'station-b', taken_from: 'station-a' },
          // Its bytes are only in A's spool: it waits for A.
          { id: noBytesInOffice.id, station_id: 'station-a', taken_from: null },
          // Not due: A's backoff holds for the taker too, until it is due.
          { id: notDueYet.id, station_id: 'station-a', taken_from: null },
        ]);
        const history = await b.storage.history({ limit: 50 });
        expect(history.filter((h) => h.documentId === queued.id).map((h) => [h.state, h.step])).toEqual([
          ['uploading', { code: 'attempt', values: { n: 1 } }],
          ['queued', { code: 'takenOver', values: { station: 'PC station-a', since } }],
          ['queued', undefined],
          ['new', undefined],
        ]);
        // Told to the others (NOTIFY at commit).
        const started = performance.now();
        while (!(heard.includes(queued.id) && heard.includes(cutOff.id))) {
          if (pastIdleTime(started, 10_000)) throw new Error(`not told: ${heard.join(', ')}`);
          await new Promise((r) => setTimeout(r, 20));
        }
        // A's queue neither sends, recovers nor counts them; its spool keeps their copies until archived.
        expect((await a.storage.inStates(['queued', 'uploading'])).map((d) => d.id)).toEqual([
          noBytesInOffice.id,
          notDueYet.id,
        ]);
        expect(await a.storage.activeCount()).toBe(2);
        expect((await a.storage.counts()).uploading).toBe(0);
        expect(await a.storage.spoolNames()).toEqual(
          new Set([queued.spoolName, cutOff.spoolName, noBytesInOffice.spoolName, notDueYet.spoolName]),
        );
        await b.storage.update(queued.id, { state: 'archived' }, new Date().toISOString());
        expect(await a.storage.spoolNames()).not.toContain(queued.spoolName);
        // The supervisor's view: A is gone, two wait on it, two were taken over; B (beating) is alive.
        await b.station.beat();
        const status = await readOfficeStatus(b.db, { lapseSeconds: 120 });
        expect(status.stations).toEqual([
          expect.objectContaining({ id: 'station-a', alive: false, queued: 2, takenOver: 2 }),
          expect.objectContaining({ id: 'station-b', alive: true, queued: 1, takenOver: 0 }),
        ]);
        // A comes back: it says once how many of its documents the others took over meanwhile.
        expect(await a.station.join()).toEqual({ takenOverWhileAway: 2 });
        expect(a.entries.filter((e) => e.message.includes('took over'))).toMatchObject([
          { level: 'info', takenOver: 2, sent: 1, silentSince: since },
        ]);
        expect(await a.station.join()).toEqual({ takenOverWhileAway: 0 });
        // A station that was only frozen (no restart) hears it at its next beat.
        await silentFor(a, 45);
        await a.station.beat();
        expect(a.entries.filter((e) => e.level === 'warn')).toMatchObject([
          { message: expect.stringContaining('silent longer than its lapse'), lapseSeconds: 30 },
        ]);
      } finally {
        await listening.close();
      }
    },
    idleMs(60_000),
  );

  it(
    'two live stations claiming at once never take one document both',
    async () => {
      const url = await server.createDatabase();
      const gone = await openStation(url, 'station-gone', 2);
      // The takers do not beat here: their lapse is long enough for them to stay alive through the test.
      const b = await openStation(url, 'station-b', 600);
      const c = await openStation(url, 'station-c', 600);
      const documents = [];
      for (let i = 0; i < 30; i++)
        documents.push(await queuedWithBytes(gone, i % 5 === 0 ? { state: 'uploading' } : {}));
      await silentFor(gone, 10);
      const takenBy = new Map<string, string[]>();
      const drain = async (s: Station) => {
        for (;;) {
          const { claimed, taken } = await claim(s, 3);
          expect(taken.map((t) => t.id).sort()).toEqual(claimed.map((d) => d.id).sort());
          for (const t of taken) takenBy.set(t.id, [...(takenBy.get(t.id) ?? []), s.station.id]);
          if (claimed.length === 0) return;
        }
      };
      await Promise.all([drain(b), drain(c), drain(b), drain(c)]);
      expect([...takenBy.keys()].sort()).toEqual(documents.map((d) => d.id).sort());
      expect([...takenBy.values()].filter((by) => by.length !== 1)).toEqual([]);
      const { rows } = await b.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM office_history WHERE code = 'takenOver'`,
      );
      expect(rows[0]?.n).toBe(30);
    },
    idleMs(60_000),
  );
});
