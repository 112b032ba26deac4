import { readdir, readlink, writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { makePdf } from '../../samples/sample-scans';
import { CapturePool, CaptureWorkerFailed, defaultPoolSize } from './capture-pool';
import { pdfOfScans, renderScan } from '../test-support/synthetic-scan';
import { tempDir } from '../../util/test-support/temp-dir';
import { idleMs } from '../../util/test-support/box-pace';

const pool = new CapturePool({ size: 2 });
afterAll(() => pool.close());

describe('CapturePool', () => {
  it('keeps a core for the main thread by default (cores − 1, at least 1); the CLI takes every core', () => {
    expect(defaultPoolSize()).toBe(Math.max(1, availableParallelism() - 1));
    expect(defaultPoolSize(true)).toBe(availableParallelism());
  });

  it(
    'analyses every page in worker threads, in page order, and the main thread stays free meanwhile',
    { timeout: idleMs(120_000) },
    async () => {
      const dir = tempDir('capture-pool-');
      const pages = [
        await renderScan({ codes: [{ text: 'PATCHT', format: 'Code128' }] }),
        await renderScan({ textLines: 20 }),
        await renderScan({ specks: 10 }),
        await renderScan({ textLines: 5, codes: [{ text: 'CLM-2024-000123', format: 'QRCode', xMm: 150 }] }),
        await renderScan({ textLines: 25 }),
        await renderScan({ textLines: 25 }, { rotate: 180 }),
      ];
      const file = join(dir, 'batch.pdf');
      await writeFile(file, await pdfOfScans(pages));
      // CPU used by this (main) thread versus by the whole process while the batch is analysed. Measured
      // as CPU, not as timer lag: on a loaded 2-core box the OS alone can delay a timer by 200 ms.
      const mainBefore = process.threadCpuUsage();
      const allBefore = process.cpuUsage();
      const seen: number[] = [];
      const started = performance.now();
      const r = await pool.analyseFile(file, { dpi: 200, blankThreshold: 0.002 }, (a) => seen.push(a.page));
      const took = performance.now() - started;
      const main = process.threadCpuUsage(mainBefore);
      const all = process.cpuUsage(allBefore);
      const ms = (u: { user: number; system: number }) => (u.user + u.system) / 1000;
      if (!r.ok) throw new Error(r.problem.message);
      expect(r.pages.map((p) => p.page)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(seen.sort()).toEqual([0, 1, 2, 3, 4, 5]);
      expect(r.pages.map((p) => p.barcodes.map((b) => b.text))).toEqual([
        ['PATCHT'],
        [],
        [],
        ['CLM-2024-000123'],
        [],
        [],
      ]);
      expect(r.pages.map((p) => p.blank)).toEqual([false, false, true, false, false, false]);
      // Analysis takes seconds of CPU, nearly all of it in the workers.
      expect(took).toBeGreaterThan(500);
      expect(ms(all)).toBeGreaterThan(1000);
      expect(ms(main) / ms(all)).toBeLessThan(0.1);
    },
  );

  it('a file that cannot be read as pages is a problem, and the pool goes on working', async () => {
    const dir = tempDir('capture-pool-');
    await writeFile(join(dir, 'bad.pdf'), '%PDF-1.7 not really');
    expect(await pool.analyseFile(join(dir, 'bad.pdf'), { dpi: 200, blankThreshold: 0.002 })).toMatchObject({
      ok: false,
      problem: { code: 'damaged' },
    });
    await expect(pool.pageCount(join(dir, 'missing.pdf'))).rejects.toThrow(/ENOENT/);
    await writeFile(join(dir, 'one.pdf'), await pdfOfScans([await renderScan({ textLines: 2 })]));
    expect(await pool.pageCount(join(dir, 'one.pdf'))).toEqual({ ok: true, pageCount: 1 });
  });

  it('lets go of the file soon after: no descriptor stays open on it (a spool file must be movable)', async () => {
    const dir = tempDir('capture-pool-');
    const file = join(dir, 'held.pdf');
    await writeFile(file, await pdfOfScans([await renderScan({ textLines: 2 }), await renderScan({ textLines: 3 })]));
    const openOnFile = async () => {
      let n = 0;
      for (const fd of await readdir('/proc/self/fd'))
        if ((await readlink(`/proc/self/fd/${fd}`).catch(() => '')) === file) n++;
      return n;
    };
    const r = await pool.analyseFile(file, { dpi: 100, blankThreshold: 0.002 });
    expect(r.ok).toBe(true);
    await new Promise((done) => setTimeout(done, 1_500));
    expect(await openOnFile()).toBe(0);
  });

  it(
    'files take turns: a short file started after a long one is done long before it (one worker)',
    { timeout: idleMs(120_000) },
    async () => {
      const dir = tempDir('capture-pool-');
      const long = join(dir, 'long.pdf');
      const short = join(dir, 'short.pdf');
      await writeFile(long, makePdf(Array.from({ length: 30 }, (_, i) => [`Letter ${i + 1}`, 'Dear Sir'])));
      await writeFile(short, makePdf([['Claim form']]));
      const one = new CapturePool({ size: 1 });
      try {
        const finished: string[] = [];
        let longPagesWhenShortDone = -1;
        let longPages = 0;
        const opts = { dpi: 100, blankThreshold: 0.002 };
        await Promise.all([
          one.analyseFile(long, opts, () => longPages++).then(() => finished.push('long')),
          one.analyseFile(short, opts).then(() => {
            finished.push('short');
            longPagesWhenShortDone = longPages;
          }),
        ]);
        // One queue for all would have served all 15 chunks of the long file first.
        expect(finished).toEqual(['short', 'long']);
        expect(longPagesWhenShortDone).toBeLessThanOrEqual(4);
      } finally {
        await one.close();
      }
    },
  );
});

describe('CapturePool with a worker that runs away, fills its heap or exits', () => {
  const workerUrl = new URL('../test-support/runaway-worker.mjs', import.meta.url);
  const opts = { dpi: 100, blankThreshold: 0.002 };

  it('ends a request over its time budget with its worker, and goes on with a new one', async () => {
    const runaway = new CapturePool({ size: 1, workerUrl, taskBudgetMs: 500 });
    try {
      const started = performance.now();
      const failed = await runaway.analyseFile('/scans/hang.pdf', opts).catch((e: unknown) => e);
      expect(failed).toBeInstanceOf(CaptureWorkerFailed);
      expect(failed).toMatchObject({ reason: 'budget', message: expect.stringMatching(/took more than 1 s/) });
      // The rest of the file was not sent: one budget, not one per chunk.
      expect(performance.now() - started).toBeLessThan(3_000);
      expect(await runaway.analyseFile('/scans/fine.pdf', opts)).toMatchObject({ ok: true, pages: { length: 4 } });
    } finally {
      await runaway.close();
    }
  });

  it('a worker that dies (heap limit, exit) takes only its request; the process and the pool go on', async () => {
    const dying = new CapturePool({ size: 1, workerUrl });
    try {
      for (const file of ['/scans/oom.pdf', '/scans/crash.pdf']) {
        const failed = await dying.analyseFile(file, opts).catch((e: unknown) => e);
        expect(failed, file).toMatchObject({ reason: 'died' });
        expect(await dying.analyseFile('/scans/fine.pdf', opts)).toMatchObject({ ok: true });
      }
    } finally {
      await dying.close();
    }
  });

  it('a file with more pages than maxPages is not analysed', async () => {
    const pool4 = new CapturePool({ size: 1, workerUrl });
    try {
      expect(await pool4.analyseFile('/scans/fine.pdf', { ...opts, maxPages: 3 })).toMatchObject({
        ok: false,
        problem: { code: 'too-many-pages' },
      });
    } finally {
      await pool4.close();
    }
  });
});
