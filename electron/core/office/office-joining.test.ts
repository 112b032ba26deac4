import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DocumentState } from '../../../shared/domain/document';
import { historyStep } from '../../../shared/domain/history';
import type { HistoryEntry } from '../../../shared/domain/queue';
import { FolderProfileSchema } from '../../../shared/domain/settings';
import { SqliteDraftStorage } from '../drafts/sqlite-draft-storage';
import { EventBus } from '../events/event-bus';
import { createIntakePipeline } from '../intake-pipeline';
import { acceptingUploader, fastFolderTimings } from '../intake/test-support/hot-folder-suite';
import { DocumentStore } from '../queue/document-store';
import { openQueueDatabase } from '../queue/queue-database';
import { Spool } from '../queue/spool';
import { createDefaultSettings } from '../settings/default-settings';
import { systemClock } from '../util/clock';
import { waitUntilDone } from '../util/test-support/box-pace';
import type { OfficeDatabase } from './office-database';
import type { OfficeJoiningDeps } from './office-joining';
import { joinOffice } from './office-joining';
import { OfficeMembership } from './office-membership';
import { PostgresBatchStorage } from './postgres-batch-storage';
import { PostgresDocumentStorage } from './postgres-document-storage';
import { ownBatchFile } from './sqlite-own-batch-file';
import { BatchStore } from '../capture/batches/batch-store';
import { PostgresDraftStorage } from './postgres-draft-storage';
import { PostgresPageEditStorage } from './postgres-page-edit-storage';
import { SqlitePageEditStorage } from '../capture/page-tools/sqlite-page-edit-storage';
import { addOfficeDocument, officeAddress, officeSuite, recordingLogger } from './test-support/office-fixture';

// Joining (issue #50 item 2): a station that worked with its own queue (queue.sqlite) and is then given an
// office database moves what waits there into the office, once, resumably: nothing lost, nothing sent twice.
const office = officeSuite();
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
});

const T1 = '2026-12-01T09:00:00.000Z';
const T2 = '2026-12-01T09:05:00.000Z';
const T3 = '2026-12-01T09:10:00.000Z';

/** The station's own queue file as it worked before it had an office database: the real store and spool. */
async function ownQueue(dataDir: string) {
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const db = openQueueDatabase(join(dataDir, 'queue.sqlite'));
  const store = new DocumentStore(db);
  const spool = new Spool(join(dataDir, 'spool'));
  await spool.init();
  const drafts = new SqliteDraftStorage({ db, isOpen: () => true, clock: systemClock });
  const arrive = async (id: string, fileName: string) => {
    const copy = await spool.writeBytes(Buffer.from(`%PDF-1.4 ${fileName}`), id);
    store.insert(
      {
        id,
        fileName,
        sourceFolder: 's',
        sourcePath: `/scans/${fileName}`,
        sourceSize: copy.size,
        sourceMtimeMs: 1_764_579_600_000,
        spoolName: copy.name,
        size: copy.size,
        contentType: 'application/pdf',
        sha256: copy.sha256,
        at: T1,
        state: 'new',
        metadata: {},
        seenKey: `s\0${fileName}\0${copy.size}`,
      },
      historyStep('arrived'),
    );
  };
  return {
    db,
    store,
    spool,
    drafts,
    arrive,
    /** A letter the clerk began to tag (its draft), a claim submitted with its key, a scan the platform refused. */
    async threeWaiting() {
      await arrive('doc-new', 'letter.pdf');
      await drafts.save('doc-new', { caseNumber: 'SH-2026-0007' });
      await arrive('doc-queued', 'claim.pdf');
      store.update(
        'doc-queued',
        {
          state: 'queued',
          metadata: { caseNumber: 'SH-2026-0001' },
          idempotencyKey: 'key-of-the-claim',
          attempts: 1,
          enqueue: true,
        },
        T2,
        historyStep('submitted'),
      );
      await arrive('doc-failed', 'scan.pdf');
      store.update(
        'doc-failed',
        {
          state: 'failed',
          attempts: 1,
          error: { code: 'platform.validation', message: 'the case is closed', retryable: false },
        },
        T3,
        historyStep('error', { errorCode: 'platform.validation', reason: 'the case is closed' }),
      );
      // Sent long ago: done, it stays in the station's file.
      await arrive('doc-sent', 'old.pdf');
      store.update('doc-sent', { state: 'archived', uploadedAt: T2 }, T3, historyStep('archived'));
    },
    async close() {
      await store.close();
      db.close();
    },
  };
}

