import { createHash } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoredUpload } from '../../../../sandbox';
import type { FolderProfile } from '../../../../shared/domain/settings';
import type { Notice } from '../../../../shared/domain/notice';
import { FolderProfileSchema } from '../../../../shared/domain/settings';
import { EventBus } from '../../events/event-bus';
import type { IntakePipeline } from '../../intake-pipeline';
import { createIntakePipeline } from '../../intake-pipeline';
import { testPipelineOptions } from '../../test-support/pipeline-options';
import type { ConnectionHarness } from '../../platform/test-support/connection-harness';
import { startConnectionHarness } from '../../platform/test-support/connection-harness';
import { waitFor } from '../../queue/test-support/queue-fixture';
import { silentLogger } from '../../util/logger';
import { scannedBatch } from '../test-support/batch';
import {
  CASE_BATCH_CASES,
  CASE_BATCH_FILE_NAME,
  CASE_BATCH_PARTS,
  CASE_BATCH_PROFILE,
  caseBatch,
} from '../test-support/case-batch';
import { g4TiffBomb } from '../test-support/hostile-scans';
import { passwordProtectedPdf } from '../test-support/odd-files';
import { encodeJpeg, pdfOfScans, renderScan } from '../test-support/synthetic-scan';
import { tempDir } from '../../util/test-support/temp-dir';
import { BatchStore } from './batch-store';
import { CaptureProfileSchema } from '../../../../shared/domain/capture';
import { captureKillFolder, captureKillPipeline } from '../test-support/capture-pipeline-child';
import { scanIn } from '../../test-support/scans-left';
import { idleMs } from '../../util/test-support/box-pace';

/** The real pipeline (folders → capture → queue) against the real sandbox, over sockets. */
let harness: ConnectionHarness | undefined;
let pipeline: IntakePipeline | undefined;
afterEach(async () => {
  await pipeline?.stop();
  await harness?.stop();
  pipeline = undefined;
  harness = undefined;
});

async function platform() {
  harness = await startConnectionHarness();
  return harness.connect({ timeoutMs: 10_000 }).api;
}

/** The notices the current pipeline raised (code and values: the data, never a sentence). */
let notices: Pick<Notice, 'code' | 'values'>[] = [];

async function startPipeline(dir: string, folders: FolderProfile[], api?: Awaited<ReturnType<typeof platform>>) {
  const bus = new EventBus();
  notices = [];
  bus.on('notice.raised', ({ notice: { code, values } }) => notices.push({ code, values }));
  pipeline = await createIntakePipeline(
    testPipelineOptions({ dataDir: join(dir, 'data'), folders, uploader: api ?? (await platform()), bus }),
  );
  await pipeline.start();
  return pipeline;
}

const folder = (id: string, path: string, extra: Record<string, unknown> = {}) =>
  FolderProfileSchema.parse({ id, label: id, path, ...extra });

async function uploads(): Promise<StoredUpload[]> {
  return (await (await fetch(`${harness!.sandbox.baseUrl}/__sandbox/uploads`)).json()) as StoredUpload[];
}

