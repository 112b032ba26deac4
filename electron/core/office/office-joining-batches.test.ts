import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderProfileSchema } from '../../../shared/domain/settings';
import { BatchStore } from '../capture/batches/batch-store';
import { CASE_BATCH_PARTS, CASE_BATCH_PROFILE } from '../capture/test-support/case-batch';
import { EventBus } from '../events/event-bus';
import { createIntakePipeline } from '../intake-pipeline';
import { acceptingUploader, fastFolderTimings } from '../intake/test-support/hot-folder-suite';
import { openQueueDatabase } from '../queue/queue-database';
import { SqliteDraftStorage } from '../drafts/sqlite-draft-storage';
import { createDefaultSettings } from '../settings/default-settings';
import { systemClock } from '../util/clock';
import { waitUntilDone } from '../util/test-support/box-pace';
import type { OfficeJoiningDeps } from './office-joining';
import { joinOffice } from './office-joining';
import { OfficeMembership } from './office-membership';
import { ownBatchFile } from './sqlite-own-batch-file';
import { PostgresBatchStorage } from './postgres-batch-storage';
import { PostgresDocumentStorage } from './postgres-document-storage';
import { PostgresDraftStorage } from './postgres-draft-storage';
import { PostgresPageEditStorage } from './postgres-page-edit-storage';
import { SqlitePageEditStorage } from '../capture/page-tools/sqlite-page-edit-storage';
import { addOfficeDocument, officeAddress, officeSuite, recordingLogger } from './test-support/office-fixture';
import { ownBatches, PLAN } from './test-support/own-batches';
import type { OfficeDatabase } from './office-database';

// Joining (issue #50 item 2) moves the capture batches of the station's own file too: a batch left there
// would never be split once the station works from the office (its capture line reads the office's tables).
const office = officeSuite();
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
});

const T2 = '2026-12-01T09:05:00.000Z';

const waitUntil = (done: () => boolean | Promise<boolean>, what: string, state: () => unknown): Promise<void> =>
  waitUntilDone(what, done, state, { stallMs: 30_000, ceilingMs: 240_000 });

async function officeParts(db: OfficeDatabase, batchId: string) {
  const { rows } = await db.query<{ document_id: string; part_index: number; part_count: number; pages: number[] }>(
    'SELECT document_id, part_index, part_count, pages FROM office_capture_parts WHERE batch_id = $1 ORDER BY part_index',
    [batchId],
  );
  return rows;
}

async function officeBatchRow(db: OfficeDatabase, id: string) {
  const { rows } = await db.query<{ station_id: string; updated_at: Date }>(
    'SELECT station_id, updated_at FROM office_capture_batches WHERE id = $1',
    [id],
  );
  return rows.map((r) => ({ station: r.station_id, updatedAt: r.updated_at.toISOString() }));
}

