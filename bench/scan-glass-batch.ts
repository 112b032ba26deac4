/**
 * By hand, against a real eSCL scanner (AirSane) serving SANE's `pnm` device (issue #38, done-when): a
 * 30-page batch with PATCH T separator sheets, scanned on the glass page by page into ONE batch — the
 * clerk's "scan more into this batch" — then finished, and the documents checked (count and pages each).
 *
 * The pnm device is a glass: it reads the PNM file named by its `filename` option at each scan (AirSane's
 * options.conf sets it), and has no feeder (its second sane_start in a job answers EOF, docs/scanning.md).
 * So each page is put "on the glass" (written to that file) before its scan, as a clerk lays the next sheet.
 * Every byte from there on is AirSane's and SANE's: eSCL ScanJobs (Platen) → AirSane → libsane-pnm.
 *
 *   npx tsx bench/scan-glass-batch.ts --scanner http://127.0.0.1:8090/<pnm uuid>/ --glass /tmp/glass.pgm
 *     [--pages 30] [--dpi 200]
 * or a feeder that holds the printed pages itself (AirSane serving SANE's escl device, docs/scanning.md):
 *   npx tsx bench/scan-glass-batch.ts --scanner http://127.0.0.1:8091/<uuid>/ --feeder
 */
import { rename, rm, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { BatchStore } from '../electron/core/capture/batches/batch-store';
import { renderScan } from '../electron/core/capture/test-support/synthetic-scan';
import { MemoryCertificatePins } from '../electron/core/scanning/escl/certificate-pins';
import { EsclBackend } from '../electron/core/scanning/escl/escl-backend';
import { scanStation } from '../electron/core/scanning/test-support/scan-station';
import { workDir } from './bench-support';

const { values } = parseArgs({
  options: {
    scanner: { type: 'string' },
    glass: { type: 'string' },
    pages: { type: 'string', default: '30' },
    dpi: { type: 'string', default: '200' },
    /** The scanner's feeder instead of the glass: one job, its pages as they come (no --glass). */
    feeder: { type: 'boolean', default: false },
    /** gray (default) or color: SANE's escl backend sends a colour JPEG's pixels as RGB even in Gray mode, which AirSane refuses. */
    color: { type: 'string', default: 'gray' },
  },
});
if (!values.scanner || (!values.glass && !values.feeder))
  throw new Error('--scanner URL and --glass FILE (the pnm filename), or --feeder, are needed');

// The test's layout (sane-feeder-batch.test.ts) cut to --pages: L letter, S PATCH T sheet.
const LAYOUT = 'LLSLSLLLSLLSLLLLSLSLLSLLLSLLLL'.slice(0, Number(values.pages)).split('');

async function pgmOf(kind: string): Promise<Buffer> {
  const b =
    kind === 'S'
      ? await renderScan({ codes: [{ text: 'PATCHT', format: 'Code128', moduleMm: 0.4 }] }, { noise: 8 })
      : await renderScan({ textLines: 12 }, { noise: 8, seed: 3 });
  return Buffer.concat([Buffer.from(`P5\n${b.width} ${b.height}\n255\n`), Buffer.from(b.data)]);
}

const dir = workDir('scan-glass');
const { pipeline, scanning, docs, pagesOf } = await scanStation(
  dir,
  [new EsclBackend({ pins: new MemoryCertificatePins() })],
  { capture: {} },
  { uploads: 'unanswered' },
);
const pages = { L: await pgmOf('L'), S: await pgmOf('S') } as Record<string, Buffer>;
const started = performance.now();
let batchId: string | undefined;
const perPage: number[] = [];
try {
  if (values.feeder) {
    const t = performance.now();
    const { batch, done } = await scanning.start({
      scanner: values.scanner,
      request: { source: 'feeder', dpi: Number(values.dpi), color: values.color === 'color' ? 'color' : 'gray' },
      folderId: 'post',
      keepOpen: true,
    });
    batchId = batch.id;
    const outcome = await done;
    if (outcome.problem) throw new Error(`${outcome.problem} ${outcome.detail ?? ''}`);
    for (let i = 0; i < outcome.pages; i++) perPage.push((performance.now() - t) / 1000 / outcome.pages);
  }
  for (const kind of values.feeder ? [] : LAYOUT) {
    // The next sheet on the glass (whole, then renamed: the device never reads half a page).
    await writeFile(`${values.glass!}.next`, pages[kind]!);
    await rename(`${values.glass!}.next`, values.glass!);
    const t = performance.now();
    const { batch, done } = await scanning.start({
      scanner: values.scanner,
      request: { source: 'platen', dpi: Number(values.dpi), color: 'gray' },
      folderId: 'post',
      keepOpen: true,
      ...(batchId ? { batchId } : {}),
    });
    batchId = batch.id;
    const outcome = await done;
    if (outcome.problem) throw new Error(`page ${perPage.length + 1}: ${outcome.problem} ${outcome.detail ?? ''}`);
    perPage.push((performance.now() - t) / 1000);
  }
  await scanning.finish(batchId!);
  const deadline = Date.now() + 120_000;
  while (new BatchStore(pipeline.db).get(batchId!)?.state !== 'split' && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 100));
  const counts = await Promise.all(docs.map(pagesOf));
  const stem = new BatchStore(pipeline.db).get(batchId!)!.fileName.replace(/\.pdf$/, '');
  const s = (x: number) => Math.round(x * 100) / 100;
  console.log(
    JSON.stringify(
      {
        scanner: values.scanner,
        pagesScanned: perPage.length,
        secondsPerPageScan: {
          median: s([...perPage].sort((a, b) => a - b)[perPage.length >> 1]!),
          max: s(Math.max(...perPage)),
        },
        totalSeconds: s((performance.now() - started) / 1000),
        batchState: new BatchStore(pipeline.db).get(batchId!)?.state,
        documents: docs.map((d, i) => ({ name: d.fileName.replace(stem, ''), pages: counts[i] })),
      },
      null,
      1,
    ),
  );
} finally {
  await pipeline.stop();
  await rm(dir, { recursive: true, force: true });
  if (values.glass) await rm(`${values.glass}.next`, { force: true });
}
