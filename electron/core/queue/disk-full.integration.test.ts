import { execFileSync } from 'node:child_process';
import { closeSync, mkdirSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { StoredUpload } from '../../../sandbox';
import type { Notice } from '../../../shared/domain/notice';
import { FolderProfileSchema } from '../../../shared/domain/settings';
import { EventBus } from '../events/event-bus';
import { healthOf } from '../health/station-status';
import { StationMonitor } from '../health/station-monitor';
import { createMetricsRegistry } from '../health/metrics-server';
import type { IntakePipeline } from '../intake-pipeline';
import { createIntakePipeline } from '../intake-pipeline';
import type { ConnectionHarness } from '../platform/test-support/connection-harness';
import { startConnectionHarness } from '../platform/test-support/connection-harness';
import { systemClock } from '../util/clock';
import type { LogEntry } from '../util/logger';
import { JsonLineLogger } from '../util/logger';
import { waitFor } from './test-support/queue-fixture';
import { scansLeftIn } from '../test-support/scans-left';
import { idleMs } from '../util/test-support/box-pace';

/**
 * A full disk under a running pipeline, for real: the data folder (or only its spool) on a small tmpfs,
 * filled to the last block while documents are uploading and more arrive, then freed. The review saw
 * `upload bookkeeping failed` 422,130 times in 62 s at 100 % CPU, and documents left `uploading` and
 * `uploaded` until a restart.
 */
let root: string;
const mounts: string[] = [];
let harness: ConnectionHarness | undefined;
let pipeline: IntakePipeline | undefined;

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'intake-disk-full-'));
});
afterEach(async () => {
  await pipeline?.stop().catch(() => undefined);
  await harness?.stop();
  pipeline = undefined;
  harness = undefined;
  for (const m of mounts.splice(0).reverse()) execFileSync('umount', ['-l', m]);
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

function mountTmpfs(dir: string, size: string): void {
  mkdirSync(dir, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size},mode=0700`, 'tmpfs', dir]);
  mounts.push(dir);
}

/** Writes a file until the disk refuses (ENOSPC); returns its path. */
function fillDisk(dir: string): string {
  const path = join(dir, 'filler');
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(16 * 1024, 1);
  try {
    for (;;) writeSync(fd, chunk);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOSPC') throw e;
  } finally {
    closeSync(fd);
  }
  return path;
}

const report = (line: string) => process.stdout.write(`${line}\n`);

async function uploads(): Promise<StoredUpload[]> {
  return (await (await fetch(`${harness!.sandbox.baseUrl}/__sandbox/uploads`)).json()) as StoredUpload[];
}

/** A scan of about `kb` KB. */
const pdf = (i: number, kb: number) => `%PDF-1.7\n${`% scan ${i} `.repeat(Math.round((kb * 1024) / 10))}\n%%EOF\n`;

// 8 MB for the whole data folder: SQLite's WAL alone grows to 4 MB (1,000 pages) before a checkpoint.
describe.each([
  { where: 'the data folder', size: '8m', full: (data: string) => data, halfDone: true },
  { where: 'the spool', size: '2m', full: (data: string) => join(data, 'spool'), halfDone: false },
])('$where on a $size tmpfs that fills up', ({ size, full, halfDone }) => {
  it(
    'backs off (one log line per change, little CPU), says failing, and every document goes on once space is back',
    async () => {
      const dir = mkdtempSync(join(root, 'case-'));
      const data = join(dir, 'data');
      const scans = join(dir, 'scans');
      mkdirSync(scans);
      mkdirSync(data);
      mountTmpfs(full(data), size);
      harness = await startConnectionHarness();
      // Slow uploads: documents are in flight when the disk fills.
      harness.faults({ slowUploadBytesPerSec: 4_000 });
      const log: LogEntry[] = [];
      const bus = new EventBus();
      const notices: Pick<Notice, 'code' | 'values'>[] = [];
      bus.on('notice.raised', ({ notice: { code, values } }) => notices.push({ code, values }));
      pipeline = await createIntakePipeline({
        dataDir: data,
        settings: {
          folders: [
            FolderProfileSchema.parse({
              id: 'scans',
              label: 'Scans',
              path: scans,
              autoSubmit: true,
              defaultMetadata: { caseNumber: 'CLM-2026-000101' },
            }),
          ],
          archive: { mode: 'move', retentionDays: 30 },
          upload: { concurrency: 3 },
        },
        uploader: harness.connect({ timeoutMs: 10_000 }).api,
        bus,
        clock: systemClock,
        logger: new JsonLineLogger((_line, entry) => log.push(entry), 'debug'),
        folderOptions: { stability: { pollMs: 40, stableMs: 200, emptyStableMs: 400, lockedRetryMs: 100 } },
        backoff: { baseMs: 50, capMs: 200 },
        resourceBackoff: { baseMs: 100, capMs: 800 },
      });
      await pipeline.start();
      const monitor = new StationMonitor({ bus, queue: pipeline.queue, clock: systemClock, version: 't', pid: 1 });
      const metrics = createMetricsRegistry(monitor);
      const queue = pipeline.queue;

      // Small first scans (archiving them frees less than a 64 KB write needs), larger second ones. Three
      // are uploading when the disk fills and one waits for a slot: taking it then fails (the review's loop).
      await Promise.all([0, 1, 2, 6].map((i) => writeFile(join(scans, `first_${i}.pdf`), pdf(i, 5))));
      await waitFor(
        () => (queue.status().counts.uploading === 3 && queue.status().counts.queued === 1) || undefined,
        'three uploads in flight, one waiting',
      );
      const filler = fillDisk(full(data));
      await Promise.all([3, 4, 5].map((i) => writeFile(join(scans, `second_${i}.pdf`), pdf(i, 300))));

      await waitFor(() => queue.status().storage, 'the data folder failing').catch((e: unknown) => {
        report(JSON.stringify({ status: queue.status(), log: log.slice(-30) }, null, 1));
        throw e;
      });
      const cpuBefore = process.cpuUsage();
      const wallBefore = performance.now();
      const linesBefore = log.length;
      await new Promise((r) => setTimeout(r, 3_000));
      const cpu = process.cpuUsage(cpuBefore);
      const cpuShare = (cpu.user + cpu.system) / 1000 / (performance.now() - wallBefore);
      const linesDuring = log.length - linesBefore;

      expect(queue.status().storage).toMatchObject({ code: 'storage.full' });
      const station = monitor.status();
      expect(station.storage?.code).toBe('storage.full');
      const health = healthOf(station, true, Date.now());
      expect(health.level).toBe('failing');
      expect(health.reasons.join(' ')).toMatch(/data folder failing .*storage\.full/);
      expect(await metrics.getSingleMetricAsString('intake_storage_failing')).toMatch(
        /intake_storage_failing\{code="storage.full"\} 1/,
      );
      // Backoff: a handful of tries in 3 s (cap 0.8 s), not hundreds of thousands; one line per change.
      expect(linesDuring).toBeLessThan(20);
      expect(cpuShare).toBeLessThan(0.25);
      expect(log.filter((l) => l.message === 'upload bookkeeping failed')).toEqual([]);
      expect(log.filter((l) => l.message === 'could not take file; will try again')).toEqual([]);
      const failingLines = log.filter((l) => l.message === 'data folder failing; retrying with backoff');
      expect(failingLines.length).toBeGreaterThanOrEqual(1);
      expect(failingLines.length).toBeLessThanOrEqual(2);
      // The clerk is told once (the renderer's notice.storage.full), not per try.
      expect(notices.filter((n) => n.code === 'storage.full' && n.values['reason'])).toHaveLength(1);
      // Nothing failed: a full disk is never the document's fault.
      expect(queue.status().counts.failed).toBe(0);

      rmSync(filler);
      harness.sandbox.clearFaults();
      await waitFor(
        () => queue.status().counts.archived === 7 || undefined,
        'every document archived without a restart',
        30_000,
      ).catch((e: unknown) => {
        report(JSON.stringify({ status: queue.status(), log: log.slice(-30) }, null, 1));
        throw e;
      });
      expect(queue.status().storage).toBeUndefined();
      expect(queue.status().counts).toMatchObject({ queued: 0, uploading: 0, uploaded: 0, failed: 0, archived: 7 });
      // No scan left, in the folder or in this station's part of its `.intake/`.
      expect(scansLeftIn(scans)).toEqual([]);
      // Each exactly once on the platform (a retried upload carries the same Idempotency-Key).
      const names = (await uploads()).map((u) => u.fileName).sort();
      expect(names).toEqual([
        'first_0.pdf',
        'first_1.pdf',
        'first_2.pdf',
        'first_6.pdf',
        'second_3.pdf',
        'second_4.pdf',
        'second_5.pdf',
      ]);
      expect(log.filter((l) => l.message === 'data folder ok again').length).toBeGreaterThanOrEqual(1);
      expect(notices).toContainEqual({ code: 'storage.ok', values: {} });
      // The uploads in flight when the disk filled: the platform had them, `uploaded` could not be written,
      // so they were left `uploading`. They went back to queued (same key) in this process, no restart.
      const requeued = (await queue.history({ limit: 500 })).filter((h) => h.step?.code === 'storageRequeued');
      if (halfDone) expect(requeued.length).toBeGreaterThan(0);
      report(
        `disk full under ${full(data) === data ? 'data' : 'spool'}: ${linesDuring} log lines and ${(cpuShare * 100).toFixed(1)} % CPU in 3 s of failing; ${failingLines.length} failing line(s)`,
      );
    },
    idleMs(90_000),
  );
});