const waitUntil = (done: () => boolean | Promise<boolean>, what: string, state: () => unknown): Promise<void> =>
  waitUntilDone(what, done, state, { stallMs: 20_000, ceilingMs: 120_000 });

interface OfficeHistoryRow {
  document_id: string;
  station_id: string;
  state: DocumentState;
  code: string | null;
  step_values: Record<string, unknown> | null;
  at: Date;
}

async function officeHistoryOf(db: OfficeDatabase, id: string) {
  const { rows } = await db.query<OfficeHistoryRow>(
    'SELECT document_id, station_id, state, code, step_values, at FROM office_history WHERE document_id = $1 ORDER BY id',
    [id],
  );
  return rows.map((r) => ({
    station: r.station_id,
    state: r.state,
    code: r.code,
    values: r.step_values,
    at: r.at.toISOString(),
  }));
}

function asOfficeHistory(entries: HistoryEntry[], station: string) {
  return entries.map((h) => ({
    station,
    state: h.state,
    code: h.step?.code ?? null,
    values: h.step && Object.keys(h.step.values).length > 0 ? h.step.values : null,
    at: h.at,
  }));
}

async function officeRows(db: OfficeDatabase, ids: string[]) {
  const { rows } = await db.query<{ id: string; station_id: string; state: string; idempotency_key: string | null }>(
    'SELECT id, station_id, state, idempotency_key FROM office_documents WHERE id = ANY($1) ORDER BY id',
    [ids],
  );
  return rows;
}

