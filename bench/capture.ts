/**
 * Capture throughput and memory: render + barcodes + blank detection at 200 DPI on A4 scans.
 *   npx tsx bench/capture.ts [--quick] [--pages 100]
 * Pages/s in-process with the CLI's pool (every core) and the app's pool (cores − 1), from the first page
 * done to the last (worker start-up counted apart); peak RSS of a real, built `intake-agent pages` process
 * over a 100-page batch (VmHWM from /proc, sampled every 20 ms; `npm run build` first).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { CapturePool, defaultPoolSize } from '../electron/core/capture/analysis/capture-pool';
import { scannedBatch } from '../electron/core/capture/test-support/batch';
import type { Figure } from './bench-support';
import { printFigures, workDir } from './bench-support';

const ROOT = resolve(import.meta.dirname, '..');

async function pagesPerSecond(file: string, threads: number) {
  const pool = new CapturePool({ size: threads });
  const started = performance.now();
  const done: number[] = [];
  const r = await pool.analyseFile(file, { dpi: 200, blankThreshold: 0.002 }, () => done.push(performance.now()));
  await pool.close();
  if (!r.ok) throw new Error(r.problem.message);
  const total = performance.now() - started;
  const steady = (done.length - 1) / ((done.at(-1)! - done[0]!) / 1000);
  return { pages: r.pages.length, steady, total: r.pages.length / (total / 1000), firstPageMs: done[0]! - started };
}

/**
 * Runs `intake-agent pages FILE` as shipped (the build in out/main; `npm run build` first — from source,
 * tsx's compiler in every thread adds ~30 MB) and samples its peak RSS (VmHWM).
 */
function peakRss(file: string, threads: number): Promise<{ peakMb: number; seconds: number; lines: number }> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(process.execPath, ['bin/intake-agent.mjs', 'pages', file, '--threads', String(threads)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let peakKb = 0;
    let lines = 0;
    child.stdout.on('data', (d: Buffer) => (lines += d.toString().split('\n').length - 1));
    const sample = setInterval(() => {
      try {
        const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'));
        if (m) peakKb = Math.max(peakKb, Number(m[1]));
      } catch {
        // gone
      }
    }, 20);
    child.on('error', fail);
    child.on('exit', (code) => {
      clearInterval(sample);
      if (code !== 0) return fail(new Error(`intake-agent pages exited ${code}`));
      done({ peakMb: peakKb / 1024, seconds: (performance.now() - started) / 1000, lines });
    });
  });
}

export async function captureBench(quick: boolean, pageCount = quick ? 24 : 100): Promise<Figure[]> {
  const dir = workDir('capture');
  const file = join(dir, 'batch.pdf');
  const batch = await scannedBatch(pageCount);
  await writeFile(file, batch.pdf);
  const cmd = `npx tsx bench/capture.ts${quick ? ' --quick' : ''}`;
  const cli = await pagesPerSecond(file, defaultPoolSize(true));
  const app = await pagesPerSecond(file, defaultPoolSize(false));
  // Measured on the agent as shipped; without a build there is nothing honest to measure.
  const built = existsSync(join(ROOT, 'out/main/agent.js'));
  const none = { peakMb: Number.NaN, seconds: 0, lines: 0 };
  const mem = built ? await peakRss(file, defaultPoolSize(true)) : none;
  const memApp = built ? await peakRss(file, defaultPoolSize(false)) : none;
  const rss = (m: typeof mem) =>
    built
      ? `${m.peakMb.toFixed(0)} MB (${m.lines} lines in ${m.seconds.toFixed(1)} s)`
      : 'not measured: `npm run build` first';
  const cores = availableParallelism();
  return [
    {
      figure: `capture pages/s, render + barcodes + blank, A4 200 DPI, ${pageCount}-page scanner PDF, ${defaultPoolSize(true)} worker(s) (CLI, ${cores} cores)`,
      target: '≥ 4',
      result: `${cli.steady.toFixed(1)} (with worker start-up ${cli.total.toFixed(1)}; first page after ${Math.round(cli.firstPageMs)} ms)`,
      ok: cli.steady >= 4,
      command: cmd,
    },
    {
      figure: `capture pages/s, same batch, ${defaultPoolSize(false)} worker(s) (app: one core kept for the main thread)`,
      target: '—',
      result: `${app.steady.toFixed(1)} (with start-up ${app.total.toFixed(1)})`,
      ok: true,
      command: cmd,
    },
    {
      figure: `peak RSS, \`intake-agent pages --threads ${defaultPoolSize(true)}\` over the ${pageCount}-page batch (${(batch.pdf.length / 1e6).toFixed(1)} MB PDF)`,
      target: '< 300 MB',
      result: rss(mem),
      ok: mem.peakMb < 300 && mem.lines === pageCount,
      command: cmd,
    },
    {
      figure: `peak RSS, same, --threads ${defaultPoolSize(false)} (the app's pool size on this box)`,
      target: '< 300 MB',
      result: rss(memApp),
      ok: memApp.peakMb < 300 && memApp.lines === pageCount,
      command: cmd,
    },
  ];
}

if (process.argv[1]?.endsWith('capture.ts')) {
  const { values } = parseArgs({ options: { quick: { type: 'boolean' }, pages: { type: 'string' } } });
  const figures = await captureBench(values.quick ?? false, values.pages ? Number(values.pages) : undefined);
  console.log('| figure | target | result | command |\n|---|---|---|---|');
  printFigures(figures);
  process.exit(0);
}