describe('joining moves the capture batches of the station own file', () => {
  /** One station's joining deps on a test station, its own file wrapped where a test breaks it. */
  async function setUp(id: string) {
    const url = await office.server().createDatabase();
    const s = await office.join(url, id);
    const dir = await mkdtemp(join(tmpdir(), 'office-joining-batches-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const own = await ownBatches(join(dir, 'data'), join(dir, 'scans'));
    cleanups.push(() => own.close());
    const { logger, entries } = recordingLogger();
    const deps: OfficeJoiningDeps = {
      db: s.db,
      stationId: id,
      local: own.store,
      localDrafts: new SqliteDraftStorage({ db: own.db, isOpen: () => true, clock: systemClock }),
      localBatches: ownBatchFile(own.batches, own.store),
      localPageEdits: new SqlitePageEditStorage(own.db),
      documents: new PostgresDocumentStorage(s.db, id),
      drafts: new PostgresDraftStorage({ db: s.db, isOpen: () => true, clock: systemClock, stationId: id }),
      batches: new PostgresBatchStorage(s.db, id),
      pageEdits: new PostgresPageEditStorage(s.db, id),
      clock: systemClock,
      logger,
    };
    return { url, s, own, deps, entries };
  }

  it("each batch not done goes with everything it had; the station's file keeps only the done one; a crash between the office's commit and the local removal is resumed without a duplicate", async () => {
    const { s, own, deps, entries } = await setUp('pc-a');
    const { waiting, held, half } = await own.fourBatches();
    const before = Object.fromEntries(
      ['batch-waiting', 'batch-held', 'batch-half'].map((id) => [id, own.batches.get(id)]),
    );
    expect(before['batch-held']).toMatchObject({ state: 'held', plan: PLAN });
    expect(before['batch-half']).toMatchObject({ state: 'received', analysisStarts: 1 });
    const partHistory = own.store.historyOf('part-half-1');
    // The station stops after the half-split batch's office commit, before its file lets go of it.
    let crashes = 1;
    const crashing: OfficeJoiningDeps['localBatches'] = {
      ...deps.localBatches,
      forgetMoved: (id, parts) => {
        if (id === 'batch-half' && crashes-- > 0) throw new Error('the station stopped here');
        deps.localBatches.forgetMoved(id, parts);
      },
    };
    expect(await joinOffice({ ...deps, localBatches: crashing })).toEqual({
      moved: 0,
      left: 0,
      batches: { moved: 2, left: 1 },
    });
    expect(own.batches.get('batch-half')?.state).toBe('received');
    // The next start: the half-split batch is in the office already; it is only let go of in the station's file.
    expect(await joinOffice(deps)).toEqual({ moved: 0, left: 0, batches: { moved: 1, left: 0 } });
    expect(await joinOffice(deps)).toEqual({ moved: 0, left: 0, batches: { moved: 0, left: 0 } });

    // Each as it was: id, state, plan, profile, analysis starts, times, as this station's.
    const inOffice = new PostgresBatchStorage(s.db, 'pc-a');
    for (const id of ['batch-waiting', 'batch-held', 'batch-half']) expect(await inOffice.get(id)).toEqual(before[id]);
    expect(await officeBatchRow(s.db, 'batch-held')).toEqual([{ station: 'pc-a', updatedAt: T2 }]);
    expect(await officeBatchRow(s.db, 'batch-done')).toEqual([]);
    // The half-split batch's part, once (no second link, no second document); it resumes after page 1.
    expect(await officeParts(s.db, 'batch-half')).toEqual([
      { document_id: 'part-half-1', part_index: 0, part_count: 0, pages: [0, 1] },
    ]);
    expect(await inOffice.partsMade('batch-half')).toEqual({ count: 1, nextPage: 2 });
    // Its uploaded part went with it, archived, with its history: the office counts it sent.
    const docs = new PostgresDocumentStorage(s.db, 'pc-a');
    expect(await docs.get('part-half-1')).toMatchObject({ state: 'archived', uploadedAt: T2 });
    expect(await inOffice.partsPending('batch-half')).toBe(0);
    const { rows: partSteps } = await s.db.query<{ code: string }>(
      "SELECT code FROM office_history WHERE document_id = 'part-half-1' ORDER BY id",
    );
    expect(partSteps.map((r) => r.code)).toEqual(partHistory.map((h) => h.step?.code));
    // The scanners' files are known as taken: not taken a second time from the folder.
    for (const b of [waiting, held, half]) expect(await docs.hasSeen(b.seenKey)).toBe(true);
    // Nothing of them is left in the station's file; the done one stays, done.
    expect(own.batches.notDone()).toEqual([]);
    expect(own.batches.get('batch-done')?.state).toBe('done');
    expect(own.batches.partsOf('batch-half')).toEqual([]);
    expect(own.store.get('part-half-1')).toBeUndefined();
    expect(own.store.historyOf('part-half-1')).toEqual([]);
    expect(own.store.seenKeysOf('batch-waiting')).toEqual([]);
    expect(entries.filter((e) => e.message.startsWith('moved ')).map((e) => e.message)).toEqual([
      "moved 2 capture batches of this station's own queue into the office database",
      "moved 1 capture batches of this station's own queue into the office database",
    ]);
  });

  it("a batch whose id the office has as another station's stays in the station's file, named in a warning, tried again at the next start; the others go on", async () => {
    const { url, s, own, deps, entries } = await setUp('pc-a');
    await own.fourBatches();
    const other = await office.join(url, 'pc-b');
    await new PostgresBatchStorage(other.db, 'pc-b').insert({ ...own.batches.get('batch-held')!, state: 'received' });
    // And a part already uploaded whose id the office has as another station's document: its batch stays whole.
    await addOfficeDocument(other.db, { id: 'part-half-1', stationId: 'pc-b' });
    expect(await joinOffice(deps)).toEqual({ moved: 0, left: 0, batches: { moved: 1, left: 2 } });
    expect(own.batches.notDone().map((b) => b.batch.id)).toEqual(['batch-held', 'batch-half']);
    expect(own.batches.partsOf('batch-half')).toHaveLength(1);
    expect(own.store.get('part-half-1')?.state).toBe('archived');
    const inOffice = new PostgresBatchStorage(s.db, 'pc-a');
    expect(await inOffice.get('batch-half')).toBeUndefined();
    expect(await officeParts(s.db, 'batch-half')).toEqual([]);
    // pc-b's batch is pc-b's alone: not this station's to work on.
    expect(await inOffice.get('batch-held')).toBeUndefined();
    expect((await new PostgresBatchStorage(other.db, 'pc-b').get('batch-held'))?.state).toBe('received');
    const warned = entries.filter((e) => e.level === 'warn');
    expect(warned.map((e) => [e['batch'], e['station'] ?? e['file']])).toEqual([
      ['batch-held', 'pc-b'],
      ['batch-half', 'CLM-2026-000101_half.pdf'],
    ]);
    expect(warned[1]?.message).toMatch(/capture batch .* could not be moved into the office database; it stays/);
    expect(await joinOffice(deps)).toEqual({ moved: 0, left: 0, batches: { moved: 0, left: 2 } });
    expect(own.batches.notDone()).toHaveLength(2);
  });
});

describe('a station with capture batches given an office database', () => {
  it(
    'moves them at its start and its capture line finishes them there: the waiting one is split, the half-split one makes only its other parts, the held one is made as the clerk releases it',
    { timeout: 300_000 },
    async () => {
      const url = await office.server().createDatabase();
      const dir = await mkdtemp(join(tmpdir(), 'office-joining-batches-'));
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      const dataDir = join(dir, 'data');
      const scans = join(dir, 'scans');
      const own = await ownBatches(dataDir, scans);
      const { half } = await own.fourBatches();
      await own.close();

      // The same station started again, now with the office database (as app.ts and the agent do).
      const { logger, entries } = recordingLogger();
      const membership = await OfficeMembership.start({
        address: officeAddress(url),
        dataDir,
        name: 'PC post room',
        logger,
        retry: { firstMs: 100, maxMs: 500 },
      });
      cleanups.push(() => membership.close());
      const uploads: string[] = [];
      const pipeline = await createIntakePipeline({
        dataDir,
        settings: {
          ...createDefaultSettings({ baseUrl: 'http://127.0.0.1:9', tokenUrl: 'http://127.0.0.1:9' }),
          folders: [FolderProfileSchema.parse({ id: 'post', label: 'Post', path: scans, ...CASE_BATCH_PROFILE })],
        },
        uploader: acceptingUploader((r) => uploads.push(r.fileName)),
        bus: new EventBus(),
        clock: systemClock,
        logger,
        folderOptions: fastFolderTimings(),
        office: membership,
      });
      let stopped = false;
      cleanups.push(() => (stopped ? Promise.resolve() : pipeline.stop()));
      await pipeline.start();
      const batches = new PostgresBatchStorage(membership.db, membership.station.id);
      const stateOf = (id: string) =>
        batches.get(id).then(
          (b) => b?.state ?? 'not in the office',
          () => 'the office not joined yet',
        );

      // The held batch is the clerk's to review, with its plan, as before.
      await waitUntil(
        // Not joined yet: the office answers once the station joined it.
        () =>
          pipeline.capture.held().then(
            (h) => h.some((b) => b.id === 'batch-held'),
            () => false,
          ),
        'the held batch in the review',
        () => stateOf('batch-held'),
      );
      expect((await pipeline.capture.held()).find((b) => b.id === 'batch-held')).toMatchObject({
        pages: PLAN.pages,
        documents: PLAN.documents,
      });
      await pipeline.capture.release(
        'batch-held',
        PLAN.documents.map((d) => d.pages),
      );

      // The half-split one: its two other parts made and sent, then it is done (its first part was sent
      // before joining and counts as sent); the waiting one: split into its three documents, in the inbox.
      await waitUntil(
        async () =>
          (await stateOf('batch-half')) === 'done' &&
          (await stateOf('batch-waiting')) === 'split' &&
          (await stateOf('batch-held')) === 'split',
        'the three batches made into documents, the half-split one done',
        async () => [await stateOf('batch-half'), await stateOf('batch-waiting'), await stateOf('batch-held')],
      );
      const pagesOf = async (id: string) => (await officeParts(membership.db, id)).map((p) => [p.part_index, p.pages]);
      const parts = CASE_BATCH_PARTS.map((p) => [...p]);
      expect(await pagesOf('batch-half')).toEqual(parts.map((p, i) => [i, p]));
      expect(await pagesOf('batch-waiting')).toEqual(parts.map((p, i) => [i, p]));
      expect(await pagesOf('batch-held')).toEqual(parts.map((p, i) => [i, p]));
      expect((await officeParts(membership.db, 'batch-half')).map((p) => p.part_count)).toEqual([3, 3, 3]);
      // Only the half-split batch's other two parts were sent: its first was sent before, never again.
      expect(uploads.sort()).toEqual(['CLM-2026-000101_half_p5-6.pdf', 'CLM-2026-000101_half_p8-9.pdf']);
      const { rows: inbox } = await membership.db.query<{ file_name: string; state: string }>(
        `SELECT d.file_name, d.state FROM office_documents d JOIN office_capture_parts p ON p.document_id = d.id
          WHERE p.batch_id = 'batch-waiting' ORDER BY p.part_index`,
      );
      expect(inbox.map((d) => d.state)).toEqual(['new', 'new', 'new']);
      // Its scanner's file was known as taken: no fourth batch was made of it, and once done it went.
      const { rows: all } = await membership.db.query<{ id: string }>(
        'SELECT id FROM office_capture_batches ORDER BY id',
      );
      expect(all.map((b) => b.id)).toEqual(['batch-half', 'batch-held', 'batch-waiting']);
      await expect(stat(half.batch.sourcePath)).rejects.toMatchObject({ code: 'ENOENT' });
      expect(entries.filter((e) => e.message.startsWith('moved ')).map((e) => e.message)).toEqual([
        "moved 3 capture batches of this station's own queue into the office database",
      ]);
      await pipeline.stop();
      stopped = true;

      // The station's file holds none of them any more (the done one stays, done).
      const db = openQueueDatabase(join(dataDir, 'queue.sqlite'));
      cleanups.push(async () => void db.close());
      const after = new BatchStore(db);
      expect(after.notDone()).toEqual([]);
      expect(after.get('batch-done')?.state).toBe('done');
    },
  );
});