describe('joining: a station with its own queue given an office database', () => {
  it("moves its waiting documents, their history, keys and drafts into the office once; the queued one is sent once, with its key; the station's file keeps none of them", async () => {
    const url = await office.server().createDatabase();
    const dir = await mkdtemp(join(tmpdir(), 'office-joining-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const dataDir = join(dir, 'data');
    const own = await ownQueue(dataDir);
    await own.threeWaiting();
    const localHistory = Object.fromEntries(
      ['doc-new', 'doc-queued', 'doc-failed'].map((id) => [id, own.store.historyOf(id)]),
    );
    expect(localHistory['doc-queued']).toHaveLength(2);
    await own.close();

    // The same station started again, now with the office database (as app.ts and the agent do).
    const scans = join(dir, 'scans');
    await mkdir(scans);
    const { logger, entries } = recordingLogger();
    const membership = await OfficeMembership.start({
      address: officeAddress(url),
      dataDir,
      name: 'PC front desk',
      logger,
      retry: { firstMs: 100, maxMs: 500 },
    });
    cleanups.push(() => membership.close());
    const uploads: Array<{ fileName: string; key: string | undefined }> = [];
    const pipeline = await createIntakePipeline({
      dataDir,
      settings: {
        ...createDefaultSettings({ baseUrl: 'http://127.0.0.1:9', tokenUrl: 'http://127.0.0.1:9' }),
        folders: [FolderProfileSchema.parse({ id: 's', label: 'Scans', path: scans, autoSubmit: false })],
      },
      uploader: acceptingUploader((r) => uploads.push({ fileName: r.fileName, key: r.idempotencyKey })),
      bus: new EventBus(),
      clock: systemClock,
      logger,
      folderOptions: fastFolderTimings(),
      office: membership,
    });
    let stopped = false;
    cleanups.push(() => (stopped ? Promise.resolve() : pipeline.stop()));
    await pipeline.start();
    const stateOf = (id: string) =>
      pipeline.queue.get(id).then(
        (d) => d.state as string,
        () => 'not in the office',
      );
    await waitUntil(
      async () => (await stateOf('doc-queued')) === 'archived',
      'the queued document sent from the office',
      () => stateOf('doc-queued'),
    );

    // Sent once, with the key it had in the station's file; the others are where they were.
    expect(uploads).toEqual([{ fileName: 'claim.pdf', key: 'key-of-the-claim' }]);
    const station = membership.station.id;
    expect(await officeRows(membership.db, ['doc-new', 'doc-queued', 'doc-failed', 'doc-sent'])).toEqual([
      { id: 'doc-failed', station_id: station, state: 'failed', idempotency_key: null },
      { id: 'doc-new', station_id: station, state: 'new', idempotency_key: null },
      { id: 'doc-queued', station_id: station, state: 'archived', idempotency_key: 'key-of-the-claim' },
    ]);
    const failed = await pipeline.queue.get('doc-failed');
    expect(failed).toMatchObject({
      attempts: 1,
      arrivedAt: T1,
      updatedAt: T3,
      error: { code: 'platform.validation', message: 'the case is closed', retryable: false },
    });
    expect(await pipeline.queue.get('doc-new')).toMatchObject({ fileName: 'letter.pdf', arrivedAt: T1 });
    // The history with its original times and steps, as this station's; the sending follows it.
    for (const id of ['doc-new', 'doc-failed'])
      expect(await officeHistoryOf(membership.db, id)).toEqual(asOfficeHistory(localHistory[id] ?? [], station));
    const sent = await officeHistoryOf(membership.db, 'doc-queued');
    expect(sent.slice(0, 2)).toEqual(asOfficeHistory(localHistory['doc-queued'] ?? [], station));
    expect(sent.at(-1)).toMatchObject({ state: 'archived' });
    // The clerk's typed work on the letter, as saved.
    expect(await pipeline.drafts.list()).toEqual([
      { documentId: 'doc-new', values: { caseNumber: 'SH-2026-0007' }, savedAt: expect.any(String) },
    ]);
    // The seen-file keys: the scanner's file is not taken again.
    const { rows: seen } = await membership.db.query<{ document_id: string }>(
      'SELECT document_id FROM office_seen_files ORDER BY document_id',
    );
    expect(seen.map((r) => r.document_id)).toEqual(['doc-failed', 'doc-new', 'doc-queued']);
    // The letter's bytes (still in the station's spool) are copied into the office for the other stations.
    await waitUntil(
      async () =>
        (await membership.db.query("SELECT 1 FROM office_document_content WHERE document_id = 'doc-new'")).rowCount ===
        1,
      "the letter's bytes in the office",
      () => entries.length,
    );
    const said = entries.filter((e) => e.message.startsWith('moved '));
    expect(said.map((e) => [e.level, e.message])).toEqual([
      ['info', "moved 3 documents of this station's own queue into the office database"],
    ]);
    await pipeline.stop();
    stopped = true;

    // The station's file holds none of them any more (the archived one stays, done).
    const after = await ownQueue(dataDir);
    cleanups.push(() => after.close());
    expect(after.store.waitingDocuments()).toEqual([]);
    expect(after.store.get('doc-sent')?.state).toBe('archived');
    expect(after.store.historyOf('doc-queued')).toEqual([]);
    expect(after.store.seenKeysOf('doc-new')).toEqual([]);
    expect(await after.drafts.draftOf('doc-new')).toBeUndefined();
  });
});

describe('joining, resumed and refused', () => {
  /** No capture batches in these stations' files. */
  const none = { moved: 0, left: 0 };
  /** One station's joining deps on a test station, its own file wrapped by `local` where a test breaks it. */
  async function setUp(id: string) {
    const url = await office.server().createDatabase();
    const s = await office.join(url, id);
    const dir = await mkdtemp(join(tmpdir(), 'office-joining-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const own = await ownQueue(join(dir, 'data'));
    cleanups.push(() => own.close());
    const { logger, entries } = recordingLogger();
    const deps: OfficeJoiningDeps = {
      db: s.db,
      stationId: id,
      local: own.store,
      localDrafts: own.drafts,
      localBatches: ownBatchFile(new BatchStore(own.db), own.store),
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

  it('a crash between the office commit and the removal from the station file is resumed without duplicates; an upload cut off goes as queued with its key', async () => {
    const { s, own, deps, entries } = await setUp('pc-a');
    await own.threeWaiting();
    await own.arrive('doc-cut', 'cut.pdf');
    own.store.update(
      'doc-cut',
      { state: 'uploading', idempotencyKey: 'key-cut', attempts: 2, nextAttemptAtMs: Date.parse(T3) },
      T2,
      historyStep('attempt', { n: 2 }),
    );
    const historyOfNew = own.store.historyOf('doc-new');
    // The station stops after the first document's office commit, before its file lets go of it.
    let crashes = 1;
    const crashing: OfficeJoiningDeps['local'] = {
      waitingDocuments: () => own.store.waitingDocuments(),
      historyOf: (id) => own.store.historyOf(id),
      seenKeysOf: (id) => own.store.seenKeysOf(id),
      forgetMoved: (id) => {
        if (crashes-- > 0) throw new Error('the station stopped here');
        own.store.forgetMoved(id);
      },
    };
    // Upload order first: the queued claim, then the others as they arrived.
    expect(own.store.waitingDocuments().map((d) => d.id)).toEqual(['doc-queued', 'doc-new', 'doc-failed', 'doc-cut']);
    expect(await joinOffice({ ...deps, local: crashing })).toEqual({ moved: 3, left: 1, batches: none });
    expect(own.store.get('doc-queued')?.state).toBe('queued');
    expect(entries.filter((e) => e.level === 'warn').map((e) => e['document'])).toEqual(['doc-queued']);

    // The next start: the claim is in the office already; it is only let go of in the station's file.
    expect(await joinOffice(deps)).toEqual({ moved: 1, left: 0, batches: none });
    expect(own.store.waitingDocuments()).toEqual([]);
    const rows = await officeRows(s.db, ['doc-new', 'doc-queued', 'doc-failed', 'doc-cut']);
    expect(rows.map((r) => [r.id, r.state, r.idempotency_key])).toEqual([
      ['doc-cut', 'queued', 'key-cut'],
      ['doc-failed', 'failed', null],
      ['doc-new', 'new', null],
      ['doc-queued', 'queued', 'key-of-the-claim'],
    ]);
    expect((await officeHistoryOf(s.db, 'doc-queued')).map((h) => h.code)).toEqual(['arrived', 'submitted']);
    expect(await officeHistoryOf(s.db, 'doc-new')).toEqual(asOfficeHistory(historyOfNew, 'pc-a'));
    const { rows: drafts } = await s.db.query('SELECT document_id FROM office_drafts');
    expect(drafts).toEqual([{ document_id: 'doc-new' }]);
    // The upload a stop cut off: queued again, same key, due at once, as start-up recovery does.
    const storage = new PostgresDocumentStorage(s.db, 'pc-a');
    const cut = await storage.get('doc-cut');
    expect(cut).toMatchObject({ state: 'queued', idempotencyKey: 'key-cut', attempts: 2 });
    expect(cut?.nextAttemptAt).toBeUndefined();
    expect((await officeHistoryOf(s.db, 'doc-cut')).map((h) => [h.state, h.code])).toEqual([
      ['new', 'arrived'],
      ['uploading', 'attempt'],
      ['queued', 'recovered'],
    ]);
    // The office's upload order is the station's: the claim first.
    expect((await storage.due(Date.now(), 10, new Set())).map((d) => d.id)).toEqual(['doc-queued', 'doc-cut']);
    expect(entries.filter((e) => e.message.startsWith('moved ')).map((e) => e.message)).toEqual([
      "moved 3 documents of this station's own queue into the office database",
      "moved 1 documents of this station's own queue into the office database",
    ]);
  });

  it("a document the office refuses stays in the station's file, named in a warning, and the others go on", async () => {
    const { url, s, own, deps, entries } = await setUp('pc-a');
    await own.threeWaiting();
    // Another station has a document under the failed scan's id: never overwritten, never dropped here.
    const other = await office.join(url, 'pc-b');
    await addOfficeDocument(other.db, { id: 'doc-failed', stationId: 'pc-b' });
    // A row PostgreSQL refuses: SQLite kept a NUL in the metadata's JSON, jsonb takes none.
    await own.arrive('doc-odd', 'odd.pdf');
    own.store.update('doc-odd', { metadata: { policyNumber: 'P-1\u0000' } }, T2);
    expect(await joinOffice(deps)).toEqual({ moved: 2, left: 2, batches: none });
    expect(own.store.waitingDocuments().map((d) => d.id)).toEqual(['doc-failed', 'doc-odd']);
    expect(own.store.historyOf('doc-failed')).toHaveLength(2);
    expect((await officeRows(s.db, ['doc-failed', 'doc-odd'])).map((r) => [r.station_id, r.state])).toEqual([
      ['pc-b', 'new'],
    ]);
    const warned = entries.filter((e) => e.level === 'warn');
    expect(warned.map((e) => [e['document'], e['station'] ?? e['file']])).toEqual([
      ['doc-failed', 'pc-b'],
      ['doc-odd', 'odd.pdf'],
    ]);
    expect(warned[1]?.message).toMatch(/could not be moved into the office database; it stays in the station's file/);
    // Tried again at each start, never lost.
    expect(await joinOffice(deps)).toEqual({ moved: 0, left: 2, batches: none });
    expect(own.store.waitingDocuments().map((d) => d.id)).toEqual(['doc-failed', 'doc-odd']);
  });

  it('the office going out of reach stops the pass; once it is back, the rest moves', async () => {
    const { s, own, deps } = await setUp('pc-a');
    await own.threeWaiting();
    // The database goes away after the first document moved.
    let moved = 0;
    const going: OfficeJoiningDeps['local'] = {
      waitingDocuments: () => own.store.waitingDocuments(),
      historyOf: (id) => own.store.historyOf(id),
      seenKeysOf: (id) => own.store.seenKeysOf(id),
      forgetMoved: (id) => {
        own.store.forgetMoved(id);
        moved++;
      },
    };
    const localDrafts: OfficeJoiningDeps['localDrafts'] = {
      discard: (ids) => own.drafts.discard(ids),
      draftOf: async (id) => {
        if (moved === 1) await office.server().stop('immediate');
        return own.drafts.draftOf(id);
      },
    };
    await expect(joinOffice({ ...deps, local: going, localDrafts })).rejects.toMatchObject({
      code: 'office.unreachable',
    });
    expect(own.store.waitingDocuments().map((d) => d.id)).toEqual(['doc-new', 'doc-failed']);
    await office.server().start();
    await waitUntil(
      async () => (await joinOffice(deps).catch(() => undefined)) !== undefined,
      'the pass once the office is back',
      () => s.db.reachability().state,
    );
    expect(own.store.waitingDocuments()).toEqual([]);
    expect((await officeRows(s.db, ['doc-new', 'doc-queued', 'doc-failed'])).map((r) => r.id)).toEqual([
      'doc-failed',
      'doc-new',
      'doc-queued',
    ]);
  });
});

describe("joining: a document's page edits", () => {
  it('go with it: after joining, the edit is undone at this station to the file it had before; none is left in its file', async () => {
    const url = await office.server().createDatabase();
    const dir = await mkdtemp(join(tmpdir(), 'office-joining-'));
    cleanups.push(() => rm(dir, { recursive: true, force: true }));
    const dataDir = join(dir, 'data');
    const own = await ownQueue(dataDir);
    await own.arrive('doc-new', 'letter.pdf');
    const before = own.store.get('doc-new')!;
    // The clerk took a page out before the station had an office database (page-edit-service.ts edit): the
    // new file under `<id>.edit1`, the earlier one kept in the spool for undo, named by its record.
    const edited = await own.spool.writeBytes(Buffer.from('%PDF-1.4 letter without its blank page'), 'doc-new.edit1');
    own.store.update(
      'doc-new',
      {
        file: { spoolName: edited.name, fileName: 'letter.pdf', contentType: 'application/pdf' },
        content: { size: edited.size, sha256: edited.sha256 },
      },
      T2,
      historyStep('pagesEdited'),
    );
    const record = {
      documentId: 'doc-new',
      seq: 1,
      spoolName: before.spoolName,
      fileName: 'letter.pdf',
      size: before.size,
      sha256: before.sha256,
    };
    await new SqlitePageEditStorage(own.db).insert(record);
    await own.close();

    const scans = join(dir, 'scans');
    await mkdir(scans);
    const { logger } = recordingLogger();
    const membership = await OfficeMembership.start({
      address: officeAddress(url),
      dataDir,
      name: 'PC front desk',
      logger,
      retry: { firstMs: 100, maxMs: 500 },
    });
    cleanups.push(() => membership.close());
    const pipeline = await createIntakePipeline({
      dataDir,
      settings: {
        ...createDefaultSettings({ baseUrl: 'http://127.0.0.1:9', tokenUrl: 'http://127.0.0.1:9' }),
        folders: [FolderProfileSchema.parse({ id: 's', label: 'Scans', path: scans, autoSubmit: false })],
      },
      uploader: acceptingUploader(),
      bus: new EventBus(),
      clock: systemClock,
      logger,
      folderOptions: fastFolderTimings(),
      office: membership,
    });
    let stopped = false;
    cleanups.push(() => (stopped ? Promise.resolve() : pipeline.stop()));
    await pipeline.start();
    await waitUntil(
      () =>
        pipeline.pages.state('doc-new').then(
          (s) => s.undoable > 0,
          () => false,
        ),
      "the letter's edit in the office",
      () => pipeline.queue.get('doc-new').catch(() => 'not in the office'),
    );
    // Undone here: the letter has the file it had before the edit again (its bytes kept in this spool).
    const undone = await pipeline.pages.undo('doc-new');
    expect(undone).toMatchObject({ size: before.size, sha256: before.sha256 });
    expect(await new PostgresPageEditStorage(membership.db, membership.station.id).all('doc-new')).toEqual([]);
    await pipeline.stop();
    stopped = true;
    const after = await ownQueue(dataDir);
    cleanups.push(() => after.close());
    expect(await new SqlitePageEditStorage(after.db).all('doc-new')).toEqual([]);
  });
});
