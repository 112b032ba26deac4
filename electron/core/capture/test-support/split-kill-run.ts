/**
 * kill -9 at random moments: (1) a process publishing split parts (commitParts, every step widened by
 * a few ms), (2) `intake-agent split` on a real scan. After each kill, recovery runs (as the next split or
 * the queue's start does) and the folder must hold none of the parts or every one, byte for byte, and
 * the original must be unchanged.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { recoverSplits } from '../split/split-commit';
import { partBytes, partName } from './split-child';
import { pdfOfScans, prng, renderScan } from './synthetic-scan';

const ROOT = resolve(import.meta.dirname, '../../../..');
const CHILD = join(import.meta.dirname, 'split-child.ts');
const AGENT = join(ROOT, 'electron/cli/agent.ts');

export interface SplitKillResult {
  runs: number;
  killed: number;
  none: number;
  all: number;
  /** Runs that left a part missing, extra or different after recovery: must be 0. */
  half: number;
}

/** Runs the child and kills it right after its `killAtLine`-th line of output (0: "ready"). */
function runChild(args: string[], killAtLine: number) {
  return new Promise<{ killed: boolean; code: number | null }>((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let killed = false;
    let lines = 0;
    let buffered = '';
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => {
      buffered += d;
      const complete = buffered.split('\n');
      buffered = complete.pop() ?? '';
      lines += complete.length;
      if (lines > killAtLine && !killed) killed = child.kill('SIGKILL');
    });
    child.stderr.resume();
    child.on('exit', (code) => done({ killed: killed && code === null, code }));
  });
}

/** (1) The commit protocol under kill -9. */
export async function killCommits(opts: { runs: number; parts?: number; size?: number; seed?: number }) {
  const rnd = prng(opts.seed ?? 11);
  const parts = opts.parts ?? 8;
  const size = opts.size ?? 300_000;
  const r: SplitKillResult = { runs: 0, killed: 0, none: 0, all: 0, half: 0 };
  for (let run = 0; run < opts.runs; run++) {
    const out = await mkdtemp(join(tmpdir(), 'split-kill-'));
    try {
      await killCommitRun(r, rnd, out, parts, size, run + 1);
    } finally {
      await rm(out, { recursive: true, force: true });
    }
  }
  return r;
}

/** One kill run into `out`, counted into `r`. */
async function killCommitRun(
  r: SplitKillResult,
  rnd: () => number,
  out: string,
  parts: number,
  size: number,
  seed: number,
) {
  // Lines: ready, parts × part-written, committed, parts × part-moved, done. Kill after any but the last.
  const killAt = Math.floor(rnd() * (2 * parts + 2));
  const res = await runChild([CHILD, out, String(parts), String(size), String(seed)], killAt);
  r.runs++;
  if (res.killed) r.killed++;
  await recoverSplits(out);
  const names = (await readdir(out)).sort();
  if (names.length === 0) r.none++;
  else {
    const expected = Array.from({ length: parts }, (_, i) => partName(i));
    let whole = names.join() === expected.join();
    for (let i = 0; whole && i < parts; i++) {
      const got = await readFile(join(out, partName(i)));
      whole = Buffer.compare(got, Buffer.from(partBytes(seed, i, size))) === 0;
    }
    if (whole) r.all++;
    else r.half++;
  }
}

/** (2) The real CLI: `split` of a 6-page scan with two separators, killed at a random moment. */
export async function killCliSplits(opts: { runs: number; seed?: number; maxMs?: number }) {
  const rnd = prng(opts.seed ?? 5);
  const dir = await mkdtemp(join(tmpdir(), 'split-kill-cli-'));
  const file = join(dir, 'batch.pdf');
  const sep = await renderScan({ codes: [{ text: 'PATCHT', format: 'Code128' }] });
  const text = await renderScan({ textLines: 10 });
  await writeFile(file, await pdfOfScans([text, text, sep, text, sep, text]));
  const original = createHash('sha256')
    .update(await readFile(file))
    .digest('hex');
  const r: SplitKillResult & { originalChanged: number } = {
    runs: 0,
    killed: 0,
    none: 0,
    all: 0,
    half: 0,
    originalChanged: 0,
  };
  let fullMs = opts.maxMs ?? 10_000;
  try {
    for (let run = 0; run < opts.runs; run++) {
      // The agent prints nothing before it is done, so the kill is timed from the start; run 0 is not
      // killed and measures how long a whole split takes.
      const killAt = run === 0 ? 600_000 : Math.floor(rnd() * fullMs * 1.1);
      const started = performance.now();
      const res2 = await runChildTimed([AGENT, 'split', file, '--out', join(dir, `k-${run}`)], killAt);
      if (run === 0) fullMs = performance.now() - started;
      r.runs++;
      if (res2.killed) r.killed++;
      const target = join(dir, `k-${run}`);
      await recoverSplits(target);
      const names = (await readdir(target).catch(() => [] as string[])).sort();
      if (names.length === 0) r.none++;
      else if (names.join() === 'batch_p1-2.pdf,batch_p4.pdf,batch_p6.pdf') {
        const counts = await Promise.all(
          names.map(async (n) => (await PDFDocument.load(await readFile(join(target, n)))).getPageCount()),
        );
        if (counts.join() === '2,1,1') r.all++;
        else r.half++;
      } else r.half++;
      if (
        createHash('sha256')
          .update(await readFile(file))
          .digest('hex') !== original
      )
        r.originalChanged++;
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  return r;
}

function runChildTimed(args: string[], killAfterMs: number) {
  return new Promise<{ killed: boolean; code: number | null }>((done) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, stdio: 'ignore' });
    let killed = false;
    const timer = setTimeout(() => {
      killed = child.kill('SIGKILL');
    }, killAfterMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      done({ killed: killed && code === null, code });
    });
  });
}
