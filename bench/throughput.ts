/**
 * Throughput: watcher → queue → upload vs one curl process per file.
 * npx tsx bench/throughput.ts [--quick] [--size 1mb|50kb] [--concurrency N]
 */
import { mkdir, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeScanPdf } from '../electron/core/samples/sample-scans';
import type { InboxUploader } from '../electron/core/queue/inbox-uploader';
import { DEFAULT_UPLOAD_CONCURRENCY } from '../shared/domain/settings';
import type { Figure } from './bench-support';
import {
  boxCpuMs,
  INSTANT_PLATFORM,
  curlToken,
  curlUpload,
  curlUploadWithToken,
  pipelineFor,
  printFigures,
  uploaderFor,
  workDir,
} from './bench-support';
import { availableParallelism, loadavg } from 'node:os';
import { sandboxProcess } from './sandbox-process';

/** CPU of this process (all its threads) since `from`, in ms. */
const cpuMsSince = (from: NodeJS.CpuUsage) => {
  const u = process.cpuUsage(from);
  return (u.user + u.system) / 1000;
};

/** Box CPU (all processes and kernel threads) since `from` (boxCpuMs), per document; NaN where unknown. */
const boxCpuPer = (from: number | undefined, docs: number) => {
  const now = boxCpuMs();
  return from === undefined || now === undefined ? NaN : (now - from) / docs;
};

/**
 * One pipeline run over the `count` files of `scans`, from its creation until every file is archived: its
 * rate, the rate after the first document (the wait for the first file to count as complete, two looks
 * 250 ms apart for a PDF, left out), this process's CPU and the box's CPU per document.
 */
