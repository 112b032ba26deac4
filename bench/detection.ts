/** Detection latency for a scanner-like writer (bursts, pauses up to 1.5 s). npx tsx bench/detection.ts [--quick] */
import { randomBytes } from 'node:crypto';
import { appendFile, mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeScanPdf } from '../electron/core/samples/sample-scans';
import type { Figure } from './bench-support';
import { percentile, pipelineFor, printFigures, until, workDir } from './bench-support';

const never = { uploadToInbox: () => new Promise<never>(() => undefined) };

type Kind = 'pdf' | 'tif';

/** A scan of 100–400 KB: a PDF (cross-reference table and trailer last) or a TIFF (no end marker). */
function scanContent(kind: Kind): Buffer {
  const bytes = 100_000 + Math.floor(Math.random() * 300_000);
  return kind === 'pdf'
    ? makeScanPdf(bytes)
    : Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]), randomBytes(bytes)]);
}

/** Creates the file empty, then writes it in 3–6 bursts with pauses of up to 1.5 s, like a scanner. */
async function scannerWrite(path: string, content: Buffer): Promise<{ lastWrite: number; size: number }> {
  const bursts = 3 + Math.floor(Math.random() * 4);
  await writeFile(path, '');
  const step = Math.ceil(content.length / bursts);
  for (let b = 0; b < bursts; b++) {
    await appendFile(path, content.subarray(b * step, (b + 1) * step));
    if (b < bursts - 1) await new Promise((r) => setTimeout(r, Math.random() * 1_500));
  }
  return { lastWrite: performance.now(), size: content.length };
}

export async function detectionBench(quick: boolean): Promise<Figure[]> {
  const dir = workDir('det');
  const scans = join(dir, 'scans');
  await mkdir(scans, { recursive: true });
  const pipeline = await pipelineFor(dir, scans, never, { autoSubmit: false });
  await pipeline.start();
  const files = quick ? 12 : 40;
  const latencies: Record<Kind, number[]> = { pdf: [], tif: [] };
  let partial = 0;
  const seen = new Map<string, { at: number; size: number }>();
  const unsubscribe = () => undefined;
  const poll = setInterval(() => {
    void pipeline.queue.list({ limit: 1000, offset: 0 }).then(({ documents }) => {
      for (const d of documents)
        if (!seen.has(d.fileName)) seen.set(d.fileName, { at: performance.now(), size: d.size });
    });
  }, 10);
  // Four writers at a time, like a busy multi-function device; every other file a TIFF.
  for (let i = 0; i < files; i += 4) {
    await Promise.all(
      Array.from({ length: Math.min(4, files - i) }, async (_, k) => {
        const kind: Kind = (i + k) % 2 === 0 ? 'pdf' : 'tif';
        const name = `scan_${i + k}.${kind}`;
        const { lastWrite, size } = await scannerWrite(join(scans, name), scanContent(kind));
        await until(() => seen.has(name));
        const s = seen.get(name)!;
        latencies[kind].push((s.at - lastWrite) / 1000);
        if (s.size !== size) partial++;
      }),
    );
  }
  clearInterval(poll);
  unsubscribe();
  await pipeline.stop();
  await rm(dir, { recursive: true, force: true });
  const command = `npx tsx bench/detection.ts${quick ? ' --quick' : ''}`;
  const latency = (kind: Kind, how: string): Figure => {
    const p95 = percentile(latencies[kind], 95);
    return {
      figure: `detection latency after the scanner's last write, ${latencies[kind].length} ${kind.toUpperCase()} files (${how}), bursts with pauses ≤ 1.5 s`,
      target: '≤ 1.5 s + 2.0 s = 3.5 s',
      result: `p50 ${percentile(latencies[kind], 50).toFixed(2)} s, p95 ${p95.toFixed(2)} s`,
      ok: p95 <= 3.5,
      command,
    };
  };
  return [
    latency('pdf', 'complete by its trailer'),
    latency('tif', 'no end marker: 1.75 s of quiet'),
    {
      figure: 'partial pick-ups',
      target: '0',
      result: String(partial),
      ok: partial === 0,
      command,
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`)
  printFigures(await detectionBench(process.argv.includes('--quick')));
