/**
 * The agent's peak RSS against queue size and file size (issue #18: < 200 MB, flat): `--once` over a
 * folder of N small files for a small and a large N, and `upload` of a small and a 2 GiB file. The peak is
 * the kernel's VmHWM of the agent process, read until it exits. The sandbox runs as its own process with
 * its data on tmpfs. npx tsx bench/agent-memory.ts [--quick]   (needs `npm run build`: runs the bundle)
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Figure } from './bench-support';
import { spawnAgent } from './bench-support';
import { peakRssUntilExit, printFigures, workDir, writeBigPdf } from './bench-support';
import { sandboxProcess } from './sandbox-process';
import type { BenchSandbox } from './sandbox-process';

type Sandbox = BenchSandbox;

async function peakOf(args: string[], s: Sandbox): Promise<{ peakMb: number; seconds: number; code: number | null }> {
  const started = performance.now();
  // The bin itself, as an installed agent runs (its shebang carries the V8 start flags).
  const child = spawnAgent(s, args, { after: ['--log-level', 'warn'], stdio: 'ignore' });
  const { peakMb, code } = await peakRssUntilExit(child);
  return { peakMb, seconds: (performance.now() - started) / 1000, code };
}

async function folderOf(dir: string, count: number, bytes: number): Promise<string> {
  const folder = join(dir, `scans-${count}`);
  await mkdir(folder, { recursive: true });
  const body = randomBytes(bytes);
  for (let i = 0; i < count; i++) {
    // Distinct content per file (the queue notices duplicates), a valid PDF head and end.
    body.writeUInt32BE(i, 16);
    await writeFile(
      join(folder, `scan-${String(i).padStart(5, '0')}.pdf`),
      Buffer.concat([Buffer.from('%PDF-1.4\n'), body, Buffer.from('\n%%EOF\n')]),
    );
  }
  return folder;
}

export async function agentMemoryBench(quick: boolean): Promise<Figure[]> {
  const dir = workDir('memory');
  await mkdir(dir, { recursive: true });
  const sandbox = await sandboxProcess(dir);
  const command = `npx tsx bench/agent-memory.ts${quick ? ' --quick' : ''}`;
  const figures: Figure[] = [];
  try {
    const [few, many] = quick ? [100, 2_000] : [100, 10_000];
    const small = 50_000;
    const runs: Record<number, { peakMb: number; seconds: number; code: number | null }> = {};
    for (const n of [few, many]) {
      const folder = await folderOf(dir, n, small);
      runs[n] = await peakOf(['run', '--once', '--watch', folder, '--data', join(dir, `data-${n}`)], sandbox);
      await rm(folder, { recursive: true, force: true });
      await rm(join(dir, `data-${n}`), { recursive: true, force: true });
    }
    const a = runs[few]!;
    const b = runs[many]!;
    figures.push({
      figure: `agent peak RSS, --once over ${many.toLocaleString('en')} files of 50 KB (vs ${few})`,
      target: '< 200 MB, flat in queue size',
      result: `${b.peakMb.toFixed(0)} MB (${few} files: ${a.peakMb.toFixed(0)} MB; ${b.seconds.toFixed(0)} s, exit ${b.code})`,
      ok: b.peakMb < 200 && b.code === 0,
      command,
    });
    const sizes = quick ? [10, 512] : [10, 2048];
    const big: Record<number, { peakMb: number; seconds: number; code: number | null }> = {};
    for (const mb of sizes) {
      const file = join(dir, `big-${mb}.pdf`);
      // 2 GiB means the platform's largest upload, 2 GiB − 1 byte (spec; sandbox DEFAULT_MAX_UPLOAD_BYTES).
      await writeBigPdf(file, Math.min(mb * 1024 * 1024, 2 ** 31 - 1));
      big[mb] = await peakOf(['upload', file, '--data', join(dir, `data-big-${mb}`)], sandbox);
      await rm(file, { force: true });
      await rm(join(dir, `data-big-${mb}`), { recursive: true, force: true });
    }
    const large = big[sizes[1]!]!;
    figures.push({
      figure: `agent peak RSS, upload of one ${sizes[1]! >= 1024 ? `${sizes[1]! / 1024} GiB` : `${sizes[1]} MB`} file (vs ${sizes[0]} MB)`,
      target: '< 200 MB, flat in file size',
      result: `${large.peakMb.toFixed(0)} MB (${sizes[0]} MB: ${big[sizes[0]!]!.peakMb.toFixed(0)} MB; ${large.seconds.toFixed(0)} s, exit ${large.code})`,
      ok: large.peakMb < 200 && large.code === 0,
      command,
    });
  } finally {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`)
  printFigures(await agentMemoryBench(process.argv.includes('--quick')));
