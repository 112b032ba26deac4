import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CaptureBatchProgress } from '../../../shared/domain/capture';
import type { Document } from '../../../shared/domain/document';
import { BatchStore } from '../capture/batches/batch-store';
import type { IntakePipeline } from '../intake-pipeline';
import { waitFor } from '../queue/test-support/queue-fixture';
import { MemoryCertificatePins } from './escl/certificate-pins';
import { EsclBackend } from './escl/escl-backend';
import { EsclDouble } from './test-support/escl-double';
import { scanStation } from './test-support/scan-station';
import type { ScanStation } from './test-support/scan-station';
import type { PageKind } from './test-support/scan-pages';
import { scannerPages } from './test-support/scan-pages';
import { idleMs } from '../util/test-support/box-pace';

/**
 * Pages from an eSCL scanner (the double, over HTTP, at a set page rate) stream into the real intake
 * pipeline's capture: each page on disk as it comes, documents made while the feeder runs.
 */
describe('scanning into capture (issue #38 item 4, 5)', () => {
  let dir: string;
  let pipeline: IntakePipeline | undefined;
  let double: EsclDouble | undefined;
  let docs: Document[];
  let progress: CaptureBatchProgress[][];
  let pagesOf: ScanStation['pagesOf'];

  async function station(profile: Record<string, unknown> = { capture: {} }) {
    const s = await scanStation(
      dir,
      [new EsclBackend({ pins: new MemoryCertificatePins(), retries: 200, retryPauseMs: 20 })],
      profile,
    );
    ({ pipeline, docs, progress } = s);
    pagesOf = s.pagesOf;
    return s.scanning;
  }

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'scan-capture-'));
  });
  afterEach(async () => {
    await double?.stop();
    double = undefined;
    await pipeline?.stop();
    pipeline = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  it(
    'into a folder with batch review: the scan ends held with its planned split, nothing made; release makes it',
    async () => {
      const layout: PageKind[] = ['L', 'S', 'L', 'L', 'B', 'S', 'L'];
      double = await new EsclDouble({ feeder: await scannerPages(layout), pageIntervalMs: 200 }).start();
      const scanning = await station({ capture: { review: true, blankPages: 'drop' } });
      const { batch, done } = await scanning.start({
        scanner: double.url,
        request: { source: 'feeder', dpi: 200, color: 'gray' },
        folderId: 'post',
      });
      expect(await done).toMatchObject({ pages: 7, finished: true });
      await waitFor(async () => (await pipeline!.capture.held()).length === 1, 'the scan held for review', 60_000);
      expect(docs).toEqual([]);
      const [held] = await pipeline!.capture.held();
      expect(held).toMatchObject({ id: batch.id, fileName: batch.fileName });
      expect(held!.pages.map((p) => p.role)).toEqual([
        'content',
        'separator',
        'content',
        'content',
        'blank',
        'separator',
        'content',
      ]);
      expect(held!.documents.map((d) => d.pages)).toEqual([[0], [2, 3], [6]]);
      // Its pages are there for the review's thumbnails, one by one (a scan has no one scanner file).
      expect(held!.scanned).toBe(true);
      expect(await pipeline!.capture.heldOriginal(batch.id)).toBeUndefined();
      const sent = await scannerPages(layout);
      for (const i of [0, 6])
        expect(new Uint8Array(await readFile((await pipeline!.capture.heldScanPage(batch.id, i))!.path))).toEqual(
          sent[i],
        );
      expect(await pipeline!.capture.heldScanPage(batch.id, 7)).toBeUndefined();
      await pipeline!.capture.release(batch.id, [[0], [2, 3, 4], [6]]);
      await waitFor(() => docs.length === 3, 'the released documents', 60_000);
      expect(await Promise.all(docs.map(pagesOf))).toEqual([1, 3, 1]);
    },
    idleMs(120_000),
  );

  it(
    'the first document is in the inbox while the feeder still runs; every page lands in exactly one document',
    async () => {
      // One page a second: a desk scanner's 60 pages a minute, where the page's analysis (one worker on this
      // 2-core box) keeps up.
      const layout: PageKind[] = ['L', 'S', 'L', 'L', 'S', 'L', 'S', 'L', 'L', 'L', 'L', 'L', 'L', 'L'];
      double = await new EsclDouble({ feeder: await scannerPages(layout), pageIntervalMs: 1000 }).start();
      // After six pages the scanner waits (a slow page) until the first document is there: on a loaded box
      // the analysis falls behind one page a second, and the point is that documents are made while the
      // scan runs, not how fast.
      double.holdAfter(6);
      const scanning = await station();
      const { batch, done } = await scanning.start({
        scanner: double.url,
        request: { source: 'feeder', dpi: 200, color: 'gray' },
        folderId: 'post',
      });
      await waitFor(() => docs.length > 0, 'first document', 60_000);
      const leftInFeederAtFirst = double.feeder.length;
      double.release();
      const outcome = await done;
      expect(outcome).toMatchObject({ pages: 14, finished: true });
      expect(outcome.problem).toBeUndefined();
      await waitFor(() => new BatchStore(pipeline!.db).get(batch.id)?.state === 'split', 'scan split', 60_000);
      // The scanner still had pages to send when the first document was made.
      expect(leftInFeederAtFirst).toBeGreaterThan(2);
      const stem = batch.fileName.replace(/\.pdf$/, '');
      expect(docs.map((d) => d.fileName)).toEqual([
        `${stem}_p1.pdf`,
        `${stem}_p3-4.pdf`,
        `${stem}_p6.pdf`,
        `${stem}_p8-14.pdf`,
      ]);
      expect(await Promise.all(docs.map(pagesOf))).toEqual([1, 2, 1, 7]);
      // The progress row counted the pages scanned and the documents made, and said "scanning" meanwhile.
      const mine = progress.flatMap((l) => l.filter((b) => b.id === batch.id));
      expect(mine.some((b) => b.scan?.state === 'scanning' && b.pages! > 0 && b.pages! < 14 && b.documents >= 1)).toBe(
        true,
      );
      expect(Math.max(...mine.map((b) => b.pages ?? 0))).toBe(14);
    },
    idleMs(120_000),
  );

  it(
    'a paper jam keeps the pages that came as an open batch; "scan more" continues it, and finishing makes the rest once',
    async () => {
      const layout: PageKind[] = ['L', 'L', 'S', 'L', 'L', 'S', 'L', 'L'];
      const pages = await scannerPages(layout);
      double = await new EsclDouble({ feeder: pages.slice(0, 5) }).start();
      double.jamAfter(4);
      const scanning = await station();
      const first = await scanning.start({
        scanner: double.url,
        request: { source: 'feeder', dpi: 200, color: 'gray' },
        folderId: 'post',
      });
      const stopped = await first.done;
      expect(stopped).toMatchObject({ pages: 4, problem: 'scanner.jam', finished: false });
      expect((await pipeline!.capture.openScans()).map((b) => b.id)).toEqual([first.batch.id]);
      await waitFor(() => docs.length === 1, 'the document the separator closed', 60_000);
      const row = pipeline!.capture.progress().find((p) => p.id === first.batch.id);
      expect(row).toMatchObject({ pages: 4, scan: { state: 'stopped', problem: 'scanner.jam' } });
      // The clerk takes the jammed sheet out, puts the rest back and scans more into the batch.
      double.clearJam();
      double.feeder = pages.slice(4);
      const more = await scanning.start({
        scanner: double.url,
        request: { source: 'feeder', dpi: 200, color: 'gray' },
        folderId: 'post',
        batchId: first.batch.id,
      });
      expect(more.batch.id).toBe(first.batch.id);
      expect(await more.done).toMatchObject({ pages: 8, finished: true });
      await waitFor(() => new BatchStore(pipeline!.db).get(first.batch.id)?.state === 'split', 'split', 60_000);
      expect(await Promise.all(docs.map(pagesOf))).toEqual([2, 2, 2]);
      expect(await pipeline!.capture.openScans()).toEqual([]);
    },
    idleMs(120_000),
  );

  it(
    'the scanner gone mid-job: the pages stay; finishing the batch makes its documents from them',
    async () => {
      double = await new EsclDouble({ feeder: await scannerPages(['L', 'S', 'L', 'L', 'L']) }).start();
      double.goneAfter(3);
      const scanning = await station();
      const { batch, done } = await scanning.start({
        scanner: double.url,
        request: { source: 'feeder', dpi: 200, color: 'gray' },
        folderId: 'post',
      });
      expect(await done).toMatchObject({ pages: 3, problem: 'scanner.gone', finished: false });
      expect(await readdir(join(dir, 'data', 'capture', 'scans', batch.id))).toEqual([
        '0001.jpg',
        '0002.jpg',
        '0003.jpg',
      ]);
      await scanning.finish(batch.id);
      await waitFor(() => new BatchStore(pipeline!.db).get(batch.id)?.state === 'split', 'split', 60_000);
      expect(await Promise.all(docs.map(pagesOf))).toEqual([1, 1]);
    },
    idleMs(120_000),
  );

  it(
    'cancel before the scanner took the job (it answers busy and is asked again) stops the scan there: no job is made',
    async () => {
      double = await new EsclDouble({ feeder: await scannerPages(['L', 'L']) }).start();
      double.setBusy(true);
      const scanning = await station();
      const { batch, done } = await scanning.start({
        scanner: double.url,
        request: { source: 'feeder', dpi: 200, color: 'gray' },
        folderId: 'post',
      });
      // Cancelled once the scanner said busy at least once: the start is in its ask-again loop.
      await waitFor(() => double!.requests.includes('POST /eSCL/ScanJobs'), 'ScanJobs asked', 30_000);
      await scanning.cancel(batch.id);
      const outcome = await done;
      double.setBusy(false);
      expect(outcome).toMatchObject({ pages: 0, problem: 'scanner.cancelled', finished: true });
      // The scanner, idle again, was not asked again: no job, both pages still in its feeder.
      expect(double.jobs).toEqual([]);
      expect(double.feeder).toHaveLength(2);
      expect(docs).toEqual([]);
    },
    idleMs(60_000),
  );

  it(
    'an empty feeder makes no batch and says so',
    async () => {
      double = await new EsclDouble({ feeder: [] }).start();
      const scanning = await station();
      const { batch, done } = await scanning.start({
        scanner: double.url,
        request: { source: 'feeder', dpi: 200, color: 'gray' },
        folderId: 'post',
      });
      expect(await done).toMatchObject({ pages: 0, problem: 'scanner.feeder_empty', finished: true });
      await waitFor(() => new BatchStore(pipeline!.db).get(batch.id)?.state === 'done', 'done', 10_000);
      expect(docs).toEqual([]);
      expect(pipeline!.capture.progress()).toEqual([]);
    },
    idleMs(60_000),
  );
});
