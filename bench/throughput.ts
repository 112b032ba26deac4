/** Throughput: watcher → queue → upload vs one curl process per file. npx tsx bench/throughput.ts [--quick] */
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Figure } from './bench-support';
import { curlUpload, pipelineFor, printFigures, sandboxFor, until, uploaderFor, workDir } from './bench-support';

export async function throughput(count: number, bytes: number, label: string, curlSample: number): Promise<Figure> {
  const dir = workDir('tp');
  const sandbox = await sandboxFor(dir);
  try {
    const scans = join(dir, 'scans');
    const curlDir = join(dir, 'curl');
    await mkdir(scans, { recursive: true });
    await mkdir(curlDir, { recursive: true });
    for (let i = 0; i < count; i++) await writeFile(join(scans, `scan_${i}.pdf`), randomBytes(bytes));
    for (let i = 0; i < curlSample; i++) await writeFile(join(curlDir, `c_${i}.pdf`), randomBytes(bytes));

    let t = performance.now();
    for (let i = 0; i < curlSample; i++) await curlUpload(sandbox, join(curlDir, `c_${i}.pdf`), `c_${i}.pdf`);
    const curlRate = curlSample / ((performance.now() - t) / 1000);

    t = performance.now();
    const pipeline = await pipelineFor(dir, scans, uploaderFor(sandbox));
    await pipeline.start();
    await until(() => pipeline.queue.status().counts.archived === count, 50);
    const rate = count / ((performance.now() - t) / 1000);
    await pipeline.stop();
    const ratio = rate / curlRate;
    return {
      figure: `throughput ${label} (docs/s, incl. 1.75 s stability wait)`,
      target: '≥ 3× curl loop',
      result: `${rate.toFixed(1)} docs/s vs curl ${curlRate.toFixed(1)} docs/s (${curlSample} files) = ${ratio.toFixed(1)}×`,
      ok: ratio >= 3,
      command: `npx tsx bench/throughput.ts${count < 200 ? ' --quick' : ''}`,
    };
  } finally {
    await sandbox.close();
  }
}

export async function throughputBench(quick: boolean): Promise<Figure[]> {
  return [
    await throughput(quick ? 40 : 200, 1 << 20, quick ? '40 × 1 MB' : '200 × 1 MB', quick ? 10 : 40),
    await throughput(quick ? 200 : 2000, 50 * 1024, quick ? '200 × 50 KB' : '2,000 × 50 KB', quick ? 20 : 100),
  ];
}

if (import.meta.url === `file://${process.argv[1]}`)
  printFigures(await throughputBench(process.argv.includes('--quick')));