const pageCount = async (path: string) => (await PDFDocument.load(await readFile(path))).getPageCount();
const batchesOf = (p: IntakePipeline) => new BatchStore(p.db);
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('capture in the intake pipeline', () => {
  it('stop() waits for a file being taken: it is recorded whole, nothing is written after the stop', async () => {
    const dir = tempDir('capture-stop-');
    const scans = join(dir, 'scans');
    await mkdir(scans, { recursive: true });
    // Big enough that copying it into the originals is still going on when stop() is called.
    const sourcePath = join(scans, 'stack.pdf');
    await writeFile(sourcePath, Buffer.alloc(150 * 1024 * 1024, 1));
    const { size, mtimeMs } = statSync(sourcePath);
    const p = await captureKillPipeline(join(dir, 'data'), scans, silentLogger);
    pipeline = p;
    await p.start();
    let settled = false;
    const taking = p.capture
      .ingest({
        sourcePath,
        folder: scans,
        fileName: 'stack.pdf',
        size,
        mtimeMs: Math.trunc(mtimeMs),
        seenKey: `${scans}|stack.pdf|${size}|${Math.trunc(mtimeMs)}`,
        metadata: {},
        autoSubmit: false,
        capture: {
          profile: CaptureProfileSchema.parse(captureKillFolder(scans).capture),
          autoSubmit: false,
          requiredFields: [],
        },
      })
      .finally(() => (settled = true));
    await p.stop();
    pipeline = undefined;
    expect(settled).toBe(true);
    expect(await taking).toEqual({ outcome: 'created' });
    const originals = readdirSync(join(dir, 'data', 'capture', 'originals'));
    expect(originals).toHaveLength(1);
    // Recorded before the database closed: the next start has the batch to analyse.
    const again = await captureKillPipeline(join(dir, 'data'), scans, silentLogger);
    try {
      expect(new BatchStore(again.db).inState('received').map((b) => b.fileName)).toEqual(['stack.pdf']);
    } finally {
      await again.stop();
    }
  });

  it(
    'a 9-page scan with two cover sheets becomes three uploaded documents with their case numbers; the original goes last',
    async () => {
      const dir = tempDir('capture-intake-');
      const scans = join(dir, 'scans');
      await mkdir(scans);
      const p = await startPipeline(dir, [folder('post', scans, { ...CASE_BATCH_PROFILE, autoSubmit: true })]);
      p.queue.pause(); // hold the uploads to see the state before them
      await writeFile(join(scans, CASE_BATCH_FILE_NAME), await caseBatch());
      const parts = await waitFor(
        async () => {
          const docs = (await p.queue.list({ limit: 10, offset: 0 })).documents;
          return docs.length === 3 && docs;
        },
        'three documents',
        60_000,
      );
      const [batch] = batchesOf(p).inState('split');
      expect(batch?.fileName).toBe(CASE_BATCH_FILE_NAME);
      const original = join(dir, 'data', 'capture', 'originals', batch!.id);
      expect(existsSync(original), 'the original stays until every part is uploaded').toBe(true);
      const byName = [...parts].sort((a, b) => a.fileName.localeCompare(b.fileName));
      // Each part: the batch's name with its page range (1-based, as the clerk counts).
      expect(byName.map((d) => d.fileName)).toEqual([
        'CLM-2026-000101_post_p1-2.pdf',
        'CLM-2026-000101_post_p5-6.pdf',
        'CLM-2026-000101_post_p8-9.pdf',
      ]);
      // Made in one transaction, they arrive together (the inbox lists them by name then: scanner order).
      expect(new Set(parts.map((d) => d.arrivedAt)).size).toBe(1);
      expect(byName.map((d) => d.metadata.caseNumber)).toEqual([...CASE_BATCH_CASES]);
      expect(byName.every((d) => d.state === 'queued')).toBe(true);
      expect(notices).toEqual([
        { code: 'capture.received', values: { file: CASE_BATCH_FILE_NAME } },
        { code: 'capture.split', values: { file: CASE_BATCH_FILE_NAME } },
      ]);
      const history = (await p.queue.history({ limit: 20 })).filter((h) => h.state === 'queued');
      expect(history.map((h) => h.step).sort((a, b) => Number(a?.values['n']) - Number(b?.values['n']))).toEqual([
        { code: 'partOf', values: { n: 1, file: CASE_BATCH_FILE_NAME, pages: '1, 2' } },
        { code: 'partOf', values: { n: 2, file: CASE_BATCH_FILE_NAME, pages: '5, 6' } },
        { code: 'partOf', values: { n: 3, file: CASE_BATCH_FILE_NAME, pages: '8, 9' } },
      ]);
      // Each part has exactly its pages: no cover sheet, no blank back.
      for (const [i, d] of byName.entries())
        expect(await pageCount((await p.queue.contentFile(d.id)).path)).toBe(CASE_BATCH_PARTS[i]!.length);

      p.queue.resume();
      await waitFor(() => batchesOf(p).inState('done').length === 1, 'batch done', 30_000);
      const got = await uploads();
      expect(got.map((u) => u.caseNumber).sort()).toEqual([...CASE_BATCH_CASES]);
      expect(existsSync(original)).toBe(false);
      expect(scanIn(scans, CASE_BATCH_FILE_NAME), 'the scanner file goes after the last part').toBeUndefined();
      const archived = readdirSync(p.archiveDir, { recursive: true }).map(String);
      expect(archived.some((f) => f.endsWith(`${batch!.id}_${CASE_BATCH_FILE_NAME}`))).toBe(true);
    },
    idleMs(120_000),
  );

  it(
    'a scan with no separator sheet (a letter, a photo) is one document with its own name and bytes, and no split notice',
    async () => {
      const dir = tempDir('capture-intake-');
      const scans = join(dir, 'scans');
      await mkdir(scans);
      const p = await startPipeline(dir, [
        folder('post', scans, { ...CASE_BATCH_PROFILE, fileNamePattern: '{CaseNumber}_*', autoSubmit: true }),
      ]);
      p.queue.pause();
      const letter = await pdfOfScans([await renderScan({ textLines: 12 }, { noise: 8, seed: 3 })]);
      const photo = await encodeJpeg(await renderScan({ textLines: 4 }, { noise: 8, seed: 4 }));
      await writeFile(join(scans, 'CLM-2026-000101_letter.pdf'), letter);
      await writeFile(join(scans, 'CLM-2026-000101_photo.jpg'), photo);
      const docs = await waitFor(
        async () => {
          const d = (await p.queue.list({ limit: 10, offset: 0 })).documents;
          return d.length === 2 && batchesOf(p).inState('received').length === 0 && d;
        },
        'two documents',
        60_000,
      );
      const byName = [...docs].sort((a, b) => a.fileName.localeCompare(b.fileName));
      expect(byName.map((d) => d.fileName)).toEqual(['CLM-2026-000101_letter.pdf', 'CLM-2026-000101_photo.jpg']);
      // The scanner's bytes, not a rebuilt PDF: the photo stays a JPEG.
      expect(byName.map((d) => d.sha256)).toEqual([sha256(letter), sha256(photo)]);
      expect(byName.map((d) => d.contentType)).toEqual(['application/pdf', 'image/jpeg']);
      expect(byName.every((d) => d.state === 'queued' && d.metadata.caseNumber === 'CLM-2026-000101')).toBe(true);
      expect(notices.filter((n) => n.code === 'capture.split')).toEqual([]);
      expect(notices.filter((n) => n.code !== 'capture.received')).toEqual([]);
      expect(batchesOf(p).inState('done')).toHaveLength(2);
      p.queue.resume();
      await waitFor(
        async () => (await p.queue.list({ limit: 10, offset: 0 })).documents.every((d) => d.state === 'archived'),
        'both uploaded and archived',
        30_000,
      );
      expect((await uploads()).map((u) => u.fileName).sort()).toEqual([
        'CLM-2026-000101_letter.pdf',
        'CLM-2026-000101_photo.jpg',
      ]);
      await waitFor(() => scanIn(scans, 'CLM-2026-000101_letter.pdf') === undefined, 'scanner file archived', 30_000);
    },
    idleMs(120_000),
  );

  it(
    'a cover-sheet value without its field format is left out, and that part waits in the inbox',
    async () => {
      const dir = tempDir('capture-intake-');
      const scans = join(dir, 'scans');
      await mkdir(scans);
      // Any code on a cover sheet is read as a case number; the environment's form is CLM-YYYY-NNNNNN.
      const profile = {
        ...CASE_BATCH_PROFILE,
        autoSubmit: true,
        capture: {
          ...CASE_BATCH_PROFILE.capture,
          separatorPattern: '^(CLM|KFZ)-',
          metadataPattern: '^(?<CaseNumber>.+)$',
        },
      };
      const p = await startPipeline(dir, [folder('post', scans, profile)]);
      p.queue.pause();
      await writeFile(join(scans, CASE_BATCH_FILE_NAME), await caseBatch(['KFZ-4711', CASE_BATCH_CASES[2]]));
      const docs = await waitFor(
        async () => {
          const d = (await p.queue.list({ limit: 10, offset: 0 })).documents;
          return d.length === 3 && d;
        },
        'three documents',
        60_000,
      );
      const byName = [...docs].sort((a, b) => a.fileName.localeCompare(b.fileName));
      // Part 2's cover said KFZ-4711: not a case number, so it has none (not the file name's) and waits.
      expect(byName.map((d) => [d.metadata.caseNumber, d.state])).toEqual([
        [CASE_BATCH_CASES[0], 'queued'],
        [undefined, 'new'],
        [CASE_BATCH_CASES[2], 'queued'],
      ]);
    },
    idleMs(90_000),
  );

  it(
    'a PrimaryFileName read off a cover sheet is only a name: `../../etc/x` names the file `x`',
    async () => {
      const dir = tempDir('capture-intake-');
      const scans = join(dir, 'scans');
      await mkdir(scans);
      const profile = {
        ...CASE_BATCH_PROFILE,
        capture: { ...CASE_BATCH_PROFILE.capture, separatorPattern: '.', metadataPattern: '^(?<PrimaryFileName>.+)$' },
      };
      const p = await startPipeline(dir, [folder('post', scans, profile)]);
      p.queue.pause();
      await writeFile(join(scans, CASE_BATCH_FILE_NAME), await caseBatch(['../../etc/x', '..\\..\\']));
      const docs = await waitFor(
        async () => {
          const d = (await p.queue.list({ limit: 10, offset: 0 })).documents;
          return d.length === 3 && d;
        },
        'three documents',
        60_000,
      );
      const names = docs.map((d) => d.metadata.primaryFileName ?? null).sort();
      // The second cover leaves no usable name: the field stays empty (the document keeps its own name).
      expect(names).toEqual(['x', null, null].sort());
    },
    idleMs(90_000),
  );

  it(
    'a file that cannot be analysed (encrypted) is kept whole, in the inbox, with the reason',
    async () => {
      const dir = tempDir('capture-intake-');
      const scans = join(dir, 'scans');
      await mkdir(scans);
      const p = await startPipeline(dir, [folder('post', scans, { autoSubmit: true, capture: {} })]);
      const locked = passwordProtectedPdf();
      await writeFile(join(scans, 'locked.pdf'), locked);
      const doc = await waitFor(
        async () => (await p.queue.list({ limit: 10, offset: 0 })).documents[0],
        'the document',
        30_000,
      );
      expect(doc).toMatchObject({ fileName: 'locked.pdf', state: 'new', error: { code: 'capture.encrypted' } });
      expect(batchesOf(p).inState('done')).toHaveLength(1);
      expect(notices).toContainEqual({ code: 'capture.kept', values: { file: 'locked.pdf' } });
      // The document's own spool copy replaces the batch's original (removed once the document is on disk).
      await waitFor(() => readdirSync(join(dir, 'data', 'capture', 'originals')).length === 0, 'original removed');
      expect(Buffer.from(await readFile((await p.queue.contentFile(doc.id)).path))).toEqual(Buffer.from(locked));
    },
    idleMs(60_000),
  );

  it(
    'a scan over the limits from an auto-submit folder goes on as a plain document: uploaded as it is, with its reason',
    async () => {
      const dir = tempDir('capture-intake-');
      const scans = join(dir, 'scans');
      await mkdir(scans);
      const p = await startPipeline(dir, [
        folder('post', scans, {
          autoSubmit: true,
          requiredFields: ['caseNumber'],
          defaultMetadata: { caseNumber: 'CLM-2026-000101' },
          capture: {},
        }),
      ]);
      const bomb = g4TiffBomb();
      await writeFile(join(scans, 'bomb.tif'), bomb);
      await waitFor(
        async () => (await p.queue.list({ states: ['archived'], limit: 5, offset: 0 })).total === 1,
        'the kept-whole scan uploaded',
        60_000,
      );
      const got = await uploads();
      expect(got.map((u) => [u.fileName, u.caseNumber, u.size])).toEqual([
        ['bomb.tif', 'CLM-2026-000101', bomb.length],
      ]);
      expect(notices).toContainEqual({ code: 'capture.too_large', values: { file: 'bomb.tif' } });
      const history = (await p.queue.history({ query: 'bomb.tif', limit: 20 })).map((h) => h.step);
      expect(history).toContainEqual({
        code: 'keptWhole',
        values: { errorCode: 'capture.too_large', reason: expect.stringMatching(/^Kept whole, not split:/) as unknown },
      });
    },
    idleMs(90_000),
  );

  it(
    'a batch under analysis never delays the upload of a file from another folder',
    async () => {
      const dir = tempDir('capture-intake-');
      const batches = join(dir, 'batches');
      const plain = join(dir, 'plain');
      await mkdir(batches);
      await mkdir(plain);
      const p = await startPipeline(dir, [
        folder('batches', batches, { capture: {} }),
        folder('plain', plain, { autoSubmit: true, defaultMetadata: { caseNumber: 'CLM-2026-000101' } }),
      ]);
      const { pdf } = await scannedBatch(40);
      await writeFile(join(batches, 'stack.pdf'), pdf);
      await waitFor(() => batchesOf(p).inState('received').length === 1, 'batch taken', 20_000);
      const t0 = Date.now();
      await writeFile(join(plain, 'letter.pdf'), '%PDF-1.7 a letter');
      await waitFor(
        async () => (await p.queue.list({ states: ['archived'], limit: 5, offset: 0 })).total === 1,
        'plain uploaded',
        20_000,
      );
      const ms = Date.now() - t0;
      // Still analysing the 40 pages while the letter went through (the folder's quiet time is 300 ms).
      expect(batchesOf(p).inState('received')).toHaveLength(1);
      expect(ms).toBeLessThan(5_000);
      expect((await uploads()).map((u) => u.fileName)).toEqual(['letter.pdf']);
      await waitFor(() => batchesOf(p).inState('split').length === 1, 'batch split', 120_000);
    },
    idleMs(180_000),
  );

  it(
    'stopped during the analysis, the next start analyses the batch again and makes every part once',
    async () => {
      const dir = tempDir('capture-intake-');
      const scans = join(dir, 'scans');
      await mkdir(scans);
      const profile = folder('post', scans, CASE_BATCH_PROFILE);
      const api = await platform();
      let p = await startPipeline(dir, [profile], api);
      await writeFile(join(scans, CASE_BATCH_FILE_NAME), await caseBatch());
      await waitFor(() => batchesOf(p).inState('received').length === 1, 'batch taken', 20_000);
      await p.stop();
      pipeline = undefined;
      p = await startPipeline(dir, [profile], api);
      await waitFor(() => batchesOf(p).inState('split').length === 1, 'split after restart', 60_000);
      const docs = (await p.queue.list({ limit: 10, offset: 0 })).documents;
      expect(docs.map((d) => d.metadata.caseNumber).sort()).toEqual([...CASE_BATCH_CASES]);
      await p.capture.idle();
      expect(readdirSync(join(dir, 'data', 'capture', 'work'))).toEqual([]);
    },
    idleMs(120_000),
  );

  it(
    'a long batch in one folder does not hold up a batch from another folder',
    async () => {
      const dir = tempDir('capture-intake-');
      const long = join(dir, 'long');
      const short = join(dir, 'short');
      await mkdir(long);
      await mkdir(short);
      const p = await startPipeline(dir, [
        folder('long', long, { capture: {} }),
        folder('short', short, CASE_BATCH_PROFILE),
      ]);
      const { pdf } = await scannedBatch(60);
      await writeFile(join(long, 'stack.pdf'), pdf);
      await waitFor(() => batchesOf(p).inState('received').length === 1, 'long batch taken', 20_000);
      await writeFile(join(short, CASE_BATCH_FILE_NAME), await caseBatch());
      // The short batch's three documents are made while the 60 pages are still being analysed: the
      // folders' batches take turns in the pool (before, the second waited for the whole first batch).
      await waitFor(
        async () =>
          (await p.queue.list({ limit: 10, offset: 0 })).documents.filter((d) => d.sourceFolder === short).length === 3,
        'short batch split',
        60_000,
      );
      expect(
        batchesOf(p)
          .inState('received')
          .map((b) => b.fileName),
      ).toEqual(['stack.pdf']);
      await waitFor(() => batchesOf(p).inState('split').length === 2, 'long batch split', 120_000);
    },
    idleMs(180_000),
  );

  it(
    'a file over the page limit is kept whole without analysis, with the reason',
    async () => {
      const dir = tempDir('capture-intake-');
      const scans = join(dir, 'scans');
      await mkdir(scans);
      const p = await startPipeline(dir, [folder('post', scans, { capture: { maxPages: 5 } })]);
      await writeFile(join(scans, CASE_BATCH_FILE_NAME), await caseBatch());
      const doc = await waitFor(
        async () => (await p.queue.list({ limit: 10, offset: 0 })).documents[0],
        'the document',
        30_000,
      );
      expect(doc).toMatchObject({ state: 'new', error: { code: 'capture.too_many_pages' } });
      expect(doc.error?.message).toMatch(/9 pages, more than the 5/);
      expect(notices).toContainEqual({ code: 'capture.too_many_pages', values: { file: CASE_BATCH_FILE_NAME } });
    },
    idleMs(60_000),
  );

  it(
    'a stop during the analysis is no mark against the batch (its analysis start is taken back)',
    async () => {
      const dir = tempDir('capture-intake-');
      const scans = join(dir, 'scans');
      await mkdir(scans);
      const profile = folder('post', scans, { capture: {} });
      const api = await platform();
      let p = await startPipeline(dir, [profile], api);
      const { pdf } = await scannedBatch(30);
      await writeFile(join(scans, 'stack.pdf'), pdf);
      await waitFor(() => batchesOf(p).inState('received')[0]?.analysisStarts === 1, 'analysis started', 20_000);
      await p.stop();
      pipeline = undefined;
      p = await startPipeline(dir, [profile], api);
      p.queue.pause();
      await waitFor(() => batchesOf(p).inState('received')[0]?.analysisStarts === 1, 'analysed again', 20_000);
    },
    idleMs(120_000),
  );
});
