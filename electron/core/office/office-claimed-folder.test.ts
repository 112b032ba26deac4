import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderProfileSchema } from '../../../shared/domain/settings';
import { IntakeError } from '../errors';
import { EventBus } from '../events/event-bus';
import { HotFolderService } from '../intake/hot-folder-service';
import { acceptingUploader, fastFolderTimings } from '../intake/test-support/hot-folder-suite';
import type { QueueFixture } from '../queue/test-support/queue-fixture';
import { makeQueue } from '../queue/test-support/queue-fixture';
import type { LogEntry } from '../util/logger';
import { waitUntilDone } from '../util/test-support/box-pace';
import { officeClaimProtocol } from './office-claimed-folder';
import { letGoOfCopy } from './office-intake';
import type { TestStation } from './test-support/office-fixture';
import { officeSuite, recordingLogger } from './test-support/office-fixture';

// Watched folders in office mode (issue #50 items 4 and 5): two stations, each with its own queue (its own
// data folder) and hot folders, over one scan folder and one real PostgreSQL. Files are claimed through the
// database (one row per file), never by renames on the share; each scan reaches exactly one queue.
const office = officeSuite();
const FAST = fastFolderTimings();

interface Station {
  id: string;
  office: TestStation;
  fx: QueueFixture;
  service: HotFolderService;
  /** The Idempotency-Keys this station sent. */
  sent: string[];
  /** What its watched folders logged. */
  folderLog: LogEntry[];
}

const running: Station[] = [];
afterEach(async () => {
  for (const s of running.splice(0)) {
    await s.service.stop();
    await s.fx.close();
  }
});

async function startStation(
  url: string,
  id: string,
  scans: string,
  o: { lapseSeconds?: number; queueOutOfReach?: (seenKey: string) => boolean } = {},
) {
  const joined = await office.join(url, id, { lapseSeconds: o.lapseSeconds ?? 60 });
  joined.station.start();
  const sent: string[] = [];
  const fx = await makeQueue(acceptingUploader((r) => sent.push(r.idempotencyKey ?? '')));
  await fx.queue.start();
  const busy = () => {
    const c = fx.queue.status().counts;
    return c.queued + c.uploading;
  };
  const folderLog = recordingLogger();
  // The queue's storage is the office database too in a station: its look-ups fail the same way when cut off.
  const queueOutOfReach = o.queueOutOfReach;
  const target = queueOutOfReach
    ? Object.assign(Object.create(fx.queue) as typeof fx.queue, {
        hasSeen: (key: string) => {
          if (queueOutOfReach(key))
            throw new IntakeError(
              'unreachable',
              'office.unreachable',
              'The office database cannot be reached: read ECONNRESET',
            );
          return fx.queue.hasSeen(key);
        },
      })
    : fx.queue;
  const service = new HotFolderService(target, new EventBus(), folderLog.logger, {
    ...FAST,
    claims: officeClaimProtocol({
      db: joined.db,
      station: joined.station,
      lookAhead: 4,
      busy,
      gatePollMs: 20,
      lookMs: 200,
      retry: { firstMs: 100, maxMs: 1_000 },
    }),
  });
  await service.start([FolderProfileSchema.parse({ id: 's', label: 'S', path: scans, autoSubmit: true })]);
  const station: Station = { id, office: joined, fx, service, sent, folderLog: folderLog.entries };
  running.push(station);
  return station;
}

const docsOf = async (s: Station) => (await s.fx.queue.list({ limit: 1000, offset: 0 })).documents;
const archivedOf = async (s: Station) => (await docsOf(s)).filter((d) => d.state === 'archived');

/** Waits while the stations make progress (documents, files in the folder), not for a wall time. */
const waitUntil = (done: () => Promise<boolean> | boolean, what: string, state: () => unknown): Promise<void> =>
  waitUntilDone(what, done, state, { stallMs: 20_000, ceilingMs: 180_000 });

async function scanFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'office-scans-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0)) await c();
});

async function rowsOf(s: Station): Promise<unknown[]> {
  return (await s.office.db.query('SELECT name, state, station_id FROM office_folder_files')).rows;
}

