import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox';
import type { RunningSandbox, StoredUpload } from '../../../sandbox';
import type { Notice } from '../../../shared/domain/notice';
import { EventBus } from '../events/event-bus';
import { createMetricsRegistry } from '../health/metrics-server';
import { StationMonitor } from '../health/station-monitor';
import { createIntakePipeline } from '../intake-pipeline';
import { sandboxUploader } from '../queue/test-support/sandbox-uploader';
import { newDocument } from '../queue/test-support/document-storage-contract';
import { createDefaultSettings } from '../settings/default-settings';
import { systemClock } from '../util/clock';
import { idleMs, waitForProgress } from '../util/test-support/box-pace';
import { OfficeDocumentContent } from './office-document-content';
import { OfficeMembership } from './office-membership';
import { OfficeStation } from './office-station';
import { PostgresDocumentStorage } from './postgres-document-storage';
import { officeAddress, officeDatabaseOf, officeSuite, recordingLogger } from './test-support/office-fixture';

// Issue #50 item 3, the key: station A's upload reached the platform, and A was cut off before it heard the
// answer (killed, switched off): its document is left `uploading` in the office. Station B, a real station's
// core (intake-pipeline.ts) with the real platform client against the embedded sandbox, takes it over once A
// is silent past its lapse, reads its bytes from the office database and sends it with A's Idempotency-Key:
// the platform answers with the first upload's result and stores no second document. The sandbox run as a
// platform without Idempotency-Key shows what the key does here: there the same take-over makes a second one.
const office = officeSuite();
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c().catch(() => undefined);
});

const until = <T>(what: string, look: () => Promise<T>, done: (state: T) => boolean): Promise<T> =>
  waitForProgress(what, look, done, { stallMs: 20_000, ceilingMs: 120_000 });

