/**
 * Scanning from the desk (issue #38): a feeder batch from an eSCL scanner (the double, over HTTP, at a set
 * page rate) through the real intake pipeline. Measures
 *   - per document: from the page that ends it arriving (the separator sheet after it, or the batch's last
 *     page) to the document in the inbox (target ≤ 2 s);
 *   - pages per second taken against the scanner's own rate (target: the scanner is the bottleneck);
 *   - the main thread's stall meanwhile (event-loop delay max/p99, and its own CPU between two 5 ms ticks).
 *   npx tsx bench/scan-latency.ts [--pages 30] [--rate 1] [--runs 1]
 * or from a real eSCL scanner (AirSane over SANE's test device, docs/benchmarks.md), its feeder as it is:
 *   npx tsx bench/scan-latency.ts --scanner http://127.0.0.1:8090/eSCL/ [--dpi 150]
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { rm } from 'node:fs/promises';
import { EventBus } from '../electron/core/events/event-bus';
import { MemoryCertificatePins } from '../electron/core/scanning/escl/certificate-pins';
import { EsclBackend } from '../electron/core/scanning/escl/escl-backend';
import { EsclDouble } from '../electron/core/scanning/test-support/escl-double';
import type { PageKind } from '../electron/core/scanning/test-support/scan-pages';
import { scannerPages } from '../electron/core/scanning/test-support/scan-pages';
import { scanStation } from '../electron/core/scanning/test-support/scan-station';
import { workDir } from './bench-support';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '30' },
    rate: { type: 'string', default: '1' },
    runs: { type: 'string', default: '1' },
    /** A real eSCL scanner instead of the double (its own pages and rate; no separator sheets unless it has them). */
    scanner: { type: 'string' },
    dpi: { type: 'string', default: '200' },
    /** gray or color (AirSane over SANE's escl device takes colour only: docs/scanning.md). */
    color: { type: 'string', default: 'gray' },
  },
});
const total = Number(values.pages);
const rate = Number(values.rate);

/** Letters of 1–4 pages, each followed by a PATCH T sheet; the batch ends with a letter. */
function layoutOf(n: number): PageKind[] {
  const out: PageKind[] = [];
  let len = 0;
  for (let i = 0; out.length < n; i++) {
    if (out.length === n - 1 || len < 1 + (i % 4)) {
      out.push('L');
      len++;
    } else {
      out.push('S');
      len = 0;
    }
  }
  return out;
}

async function once(layout: PageKind[], pages: Uint8Array[]) {
  const dir = workDir('scan-latency');
  const bus = new EventBus();
  const arrived: number[] = []; // page i on disk at arrived[i]
  const docs: { at: number; lastPage: number }[] = [];
  const seen = new Set<string>();
  bus.subscribe((e) => {
    const now = performance.now();
    if (e.type === 'capture.progress')
      for (const b of e.batches) while (b.scan && (b.pages ?? 0) > arrived.length) arrived.push(now);
    if (e.type === 'documents.changed')
      for (const d of e.documents) {
        if (seen.has(d.id)) continue;
        seen.add(d.id);
        const m = /_p(?:\d+-)?(\d+)\.pdf$/.exec(d.fileName);
        // A document without a page range in its name is the whole batch: it ends at the batch's last page.
        docs.push({ at: now, lastPage: m ? Number(m[1]) - 1 : Number.MAX_SAFE_INTEGER });
      }
  });
  const { pipeline, scanning } = await scanStation(
    dir,
    [new EsclBackend({ pins: new MemoryCertificatePins() })],
    { capture: {} },
    { bus, uploads: 'unanswered' },
  );
  // Workers ready, as on a station with a splitting folder (the pipeline warms them at start).
  await new Promise((r) => setTimeout(r, 3000));
  const double = values.scanner
    ? undefined
    : await new EsclDouble({ feeder: [...pages], pageIntervalMs: 1000 / rate }).start();
  const delay = monitorEventLoopDelay({ resolution: 5 });
  let cpu = process.threadCpuUsage();
  let busiest = 0;
  const timer = setInterval(() => {
    const used = process.threadCpuUsage(cpu);
    busiest = Math.max(busiest, (used.user + used.system) / 1000);
    cpu = process.threadCpuUsage();
  }, 5);
  delay.enable();
  const started = performance.now();
  const { batch, done } = await scanning.start({
    scanner: values.scanner ?? double!.url,
    request: { source: 'feeder', dpi: Number(values.dpi), color: values.color === 'color' ? 'color' : 'gray' },
    folderId: 'post',
  });
  await done;
  const scanEnd = performance.now();
  await pipeline.capture.scanSettled(batch.id);
  const settled = performance.now();
  delay.disable();
  clearInterval(timer);
  await pipeline.stop();
  await double?.stop();
  await rm(dir, { recursive: true, force: true });
  // The page that ends a document: the separator sheet after it, or the batch's last page.
  const ends = docs.map((d) => Math.min(d.lastPage + 1, arrived.length - 1));
  const latencies = docs.map((d, i) => (d.at - arrived[ends[i]!]!) / 1000);
  const s = (x: number) => Math.round(x * 100) / 100;
  const scanSeconds = (arrived.at(-1)! - arrived[0]!) / 1000;
  return {
    pages: arrived.length,
    documents: docs.length,
    scannerRate: values.scanner ? 'its own' : rate,
    pagesPerSecond: s((arrived.length - 1) / scanSeconds),
    firstDocumentAfterStart: s((docs[0]!.at - started) / 1000),
    firstDocumentWhileScanning: docs[0]!.at < scanEnd,
    latencyAfterEndingPage: { median: s(median(latencies)), max: s(Math.max(...latencies)) },
    lastDocumentAfterScanEnd: s((settled - scanEnd) / 1000),
    stallMaxMs: Math.round(delay.max / 1e6),
    stallP99Ms: Math.round(delay.percentile(99) / 1e6),
    mainCpuBetweenTicksMaxMs: Math.round(busiest),
  };
}

function median(xs: number[]): number {
  const a = [...xs].sort((x, y) => x - y);
  return a[Math.floor(a.length / 2)]!;
}

const layout = layoutOf(total);
const pages = values.scanner ? [] : await scannerPages(layout);
console.log(
  values.scanner
    ? `# the feeder of ${values.scanner} at ${values.dpi} dpi, ${values.color}`
    : `# ${total}-page feeder batch (${layout.filter((k) => k === 'S').length} separator sheets) at ${rate} page/s`,
);
for (let i = 0; i < Number(values.runs); i++) console.log(JSON.stringify(await once(layout, pages)));
