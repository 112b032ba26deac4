/**
 * A scanned batch through the real intake pipeline (issue #30 item 6): how long after the file is complete
 * its first document is in the inbox, when the last is, and the main thread's longest stall meanwhile.
 *   npx tsx bench/batch-latency.ts [--pages 100] [--runs 2] [--root DIR]
 * `--root` runs another checkout's code with this same bench (the before figures: `--root /work/main`).
 *
 * The folder keeps the app's default quiet time (1.75 s: a file is complete once it has not changed that
 * long), so "from the file complete" counts from the end of the write, the quiet time included; "from
 * taken" counts from the batch being taken (`capture.received`). The stall: the event loop's delay
 * (perf_hooks.monitorEventLoopDelay, 5 ms resolution) from the write to the last document, max and p99;
 * and the worst gap of a 5 ms timer, less 5 ms. On a shared 2-core box much of that is the OS's scheduling
 * (the main thread runnable but not running), so the bench also takes the main thread's own CPU time
 * (process.threadCpuUsage) between two ticks of the 5 ms timer: the longest stretch of work this thread did
 * without letting the timer run, i.e. what the program itself blocks the loop for.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type * as BatchModule from '../electron/core/capture/test-support/batch';
import type * as EventBusModule from '../electron/core/events/event-bus';
import type * as IntakePipelineModule from '../electron/core/intake-pipeline';
import type * as ClockModule from '../electron/core/util/clock';
import type * as LoggerModule from '../electron/core/util/logger';
import type * as SettingsModule from '../shared/domain/settings';
import { workDir } from './bench-support';

const { values } = parseArgs({
  options: {
    pages: { type: 'string', default: '100' },
    runs: { type: 'string', default: '2' },
    root: { type: 'string', default: resolve(import.meta.dirname, '..') },
  },
});
const root = resolve(values.root);
const load = <T>(path: string) => import(pathToFileURL(join(root, path)).href) as Promise<T>;

/** The modules used, loaded from `--root` (their types are this checkout's). */
type Modules = {
  pipeline: typeof IntakePipelineModule;
  bus: typeof EventBusModule;
  settings: typeof SettingsModule;
  clock: typeof ClockModule;
  logger: typeof LoggerModule;
  batch: typeof BatchModule;
};

async function once(m: Modules, pdf: Uint8Array, expectedParts?: number) {
  const dir = workDir('batch-latency');
  const scans = join(dir, 'scans');
  await mkdir(scans);
  const bus = new m.bus.EventBus();
  const parts: number[] = [];
  let taken = 0;
  // Domain events ({type, …}, since issue #32) or, in an older checkout (--root), (channel, payload).
  type Seen = { type?: string; notice?: Seen; code?: string; message?: string; documents?: unknown[] };
  const listen = (first: unknown, second?: unknown) => {
    const [type, e] = typeof first === 'string' ? [first, second as Seen] : [(first as Seen).type, first as Seen];
    const notice: Seen = e.notice ?? e;
    if (type === 'notice.raised' && (notice.code ?? notice.message ?? '').startsWith('capture.received'))
      taken = performance.now();
    if (type === 'documents.changed') for (const _ of e.documents ?? []) parts.push(performance.now());
  };
  bus.subscribe(listen as Parameters<typeof bus.subscribe>[0]);
  const pipeline = await m.pipeline.createIntakePipeline({
    dataDir: join(dir, 'data'),
    settings: {
      folders: [m.settings.FolderProfileSchema.parse({ id: 'post', label: 'Post', path: scans, capture: {} })],
      archive: { mode: 'move', retentionDays: 30 },
      upload: { concurrency: 1 },
    },
    uploader: { uploadToInbox: () => Promise.reject(new Error('nothing is uploaded in this bench')) },
    bus,
    clock: m.clock.systemClock,
    logger: m.logger.silentLogger,
  });
  await pipeline.start();
  const delay = monitorEventLoopDelay({ resolution: 5 });
  let last = performance.now();
  let worstGap = 0;
  let cpu = process.threadCpuUsage();
  let busiest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worstGap = Math.max(worstGap, now - last - 5);
    last = now;
    const used = process.threadCpuUsage(cpu);
    busiest = Math.max(busiest, (used.user + used.system) / 1000);
    cpu = process.threadCpuUsage();
  }, 5);
  await writeFile(join(scans, 'stack.pdf'), pdf);
  const complete = performance.now();
  last = complete;
  cpu = process.threadCpuUsage();
  busiest = 0;
  worstGap = 0;
  delay.enable();
  for (;;) {
    await new Promise((r) => setTimeout(r, 50));
    const split = (await pipeline.capture.pending()) === 0 && parts.length > 0;
    if (split && (expectedParts === undefined || parts.length >= expectedParts)) break;
  }
  delay.disable();
  clearInterval(timer);
  await pipeline.stop();
  const s = (ms: number) => Math.round(ms) / 1000;
  return {
    documents: parts.length,
    firstFromComplete: s(parts[0]! - complete),
    firstFromTaken: s(parts[0]! - taken),
    lastFromComplete: s(parts.at(-1)! - complete),
    stallMaxMs: Math.round(delay.max / 1e6),
    stallP99Ms: Math.round(delay.percentile(99) / 1e6),
    timerGapMs: Math.round(worstGap),
    mainCpuBetweenTicksMaxMs: Math.round(busiest),
  };
}

const m: Modules = {
  pipeline: await load('electron/core/intake-pipeline.ts'),
  bus: await load('electron/core/events/event-bus.ts'),
  settings: await load('shared/domain/settings.ts'),
  clock: await load('electron/core/util/clock.ts'),
  logger: await load('electron/core/util/logger.ts'),
  batch: await load('electron/core/capture/test-support/batch.ts'),
};
const { pdf } = await m.batch.scannedBatch(Number(values.pages));
console.log(`# ${root}: ${values.pages}-page batch, ${(pdf.length / 1e6).toFixed(1)} MB`);
let parts: number | undefined;
for (let i = 0; i < Number(values.runs); i++) {
  const r = await once(m, pdf, parts);
  parts = r.documents;
  console.log(JSON.stringify(r));
}
