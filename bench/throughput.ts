/** Throughput: watcher → queue → upload vs one curl process per file. npx tsx bench/throughput.ts [--quick] */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Figure } from './bench-support';
import { curlUpload, pipelineFor, printFigures, until, uploaderFor, workDir } from './bench-support';
import { sandboxProcess } from './sandbox-process';

export async function throughput(
  count: number,
  bytes: number,
  label: string,
  curlSample: number,
  concurrency: number,
): Promise<Figure> {
  const dir = workDir('tp');
  const sandbox = await sandboxProcess(dir);
  try {
    const scans = join(dir, 'scans');
    const curlDir = join(dir, 'curl');
    await mkdir(scans, { recursive: true });
    await mkdir(curlDir, { recursive: true });
    for (let i = 0; i < count; i++) await writeFile(join(scans, `scan_${i}.pdf`), randomBytes(bytes));
    for (let i = 0; i < curlSample; i++) await writeFile(join(curlDir, `c_${i}.pdf`), randomBytes(bytes));

    // Warm-up (not timed): the sandbox's first requests pay for its JIT; neither side should carry that.
    await curlUpload(sandbox, join(curlDir, 'c_0.pdf'), 'warm-up.pdf');
    let t = performance.now();
    for (let i = 0; i < curlSample; i++) await curlUpload(sandbox, join(curlDir, `c_${i}.pdf`), `c_${i}.pdf`);
    const curlRate = curlSample / ((performance.now() - t) / 1000);

    t = performance.now();
    const pipeline = await pipelineFor(dir, scans, uploaderFor(sandbox), { concurrency });
    await pipeline.start();
    await until(() => pipeline.queue.status().counts.archived === count, 50);
    const rate = count / ((performance.now() - t) / 1000);
    await pipeline.stop();
    const ratio = rate / curlRate;
    return {
      figure: `throughput ${label}, upload concurrency ${concurrency}${concurrency === 2 ? ' (product default)' : ''} (docs/s, incl. the 1.75 s stability wait; sandbox in its own process)`,
      target: '≥ 3× curl loop',
      result: `${rate.toFixed(1)} docs/s vs curl ${curlRate.toFixed(1)} docs/s (${curlSample} files) = ${ratio.toFixed(1)}×`,
      ok: ratio >= 3,
      command: `npx tsx bench/throughput.ts${curlSample < 40 ? ' --quick' : ''}`,
    };
  } finally {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export async function throughputBench(quick: boolean): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const concurrency of [2, 4]) {
    figures.push(
      await throughput(quick ? 40 : 200, 1 << 20, quick ? '40 × 1 MB' : '200 × 1 MB', quick ? 10 : 40, concurrency),
    );
    figures.push(
      await throughput(
        quick ? 200 : 2000,
        50 * 1024,
        quick ? '200 × 50 KB' : '2,000 × 50 KB',
        quick ? 20 : 100,
        concurrency,
      ),
    );
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`)
  printFigures(await throughputBench(process.argv.includes('--quick')));
