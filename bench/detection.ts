/** Detection latency for a scanner-like writer (bursts, pauses up to 1.5 s). npx tsx bench/detection.ts [--quick] */
import { appendFile, mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Figure } from './bench-support';
import { percentile, pipelineFor, printFigures, until, workDir } from './bench-support';

const never = { uploadToInbox: () => new Promise<never>(() => undefined) };

async function scannerWrite(path: string): Promise<{ lastWrite: number; size: number }> {
  const bursts = 3 + Math.floor(Math.random() * 4);
  let size = 0;
  await writeFile(path, '');
  for (let b = 0; b < bursts; b++) {
    const chunk = Buffer.alloc(32 * 1024 + Math.floor(Math.random() * 64 * 1024), 0x41 + b);
    await appendFile(path, chunk);
    size += chunk.length;
    if (b < bursts - 1) await new Promise((r) => setTimeout(r, Math.random() * 1_500));
  }
  return { lastWrite: performance.now(), size };
}

export async function detectionBench(quick: boolean): Promise<Figure[]> {
  const dir = workDir('det');
  const scans = join(dir, 'scans');
  await mkdir(scans, { recursive: true });
  const pipeline = await pipelineFor(dir, scans, never, { autoSubmit: false });
  await pipeline.start();
  const files = quick ? 12 : 40;
  const latencies: number[] = [];
  let partial = 0;
  const seen = new Map<string, { at: number; size: number }>();
  const unsubscribe = () => undefined;
  const poll = setInterval(() => {
    for (const d of pipeline.queue.list({ limit: 1000, offset: 0 }).documents)
      if (!seen.has(d.fileName)) seen.set(d.fileName, { at: performance.now(), size: d.size });
  }, 10);
  // Four writers at a time, like a busy multi-function device.
  for (let i = 0; i < files; i += 4) {
    await Promise.all(
      Array.from({ length: Math.min(4, files - i) }, async (_, k) => {
        const name = `scan_${i + k}.pdf`;
        const { lastWrite, size } = await scannerWrite(join(scans, name));
        await until(() => seen.has(name));
        const s = seen.get(name)!;
        latencies.push((s.at - lastWrite) / 1000);
        if (s.size !== size) partial++;
      }),
    );
  }
  clearInterval(poll);
  unsubscribe();
  await pipeline.stop();
  const p95 = percentile(latencies, 95);
  return [
    {
      figure: `detection latency p95 after the last write (${files} files, pauses ≤ 1.5 s)`,
      target: '≤ 1.5 s + 2.0 s = 3.5 s',
      result: `p50 ${percentile(latencies, 50).toFixed(2)} s, p95 ${p95.toFixed(2)} s`,
      ok: p95 <= 3.5,
      command: `npx tsx bench/detection.ts${quick ? ' --quick' : ''}`,
    },
    {
      figure: 'partial pick-ups',
      target: '0',
      result: String(partial),
      ok: partial === 0,
      command: `npx tsx bench/detection.ts${quick ? ' --quick' : ''}`,
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`)
  printFigures(await detectionBench(process.argv.includes('--quick')));
