import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Notice } from '../../../shared/domain/notice';
import { FolderProfileSchema } from '../../../shared/domain/settings';
import { EventBus } from '../events/event-bus';
import type { IntakePipeline } from '../intake-pipeline';
import { createIntakePipeline } from '../intake-pipeline';
import { acceptingUploader, fastFolderTimings } from '../intake/test-support/hot-folder-suite';
import { createDefaultSettings } from '../settings/default-settings';
import { systemClock } from '../util/clock';
import { silentLogger } from '../util/logger';
import { waitUntilDone } from '../util/test-support/box-pace';
import { OfficeMembership } from './office-membership';
import { officeAddress, officeSuite, recordingLogger } from './test-support/office-fixture';

// The station's core as the agent and the window put it together (intake-pipeline.ts), given an office
// database (issue #50 items 4 and 5): its watched folder is claimed through the database; the database out
// of reach is a notice to the clerk and the station's state (the status file's `office`), nothing is taken
// meanwhile, and the station goes on by itself when it is back, also when it started while it was down.
const office = officeSuite();
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
});

async function station(url: string, o: { autoSubmit?: boolean; name?: string } = {}) {
  const dir = await mkdtemp(join(tmpdir(), 'office-pipeline-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const scans = join(dir, 'scans');
  await mkdir(scans);
  const { logger, entries } = recordingLogger();
  const membership = await OfficeMembership.start({
    address: officeAddress(url),
    dataDir: join(dir, 'data'),
    name: o.name ?? 'PC test',
    logger,
    retry: { firstMs: 100, maxMs: 500 },
  });
  cleanups.push(() => membership.close());
  const bus = new EventBus();
  const uploads: string[] = [];
  const told = new Set<string>();
  // Told as another station's change (the office database's notice), not as this station's own work.
  const toldElsewhere = new Set<string>();
  bus.on('documents.changed', ({ documents, elsewhere }) =>
    documents.forEach((d) => (elsewhere ? toldElsewhere : told).add(d.id)),
  );
  const notices: Notice[] = [];
  bus.on('notice.raised', ({ notice }) => void notices.push(notice));
  const settings = {
    ...createDefaultSettings({ baseUrl: 'http://127.0.0.1:9', tokenUrl: 'http://127.0.0.1:9' }),
    folders: [FolderProfileSchema.parse({ id: 's', label: 'Scans', path: scans, autoSubmit: o.autoSubmit ?? true })],
  };
  const pipeline: IntakePipeline = await createIntakePipeline({
    dataDir: join(dir, 'data'),
    settings,
    uploader: acceptingUploader((r) => uploads.push(r.fileName)),
    bus,
    clock: systemClock,
    logger: silentLogger,
    folderOptions: fastFolderTimings(),
    office: membership,
  });
  cleanups.push(() => pipeline.stop());
  await pipeline.start();
  // The station's documents are in the office database (issue #50 item 1): while it is out of reach the
  // station cannot list them, and says why.
  const archived = async (): Promise<number | 'office.unreachable'> => {
    try {
      const { documents } = await pipeline.queue.list({ limit: 100, offset: 0 });
      return documents.filter((d) => d.state === 'archived').length;
    } catch (e) {
      if ((e as { code?: string }).code === 'office.unreachable') return 'office.unreachable';
      throw e;
    }
  };
  const of = (code: Notice['code']) => notices.filter((n) => n.code === code);
  return { scans, membership, pipeline, archived, of, entries, uploads, told, toldElsewhere };
}

const waitUntil = (done: () => boolean | Promise<boolean>, what: string, state: () => unknown): Promise<void> =>
  waitUntilDone(what, done, state, { stallMs: 20_000, ceilingMs: 120_000 });

describe('a station with an office database', () => {
  it('claims through it; out of reach: a notice and its state, nothing taken; back: a notice, and it goes on', async () => {
    const url = await office.server().createDatabase();
    const s = await station(url);
    await s.membership.joined;
    await writeFile(join(s.scans, 'first.pdf'), 'the first scan');
    await waitUntil(async () => (await s.archived()) === 1, 'the first scan archived', s.archived);
    expect(await readdir(join(s.scans, '.intake'))).toEqual(['folder-id']);

    await office.server().stop('immediate');
    await writeFile(join(s.scans, 'while-down.pdf'), 'a scan written while the database is down');
    await waitUntil(
      () => s.of('office.unreachable').length > 0,
      'the notice',
      () => s.membership.state(),
    );
    expect(s.of('office.unreachable')[0]).toMatchObject({ level: 'warning', values: { database: expect.any(String) } });
    expect(s.membership.state()).toMatchObject({ state: 'unreachable', since: expect.any(String) });
    expect(await s.archived()).toBe('office.unreachable');
    expect(await readdir(s.scans)).toContain('while-down.pdf');

    await office.server().start();
    await waitUntil(
      async () => (await s.archived()) === 2,
      'the waiting scan taken once the database is back',
      s.archived,
    );
    await waitUntil(
      () => s.of('office.back').length > 0,
      'the notice it is back',
      () => s.membership.state(),
    );
    expect(s.of('office.unreachable')).toHaveLength(1);
    expect(s.of('office.back')).toHaveLength(1);
    expect(s.membership.state().state).toBe('connected');
  });

  it('started while the database is down: it starts, takes nothing, joins by itself when it is back', async () => {
    const url = await office.server().createDatabase();
    await office.server().stop('fast');
    const s = await station(url);
    await writeFile(join(s.scans, 'early.pdf'), 'a scan waiting for the office');
    await waitUntil(
      () => s.entries.some((e) => e.level === 'warn' && e.message.startsWith('office database unreachable')),
      'the station saying the database is out of reach',
      () => s.membership.state(),
    );
    expect(s.membership.state().state).toBe('unreachable');
    // Nothing taken: the scan stays where the scanner put it, and the list says the office is out of reach.
    expect(await readdir(s.scans)).toContain('early.pdf');
    expect(await s.archived()).toBe('office.unreachable');
    await office.server().start();
    await waitUntil(async () => (await s.archived()) === 1, 'the scan taken once the station joined', s.archived);
    expect(s.entries.some((e) => e.message === 'joined the office database')).toBe(true);
  });
});

describe('one office inbox for two stations (issue #50 items 1 and 3)', () => {
  it("a scan taken at one station is in the other's inbox live, opens there with its bytes, and a clerk there submits it: the station that took it sends it, once", async () => {
    const url = await office.server().createDatabase();
    const a = await station(url, { autoSubmit: false, name: 'PC A' });
    const b = await station(url, { autoSubmit: false, name: 'PC B' });
    await Promise.all([a.membership.joined, b.membership.joined]);
    const bytes = Buffer.from('%PDF-1.4 a letter scanned at the front desk');
    await writeFile(join(a.scans, 'letter.pdf'), bytes);
    const listed = async (s: typeof a) => {
      const got = await s.pipeline.queue.list({ limit: 10, offset: 0 });
      return got.documents;
    };
    await waitUntil(
      async () => (await listed(a)).length === 1,
      'A took the scan',
      () => a.entries.length,
    );
    const [doc] = await listed(a);
    if (!doc) throw new Error('no document');
    // B's window hears of it without asking (documents.changed from A's commit), and lists it.
    await waitUntil(
      () => b.toldElsewhere.has(doc.id),
      "B told of A's document",
      () => b.toldElsewhere.size,
    );
    // As A's change: B's log and counters leave it to A (health/station-monitor.ts).
    expect(b.told.has(doc.id)).toBe(false);
    expect((await listed(b)).map((d) => d.id)).toEqual([doc.id]);
    // B's clerk opens it: the bytes come from the office database, as they were scanned.
    await waitUntil(
      async () =>
        await b.pipeline.queue
          .content(doc.id)
          .then((c) => c.bytes.equals(bytes))
          .catch(() => false),
      "the document's bytes at B",
      () => b.entries.length,
    );
    // B's clerk submits it; A sends it (its queue heard of it), B never does.
    await b.pipeline.queue.submit([doc.id], { caseNumber: 'SH-2026-0001' }, false);
    await waitUntil(
      async () => (await listed(b))[0]?.state === 'archived',
      'the document sent and archived',
      async () => (await listed(b))[0]?.state,
    );
    expect(a.uploads).toEqual(['letter.pdf']);
    expect(b.uploads).toEqual([]);
  });
});