async function cutOffAfterThePlatformStoredIt(o: { ignoreKey: boolean; torn?: boolean }) {
  const url = await office.server().createDatabase();
  const dir = await mkdtemp(join(tmpdir(), 'office-take-over-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  const sandbox: RunningSandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
  cleanups.push(() => sandbox.close());
  if (o.ignoreKey) sandbox.setFaults({ ignoreIdempotencyKey: true });
  const { uploader } = await sandboxUploader({
    baseUrl: sandbox.baseUrl,
    tokenUrl: sandbox.tokenUrl,
    clientId: sandbox.demoClient.clientId,
    secret: sandbox.demoClient.secret,
  });
  const uploads = async () => (await (await fetch(`${sandbox.adminUrl}/__sandbox/uploads`)).json()) as StoredUpload[];

  // Station A (lapse 2 s): a queued document whose bytes are in the office, claimed, and sent with its key.
  const { db } = officeDatabaseOf(url);
  cleanups.push(() => db.close());
  await db.open();
  await new OfficeStation(db, {
    id: 'station-a',
    name: 'PC-FRONT',
    lapseSeconds: 2,
    logger: recordingLogger().logger,
  }).join();
  const a = new PostgresDocumentStorage(db, 'station-a');
  const bytes = Buffer.from('%PDF-1.4\n% a claim form, sent by a station that was then switched off\n%%EOF\n');
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const file = join(dir, 'a-spool-copy.pdf');
  await writeFile(file, bytes);
  const at = new Date().toISOString();
  const metadata = { caseNumber: 'CLM-2026-000101' };
  const d = await a.insert(newDocument({ fileName: 'claim.pdf', size: bytes.length, sha256, state: 'new', metadata }));
  const key = `key-${d.id}`;
  await a.update(d.id, { state: 'queued', enqueue: true, idempotencyKey: key }, at);
  await new OfficeDocumentContent(db, { stationId: 'station-a' }).store(d.id, file, { size: bytes.length, sha256 });
  await a.update(d.id, { state: 'uploading', attempts: 1 }, at);
  // What A's upload worker sent (upload-worker.ts): the platform stored it; A never heard the answer.
  const first = await uploader.uploadToInbox({
    filePath: file,
    fileName: d.fileName,
    contentType: d.contentType,
    size: bytes.length,
    metadata: { ...metadata, primaryFileName: d.fileName },
    idempotencyKey: key,
    signal: new AbortController().signal,
    onProgress: () => undefined,
  });
  expect(first.success).toBe(true);
  expect(await uploads()).toHaveLength(1);

  // The office's copy unreadable (a chunk overwritten): what B reads does not match the document.
  if (o.torn) await db.query(`UPDATE office_document_chunks SET bytes = 'torn'::bytea WHERE document_id = $1`, [d.id]);

  // Station B: a station's core as the agent and the window build it, with the real platform client.
  const { logger, entries } = recordingLogger();
  const membership = await OfficeMembership.start({
    address: officeAddress(url),
    dataDir: join(dir, 'data-b'),
    name: 'PC-BACK',
    lapseSeconds: 60,
    logger,
    retry: { firstMs: 100, maxMs: 500 },
  });
  cleanups.push(() => membership.close());
  const bus = new EventBus();
  const notices: Notice[] = [];
  bus.on('notice.raised', ({ notice }) => void notices.push(notice));
  await mkdir(join(dir, 'data-b'), { recursive: true });
  const pipeline = await createIntakePipeline({
    dataDir: join(dir, 'data-b'),
    settings: { ...createDefaultSettings({ baseUrl: sandbox.baseUrl, tokenUrl: sandbox.tokenUrl }), folders: [] },
    uploader,
    bus,
    clock: systemClock,
    logger,
    office: membership,
  });
  cleanups.push(() => pipeline.stop());
  // B's status and metrics, as the agent and the window follow its queue.
  const monitor = new StationMonitor({ bus, queue: pipeline.queue, clock: systemClock, version: 't', pid: 1 });
  cleanups.push(async () => monitor.dispose());
  await pipeline.start();
  await membership.joined;
  // A stays silent past its lapse: B's queue takes the document over and sends it.
  const look = async () =>
    (
      await db.query<{
        station_id: string;
        state: string;
        taken_from: string | null;
        idempotency_key: string | null;
        error_code: string | null;
      }>(
        `SELECT station_id, state, taken_from, idempotency_key, error->>'code' AS error_code
         FROM office_documents WHERE id = $1`,
        [d.id],
      )
    ).rows[0];
  const row = await until(
    o.torn ? "B's try to read the bytes failing" : 'B sent and archived the document',
    look,
    (r) => (o.torn ? r?.error_code != null : r?.state === 'archived'),
  );
  return { d, key, row, look, uploads, entries, notices, monitor, db, stationB: membership.station.id, bytes, file };
}

it(
  'a document A sent and was cut off in: B sends it again with A’s key, the platform answers with the first upload, one document',
  async () => {
    const s = await cutOffAfterThePlatformStoredIt({ ignoreKey: false });
    expect(s.row).toMatchObject({ station_id: s.stationB, state: 'archived', taken_from: 'station-a' });
    const stored = await s.uploads();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      idempotencyKey: s.key,
      sha256: createHash('sha256').update(s.bytes).digest('hex'),
    });
    // B read the bytes from the office (it never had them), and removed the office's copy once archived.
    await until(
      "the office's copy removed",
      async () => (await s.db.query('SELECT 1 FROM office_document_content WHERE document_id = $1', [s.d.id])).rowCount,
      (n) => n === 0,
    );
    // Never silent: B's log, its clerk's notice (which its status and metrics count).
    expect(s.entries.find((e) => e.message === 'office: took over documents of a silent station')).toMatchObject({
      level: 'info',
      fromStation: 'PC-FRONT',
      documents: [s.d.id],
      cutOffMidUpload: [s.d.id],
    });
    expect(s.notices.filter((n) => n.code === 'office.takenOver')).toMatchObject([
      { level: 'info', values: { station: 'PC-FRONT', count: '1' } },
    ]);
    expect(s.monitor.status().takenOver).toBe(1);
    const metrics = await createMetricsRegistry(s.monitor).metrics();
    expect(metrics).toMatch(/^intake_documents_taken_over_total 1$/m);
  },
  idleMs(120_000),
);

it(
  'the same take-over against a platform without Idempotency-Key stores a second document: the key is what keeps it to one',
  async () => {
    const s = await cutOffAfterThePlatformStoredIt({ ignoreKey: true });
    expect(s.row).toMatchObject({ station_id: s.stationB, state: 'archived', taken_from: 'station-a' });
    expect(await s.uploads()).toHaveLength(2);
  },
  idleMs(120_000),
);

it(
  'the office’s copy unreadable at the taker: the document waits, queued with its key and the reason, never failed; readable again, it is sent once',
  async () => {
    const s = await cutOffAfterThePlatformStoredIt({ ignoreKey: false, torn: true });
    expect(s.row).toMatchObject({ station_id: s.stationB, taken_from: 'station-a', idempotency_key: s.key });
    expect(s.row?.error_code).toMatch(/^content\./);
    expect(s.row?.state).not.toBe('failed');
    expect(s.entries.some((e) => e.level === 'warn' && e.message.startsWith('upload waits:'))).toBe(true);
    expect(await s.uploads()).toHaveLength(1);
    // Stored again (as office-document-bytes.ts would from a spool copy): B sends it at its next try.
    await new OfficeDocumentContent(s.db, { stationId: 'station-a' }).store(s.d.id, s.file, {
      size: s.bytes.length,
      sha256: createHash('sha256').update(s.bytes).digest('hex'),
    });
    const row = await until('B sent it once readable', s.look, (r) => r?.state === 'archived');
    expect(row).toMatchObject({ station_id: s.stationB, idempotency_key: s.key });
    expect(await s.uploads()).toHaveLength(1);
  },
  idleMs(120_000),
);