/** Every file sent once across the stations, and each by its own key: none taken twice. */
async function expectEachOnce(stations: Station[], names: string[]): Promise<void> {
  const arrived = (await Promise.all(stations.map(docsOf))).flatMap((docs) => docs.map((d) => d.fileName)).sort();
  expect(arrived).toEqual([...names].sort());
  const keys = stations.flatMap((s) => s.sent);
  expect(new Set(keys).size).toBe(keys.length);
  expect(keys.length).toBe(names.length);
}

/** The share holds the scans and the folder's id, nothing else: no claimed/, taken/ or heartbeat files. */
async function expectNothingRenamedOnShare(scans: string): Promise<void> {
  expect(await readdir(scans)).toEqual(['.intake']);
  expect(await readdir(join(scans, '.intake'))).toEqual(['folder-id']);
}

describe('watched folders claimed through the office database', () => {
  it('the connection breaks while a claimed file is handed to the queue: a wait said once as a warning, no error, each file sent once', async () => {
    const url = await office.server().createDatabase();
    const scans = await scanFolder();
    // Three files' hand-overs meet the queue's storage cut off (ECONNRESET mid-query, as PostgreSQL crashing)
    // after their claim: the folder asks the queue once before claiming and once after.
    let cutOff = 3;
    const asked = new Map<string, number>();
    const a = await startStation(url, 'station-a', scans, {
      queueOutOfReach: (key) => {
        asked.set(key, (asked.get(key) ?? 0) + 1);
        return asked.get(key) === 2 && cutOff-- > 0;
      },
    });
    const names = Array.from({ length: 6 }, (_, i) => `reset_${i}.pdf`);
    for (const name of names) await writeFile(join(scans, name), `${name} ${'r'.repeat(500)}`);
    await waitUntil(
      async () => (await archivedOf(a)).length >= names.length && (await rowsOf(a)).length === 0,
      'every file archived after the broken hand-overs',
      async () => [(await archivedOf(a)).length, cutOff],
    );
    expect(cutOff).toBeLessThan(0);
    await expectEachOnce([a], names);
    expect(a.folderLog.filter((e) => e.level === 'error')).toEqual([]);
    // Each break said once as a wait and once as over (here the breaks are the queue's alone, so a claim in
    // between may find the database answering): never once per try. The folder says it (the queue did not
    // answer), or the claim's wait when the break reaches it.
    const waits = a.folderLog.filter(
      (e) =>
        e.level === 'warn' &&
        (e.message.startsWith('the queue could not say') || e.message.startsWith('watched folder waits')),
    );
    const back = a.folderLog.filter(
      (e) =>
        e.message === 'the queue answers again: files are taken from the folder again' ||
        e.message === 'watched folder taken from again',
    );
    expect(waits.length).toBeGreaterThanOrEqual(1);
    expect(waits.length).toBeLessThanOrEqual(3);
    expect(back).toHaveLength(waits.length);
  });

  it("a station's claim lapses while it copies (it stopped beating) and another claims the file: its copy goes, unsent", async () => {
    const url = await office.server().createDatabase();
    const scans = await scanFolder();
    // Station A never beats (cut off, frozen): its claim lapses after 2 s while its copy waits.
    const a = await office.join(url, 'station-a', { lapseSeconds: 2 });
    const other = await office.join(url, 'station-b', { lapseSeconds: 2 });
    const fx = await makeQueue(acceptingUploader());
    await fx.queue.start();
    let release: () => void = () => undefined;
    const held = new Promise<void>((r) => (release = r));
    let copied = false;
    const folderLog = recordingLogger();
    const service = new HotFolderService(
      {
        hasSeen: (key) => fx.queue.hasSeen(key),
        ingest: async (file) => {
          const r = await fx.queue.ingest(file);
          copied = true;
          await held;
          return r;
        },
        letGo: (file) => letGoOfCopy(fx.queue, fx.spool, file),
      },
      new EventBus(),
      folderLog.logger,
      {
        ...FAST,
        claims: officeClaimProtocol({ db: a.db, station: a.station, lookAhead: 4, busy: () => 0, lookMs: 200 }),
      },
    );
    running.push({ id: 'a', office: a, fx, service, sent: [], folderLog: folderLog.entries });
    // Not auto-submitted: the copy waits in A's inbox, unsent, when its claim is lost.
    await service.start([FolderProfileSchema.parse({ id: 's', label: 'S', path: scans, autoSubmit: false })]);
    await writeFile(join(scans, 'slow.pdf'), 'a scan whose copy takes too long');
    await waitUntil(
      () => copied,
      "A's copy",
      async () => (await docsOf({ fx } as Station)).length,
    );
    expect(await docsOf({ fx } as Station)).toHaveLength(1);
    const folderId = (await readFile(join(scans, '.intake', 'folder-id'), 'utf8')).trim();
    const s = await stat(join(scans, 'slow.pdf'));
    const file = { folderId, name: 'slow.pdf', size: s.size, mtimeMs: Math.trunc(s.mtimeMs) };
    await waitUntil(
      async () => (await other.claims.claim(file)) === 'won',
      "B's claim, once A's lapsed",
      () => 0,
    );
    release();
    // The copy is discarded before its spool file is removed and the warning written: waited for both.
    const letGoSaid = () =>
      folderLog.entries.some((e) => e.message.startsWith('claim lapsed before the file was taken'));
    await waitUntil(
      async () => (await docsOf({ fx } as Station)).length === 0 && letGoSaid(),
      "A's copy let go",
      async () => [(await docsOf({ fx } as Station)).map((d) => d.state), folderLog.entries.length],
    );
    expect(folderLog.entries.some((e) => e.level === 'warn' && e.message.endsWith("this station's copy let go"))).toBe(
      true,
    );
    // The file is B's to take: its row says so, and it still lies in the folder.
    expect(await rowsOf({ office: other } as Station)).toEqual([
      { name: 'slow.pdf', state: 'claimed', station_id: 'station-b' },
    ]);
    expect(await readdir(scans)).toContain('slow.pdf');
  });

  it('two stations over one folder: every file arrives exactly once, both take some, nothing renamed on the share', async () => {
    const url = await office.server().createDatabase();
    const scans = await scanFolder();
    const a = await startStation(url, 'station-a', scans);
    const b = await startStation(url, 'station-b', scans);
    const names = Array.from({ length: 40 }, (_, i) => `scan_${String(i).padStart(3, '0')}.pdf`);
    for (const name of names) await writeFile(join(scans, name), `${name} ${'x'.repeat(2000)}`);
    const state = async () => [(await archivedOf(a)).length, (await archivedOf(b)).length];
    await waitUntil(
      async () =>
        (await archivedOf(a)).length + (await archivedOf(b)).length >= names.length && (await rowsOf(a)).length === 0,
      'every file archived and its row freed',
      state,
    );
    await expectEachOnce([a, b], names);
    expect((await archivedOf(a)).length).toBeGreaterThan(0);
    expect((await archivedOf(b)).length).toBeGreaterThan(0);
    await expectNothingRenamedOnShare(scans);
    // The status shows both stations on the folder, this one first.
    const seen = a.service.sharedStations()[0];
    expect(seen).toMatchObject({ folderId: 's', claims: true });
    expect(seen?.stations.map((v) => [v.station, v.self])).toEqual([
      ['station-a', true],
      ['station-b', false],
    ]);
  });

  it('a station killed after its claim: the claim lapses and the other station takes the file, not before', async () => {
    const url = await office.server().createDatabase();
    const scans = await scanFolder();
    // Station A claims the file and stops (killed before it copied it): it never beats again.
    const killed = await office.join(url, 'station-killed', { lapseSeconds: 2 });
    const b = await startStation(url, 'station-b', scans, { lapseSeconds: 2 });
    await writeFile(join(scans, 'claimed-by-a.pdf'), 'a scan claimed by a station that died');
    // The folder's id, written by station B at its start.
    const folderId = (await readFile(join(scans, '.intake', 'folder-id'), 'utf8')).trim();
    const s = await stat(join(scans, 'claimed-by-a.pdf'));
    expect(
      await killed.claims.claim({ folderId, name: 'claimed-by-a.pdf', size: s.size, mtimeMs: Math.trunc(s.mtimeMs) }),
    ).toBe('won');
    const { rows } = await killed.db.query<{ claim_expires_at: Date }>(
      'SELECT claim_expires_at FROM office_folder_files WHERE name = $1',
      ['claimed-by-a.pdf'],
    );
    const lapsesAt = rows[0]!.claim_expires_at.getTime();
    await waitUntil(
      async () => (await archivedOf(b)).length === 1,
      'the file taken by station B',
      async () => (await docsOf(b)).length,
    );
    // B took it only once A's claim had lapsed (one server, one clock on this box).
    expect(Date.parse((await docsOf(b))[0]!.arrivedAt)).toBeGreaterThanOrEqual(lapsesAt - 50);
    await expectEachOnce([b], ['claimed-by-a.pdf']);
  });

  it('the scanner reuses a name for a new scan: taken again, once, by one of the stations', async () => {
    const url = await office.server().createDatabase();
    const scans = await scanFolder();
    const a = await startStation(url, 'station-a', scans);
    const b = await startStation(url, 'station-b', scans);
    await writeFile(join(scans, 'scan.pdf'), 'the first scan');
    const all = async () => [...(await docsOf(a)), ...(await docsOf(b))];
    await waitUntil(
      async () => (await all()).filter((d) => d.state === 'archived').length === 1 && (await rowsOf(a)).length === 0,
      'the first scan archived',
      async () => (await all()).length,
    );
    await writeFile(join(scans, 'scan.pdf'), 'the second scan under the same name, longer');
    await waitUntil(
      async () => (await all()).filter((d) => d.state === 'archived').length === 2,
      'the second scan archived',
      async () => (await all()).length,
    );
    await expectEachOnce([a, b], ['scan.pdf', 'scan.pdf']);
    expect(new Set((await all()).map((d) => d.size))).toEqual(new Set([14, 43]));
    await expectNothingRenamedOnShare(scans);
  });

  it('the database stopped while files wait: nothing is taken, each station says so once, and all is taken once when it is back', async () => {
    const url = await office.server().createDatabase();
    const scans = await scanFolder();
    const a = await startStation(url, 'station-a', scans);
    const b = await startStation(url, 'station-b', scans);
    await office.server().stop('immediate');
    const names = Array.from({ length: 12 }, (_, i) => `while-down_${i}.pdf`);
    for (const name of names) await writeFile(join(scans, name), `${name} ${'y'.repeat(500)}`);
    const saidDown = (s: Station) =>
      s.office.entries.filter((e) => e.level === 'warn' && e.message.startsWith('office database unreachable'));
    // Both stations came to claim files and found the database out of reach: none taken.
    const folderWaits = (s: Station) =>
      s.folderLog.filter((e) => e.level === 'warn' && e.message.startsWith('watched folder waits for the office'));
    await waitUntil(
      () => [a, b].every((s) => folderWaits(s).length > 0 && saidDown(s).length > 0),
      'both stations waiting for the database',
      () => [a.service.pending(), b.service.pending()],
    );
    expect([...(await docsOf(a)), ...(await docsOf(b))]).toEqual([]);
    expect((await readdir(scans)).filter((n) => n !== '.intake').sort()).toEqual([...names].sort());
    await office.server().start();
    await waitUntil(
      async () =>
        (await archivedOf(a)).length + (await archivedOf(b)).length >= names.length && (await rowsOf(a)).length === 0,
      'every file archived once the database is back',
      async () => [(await archivedOf(a)).length, (await archivedOf(b)).length],
    );
    await expectEachOnce([a, b], names);
    for (const s of [a, b]) {
      // Said once, plainly, and once that it is back: not once per file or per try.
      expect(saidDown(s)).toHaveLength(1);
      expect(folderWaits(s)).toHaveLength(1);
      expect(s.office.entries.some((e) => e.message.startsWith('office database reachable again'))).toBe(true);
    }
  });
});