async function timedPipelineRun(
  dir: string,
  scans: string,
  uploader: InboxUploader,
  concurrency: number,
  count: number,
) {
  const box = boxCpuMs();
  const cpu = process.cpuUsage();
  const start = performance.now();
  const pipeline = await pipelineFor(dir, scans, uploader, { concurrency });
  await pipeline.start();
  let firstArchivedAt: number | undefined;
  // The counts read each time (freshStatus), not status()'s snapshot, which may be up to 250 ms old.
  for (;;) {
    const archived = (await pipeline.queue.freshStatus()).counts.archived;
    if (archived > 0) firstArchivedAt ??= performance.now();
    if (archived === count) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  const end = performance.now();
  const result = {
    rate: count / ((end - start) / 1000),
    steadyRate: (count - 1) / ((end - (firstArchivedAt ?? start)) / 1000),
    cpu: cpuMsSince(cpu) / count,
    box: boxCpuPer(box, count),
  };
  await pipeline.stop();
  return result;
}

/**
 * The pipeline with a platform that answers at once and reads nothing (INSTANT_PLATFORM): its own work
 * alone, in a folder of its own with the same kind of files. How fast that runs, and what it costs the
 * box, bound what any pipeline doing this work can reach beside the upload (docs/benchmarks.md).
 */
async function pipelineAlone(count: number, bytes: number, concurrency: number) {
  const dir = workDir('tp-alone');
  try {
    const scans = join(dir, 'scans');
    await mkdir(scans, { recursive: true });
    for (let i = 0; i < count; i++) await writeFile(join(scans, `scan_${i}.pdf`), makeScanPdf(bytes));
    return await timedPipelineRun(dir, scans, INSTANT_PLATFORM, concurrency, count);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The product's default upload concurrency (`upload.concurrency` in shared/domain/settings.ts). */
const DEFAULT_CONCURRENCY = DEFAULT_UPLOAD_CONCURRENCY;

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
    for (let i = 0; i < count; i++) await writeFile(join(scans, `scan_${i}.pdf`), makeScanPdf(bytes));
    for (let i = 0; i < curlSample; i++) await writeFile(join(curlDir, `c_${i}.pdf`), makeScanPdf(bytes));

    // Warm-up (not timed): the sandbox's first requests pay for its JIT; neither side should carry that.
    await curlUpload(sandbox, join(curlDir, 'c_0.pdf'), 'warm-up.pdf');
    // The loop a script would run: a token fetched once (valid for an hour), then one curl process per file.
    const accessToken = await curlToken(sandbox);
    // Run before and after the pipeline and counted with the mean: this shared box's speed drifts by ±20 %
    // within minutes, and the pipeline's run lies between the two.
    const curlLoop = async (round: number) => {
      const start = performance.now();
      for (let i = 0; i < curlSample; i++)
        await curlUploadWithToken(sandbox, accessToken, join(curlDir, `c_${i}.pdf`), `c${round}_${i}.pdf`);
      return curlSample / ((performance.now() - start) / 1000);
    };
    const curlBefore = await curlLoop(1);

    // The ceiling: the platform client alone, uploading the curl files as fast as the sandbox takes them at
    // the same concurrency (no watcher, spool, queue or archive). No pipeline can beat it on this box. Run
    // before and after the pipeline and counted with the mean, like curl: on this shared box one ceiling
    // run moved between 88 and 176 docs/s from one minute to the next.
    const uploader = uploaderFor(sandbox);
    const ceilingFiles = Math.min(count, 4 * curlSample);
    const load = [loadavg()[0] ?? NaN];
    const ceilingRun = async (round: number) => {
      const box = boxCpuMs();
      const cpu = process.cpuUsage();
      const start = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          for (let i = next++; i < ceilingFiles; i = next++) {
            const name = `c_${i % curlSample}.pdf`;
            await uploader.uploadToInbox({
              filePath: join(curlDir, name),
              fileName: name,
              contentType: 'application/pdf',
              size: (await stat(join(curlDir, name))).size,
              metadata: { caseNumber: 'CLM-2026-000101', primaryFileName: `ceiling${round}_${i}.pdf` },
              signal: new AbortController().signal,
              onProgress: () => undefined,
            });
          }
        }),
      );
      // CPU of the client process per document (the sandbox and curl are other processes): what the bare
      // client costs, and what the whole pipeline costs on top (watcher, spool copy, queue, archive).
      return {
        rate: ceilingFiles / ((performance.now() - start) / 1000),
        cpu: cpuMsSince(cpu) / ceilingFiles,
        // The box's CPU per upload: the client, the sandbox and the kernel's share.
        box: boxCpuPer(box, ceilingFiles),
      };
    };
    const ceilingBefore = await ceilingRun(1);

    const run = await timedPipelineRun(dir, scans, uploader, concurrency, count);
    const { rate, steadyRate } = run;
    const pipelineCpu = run.cpu;
    const pipelineBox = run.box;
    load.push(loadavg()[0] ?? NaN);
    const ceilingAfter = await ceilingRun(2);
    const ceiling = (ceilingBefore.rate + ceilingAfter.rate) / 2;
    const ceilingCpu = (ceilingBefore.cpu + ceilingAfter.cpu) / 2;
    const curlAfter = await curlLoop(2);
    const curlRate = (curlBefore + curlAfter) / 2;
    const alone = await pipelineAlone(count, bytes, concurrency);
    const ceilingBox = (ceilingBefore.box + ceilingAfter.box) / 2;
    // What the box's cores allow if the pipeline's own work and the upload (client + sandbox) overlapped
    // perfectly: every core busy all the time, nothing waiting on anything.
    const cores = availableParallelism();
    const coresBound = (1000 * cores) / (alone.box + ceilingBox);
    const ratio = rate / curlRate;
    const ofCeiling = rate / ceiling;
    // #19: ≥ 90 % of the ceiling measured in the same run; the small-file row also ≥ 3× the curl loop.
    const small = bytes < 1 << 20;
    return {
      figure: `throughput ${label} PDFs, upload concurrency ${concurrency}${concurrency === DEFAULT_CONCURRENCY ? ' (product default)' : ''} (docs/s from start to the last archived, detection included; curl: one process per file, token fetched once)`,
      target: small ? '≥ 90 % of ceiling, ≥ 3× curl loop' : '≥ 90 % of ceiling',
      result:
        `${rate.toFixed(1)} docs/s = **${(100 * ofCeiling).toFixed(0)} % of the ceiling** (client uploads alone, ${ceiling.toFixed(1)} docs/s: ${ceilingBefore.rate.toFixed(1)} before, ${ceilingAfter.rate.toFixed(1)} after); ` +
        `after the first document ${steadyRate.toFixed(1)} docs/s = ${((100 * steadyRate) / ceiling).toFixed(0)} %; ` +
        `curl ${curlRate.toFixed(1)} docs/s (${curlSample} files, ${curlBefore.toFixed(1)} before, ${curlAfter.toFixed(1)} after): pipeline ${ratio.toFixed(1)}×, ceiling ${(ceiling / curlRate).toFixed(1)}×; ` +
        `pipeline alone (platform answering at once) ${alone.rate.toFixed(1)} docs/s = ${((100 * alone.rate) / ceiling).toFixed(0)} % of the ceiling; ` +
        `${cores} cores allow at most ${coresBound.toFixed(1)} docs/s = ${((100 * coresBound) / ceiling).toFixed(0)} % of the ceiling (box CPU per document: pipeline alone ${alone.box.toFixed(1)} ms + upload ${ceilingBox.toFixed(1)} ms), pipeline at ${((100 * rate) / Math.min(ceiling, coresBound)).toFixed(0)} % of that; ` +
        `client-process CPU per document: ceiling ${ceilingCpu.toFixed(1)} ms, pipeline ${pipelineCpu.toFixed(1)} ms, pipeline alone ${alone.cpu.toFixed(1)} ms; box CPU per document: pipeline ${pipelineBox.toFixed(1)} ms; load ${load.map((l) => l.toFixed(1)).join(' → ')}`,
      ok: ofCeiling >= 0.9 && (!small || ratio >= 3),
      command: `npx tsx bench/throughput.ts${curlSample < 40 ? ' --quick' : ''}`,
    };
  } finally {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** `only` narrows a run to one file size ('1mb' or '50kb') and one concurrency, e.g. to compare two builds. */
export async function throughputBench(
  quick: boolean,
  only: { size?: string; concurrency?: number } = {},
): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const concurrency of only.concurrency !== undefined ? [only.concurrency] : [DEFAULT_CONCURRENCY, 4]) {
    if (only.size !== '50kb')
      figures.push(
        await throughput(quick ? 40 : 200, 1 << 20, quick ? '40 × 1 MB' : '200 × 1 MB', quick ? 10 : 100, concurrency),
      );
    if (only.size !== '1mb')
      figures.push(
        await throughput(
          quick ? 200 : 2000,
          50 * 1024,
          quick ? '200 × 50 KB' : '2,000 × 50 KB',
          quick ? 20 : 300,
          concurrency,
        ),
      );
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const arg = (name: string) => {
    const i = process.argv.indexOf(name);
    return i > 0 ? process.argv[i + 1] : undefined;
  };
  const concurrency = arg('--concurrency');
  printFigures(
    await throughputBench(process.argv.includes('--quick'), {
      size: arg('--size'),
      concurrency: concurrency !== undefined ? Number(concurrency) : undefined,
    }),
  );
}
