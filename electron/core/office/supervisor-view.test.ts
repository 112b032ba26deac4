import { describe, expect, it } from 'vitest';
import { OFFICE_SCHEMA_VERSION } from './office-migrations';
import { readOfficeStatus } from './office-status';
import { PostgresDocumentStorage } from './postgres-document-storage';
import { arrive, fail, retry, send, upload } from './test-support/office-day';
import { officeDatabaseOf, officeSuite } from './test-support/office-fixture';

// The supervisor's view (issue #50 item 6) of a real PostgreSQL, seeded through the office's own storage.
const suite = officeSuite();

async function station(url: string, id: string, clerk?: string) {
  const s = await suite.join(url, id);
  return { ...s, storage: new PostgresDocumentStorage(s.db, id, clerk) };
}

/** Sets the database's own time zone (new sessions take it), as an admin would with ALTER DATABASE. */
async function setDatabaseTimeZone(url: string, zone: string): Promise<void> {
  const { db } = officeDatabaseOf(url);
  try {
    const name = new URL(url).pathname.slice(1);
    await db.query(`ALTER DATABASE "${name}" SET timezone TO '${zone}'`);
  } finally {
    await db.close();
  }
}

const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

describe('the supervisor view of the office database', () => {
  it('a database no station opened yet: schema 0, nothing in it, and the database is left as it was', async () => {
    const url = await suite.server().createDatabase();
    const { db } = officeDatabaseOf(url);
    try {
      const status = await readOfficeStatus(db, { lapseSeconds: 60 });
      expect(status).toMatchObject({
        schemaVersion: 0,
        knownVersion: OFFICE_SCHEMA_VERSION,
        stations: [],
        documents: { waiting: 0, held: 0, queued: 0 },
        waitingByFolder: [],
        waitingByType: [],
        sentToday: { sent: 0, byClerk: [], since: expect.any(String), timeZone: expect.any(String) },
      });
      const tables = await db.query<{ t: string | null }>(`SELECT to_regclass('office_schema')::text AS t`);
      expect(tables.rows[0]?.t).toBeNull();
    } finally {
      await db.close();
    }
  });

  it('an empty office: its station, and no group, no sender', async () => {
    const url = await suite.server().createDatabase();
    const a = await station(url, 'station-a', 'anna');
    const status = await readOfficeStatus(a.db, { lapseSeconds: 60 });
    expect(status).toMatchObject({
      schemaVersion: OFFICE_SCHEMA_VERSION,
      stations: [{ id: 'station-a', alive: true }],
      documents: { waiting: 0, held: 0, queued: 0 },
      waitingByFolder: [],
      waitingByType: [],
      sentToday: { sent: 0, byClerk: [] },
    });
    expect(status.documents.oldestWaiting).toBeUndefined();
  });

  it("waiting by folder and type with each group's oldest, and sent today per clerk on the database's day", async () => {
    const url = await suite.server().createDatabase();
    // UTC+14, fixed (no summer time): its midnight is never the test machine's, so a day counted in the
    // station's (or the test's) zone would misplace the two uploads either side of it.
    await setDatabaseTimeZone(url, 'Etc/GMT-14');
    const offset = 14 * HOUR;
    const dayStart = Math.floor((Date.now() + offset) / (24 * HOUR)) * 24 * HOUR - offset;
    const a = await station(url, 'station-a', 'anna');
    const b = await station(url, 'station-b', 'bernd');
    const agent = await station(url, 'station-c'); // the agent: no clerk signed in

    // Waiting: two in the claims folder (one a first notice of loss, one untyped), a failed invoice from the
    // post room (the oldest of all), and a drop typed as a first notice of loss.
    const claims1 = await arrive(a.storage, { folder: '/scans/claims', documentType: 'FNOL', at: ago(3 * HOUR) });
    const untyped = await arrive(b.storage, { folder: '/scans/claims', at: ago(1 * HOUR) });
    const invoice = await arrive(b.storage, { folder: '/scans/post', documentType: 'INV', at: ago(5 * HOUR) });
    await send(b.storage, invoice);
    await fail(a.storage, invoice);
    const drop = await arrive(a.storage, {
      folder: 'import',
      documentType: 'FNOL',
      at: ago(2 * HOUR),
      code: 'imported',
    });
    expect(await a.holds.take(claims1, 'anna')).toMatchObject({ taken: true });

    // Sent today: anna sends two, one uploaded by station b's worker (still anna's); bernd sends one, and
    // one exactly at the day's start; a failed one of bernd's anna retried (anna's); the agent sends one (no
    // clerk). Not today: anna's upload a second before midnight. Not sent yet: one of bernd's queued.
    for (const uploader of [b, a]) {
      const d = await arrive(a.storage, { folder: '/scans/claims', at: ago(6 * HOUR) });
      await send(a.storage, d);
      await upload(uploader.storage, d);
    }
    const bernds = await arrive(b.storage, { folder: '/scans/claims', at: ago(6 * HOUR) });
    await send(b.storage, bernds);
    await upload(b.storage, bernds);
    const atMidnight = await arrive(b.storage, { folder: '/scans/claims', at: ago(30 * HOUR) });
    await send(b.storage, atMidnight, new Date(dayStart - HOUR).toISOString());
    await upload(a.storage, atMidnight, new Date(dayStart).toISOString());
    const retried = await arrive(b.storage, { folder: '/scans/post', at: ago(6 * HOUR) });
    await send(b.storage, retried);
    await fail(b.storage, retried);
    await retry(a.storage, retried);
    await upload(b.storage, retried);
    const automatic = await arrive(agent.storage, { folder: '/scans/claims', at: ago(6 * HOUR) });
    await send(agent.storage, automatic);
    await upload(agent.storage, automatic);
    const yesterday = await arrive(a.storage, { folder: '/scans/claims', at: ago(30 * HOUR) });
    await send(a.storage, yesterday, new Date(dayStart - 2 * HOUR).toISOString());
    await upload(a.storage, yesterday, new Date(dayStart - 1000).toISOString());
    const queued = await arrive(b.storage, { folder: '/scans/claims', at: ago(6 * HOUR) });
    await send(b.storage, queued);

    const status = await readOfficeStatus(a.db, { lapseSeconds: 60 });
    const oldest = async (id: string) => (await a.storage.get(id))?.arrivedAt;
    expect(status.documents).toEqual({ waiting: 4, held: 1, queued: 1, oldestWaiting: await oldest(invoice) });
    expect(status.waitingByFolder).toEqual([
      { folder: '/scans/post', waiting: 1, oldest: await oldest(invoice) },
      { folder: '/scans/claims', waiting: 2, oldest: await oldest(claims1) },
      { folder: 'import', waiting: 1, oldest: await oldest(drop) },
    ]);
    expect(status.waitingByType).toEqual([
      { documentType: 'INV', waiting: 1, oldest: await oldest(invoice) },
      { documentType: 'FNOL', waiting: 2, oldest: await oldest(claims1) },
      { documentType: null, waiting: 1, oldest: await oldest(untyped) },
    ]);
    expect(status.sentToday).toEqual({
      since: new Date(dayStart).toISOString(),
      timeZone: 'Etc/GMT-14',
      sent: 6,
      byClerk: [
        { clerk: 'anna', sent: 3 },
        { clerk: 'bernd', sent: 2 },
        { clerk: null, sent: 1 },
      ],
    });
    expect(status.stations.map((s) => [s.id, s.alive])).toEqual([
      ['station-a', true],
      ['station-b', true],
      ['station-c', true],
    ]);
  });

  it('a database older stations keep at schema 2 (no clerk recorded): sent today counted, its clerk not recorded', async () => {
    const url = await suite.server().createDatabase();
    const a = await station(url, 'station-a', 'anna');
    const d = await arrive(a.storage, { folder: '/scans/claims' });
    await send(a.storage, d);
    await upload(a.storage, d);
    // What a database of schema 2 is: step 3 (the clerk column) not taken.
    await a.db.query('ALTER TABLE office_history DROP COLUMN clerk');
    await a.db.query('UPDATE office_schema SET version = 2');
    const status = await readOfficeStatus(a.db, { lapseSeconds: 60 });
    expect(status).toMatchObject({ schemaVersion: 2, sentToday: { sent: 1, byClerk: [{ clerk: null, sent: 1 }] } });
  });

  it('a station that stopped beating is not alive; one that beats is', async () => {
    const url = await suite.server().createDatabase();
    const a = await suite.join(url, 'station-a', { lapseSeconds: 1 });
    await suite.join(url, 'station-b', { lapseSeconds: 1 });
    // Until station b's last beat (its join) is more than a lapse old; station a beats before each look.
    let alive: Array<[string, boolean]>;
    for (;;) {
      await a.station.beat();
      const status = await readOfficeStatus(a.db, { lapseSeconds: 1 });
      alive = status.stations.map((s) => [s.id, s.alive]);
      if (alive[1]?.[1] === false) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(alive).toEqual([
      ['station-a', true],
      ['station-b', false],
    ]);
  });
});
