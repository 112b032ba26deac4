import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../queue/test-support/queue-fixture';
import { silentLogger } from '../../util/logger';
import { CaptureProfileSchema } from '../../../../shared/domain/capture';
import { CapturePool } from '../analysis/capture-pool';
import { planSeparation } from '../analysis/planner';
import { scannedBatch } from '../test-support/batch';
import { prng } from '../test-support/synthetic-scan';
import { BatchStore } from './batch-store';
import { captureKillFolder, captureKillPipeline } from '../test-support/capture-pipeline-child';
import { CASE_BATCH_CASES, CASE_BATCH_FILE_NAME, caseBatch } from '../test-support/case-batch';
import { tempDir } from '../../util/test-support/temp-dir';
import { idleMs } from '../../util/test-support/box-pace';

const ROOT = resolve(import.meta.dirname, '../../../..');
const CHILD = join(import.meta.dirname, '../test-support/capture-pipeline-child.ts');

interface ChildRun {
  /** Killed this long after the batch was written. */
  killAfterMs?: number;
  /** Killed once this run made this many parts (default: once the batch is split). */
  afterParts?: number;
  /** Killed on the first log line that holds this. */
  killOnLine?: string;
  fileName?: string;
}

/**
 * Runs the pipeline in a child, drops the batch in (none: a batch a killed run received before is there
 * already), and kills it -9 as `run` says.
 */
async function runChild(data: string, scans: string, batch: Uint8Array | undefined, run: ChildRun = {}) {
  const { killAfterMs, afterParts, killOnLine, fileName = CASE_BATCH_FILE_NAME } = run;
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, data, scans], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr.resume();
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  let buffered = '';
  let written = 0;
  let splitAfterMs: number | undefined;
  let parts = 0;
  await new Promise<void>((ready) => {
    // Killed on its line before it said 'ready' (a restart's analysis begins while the pipeline starts): done.
    void exited.then(ready);
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => {
      buffered += d;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line === 'ready') ready();
        if (line.includes('"batch document made"')) parts++;
        const done =
          killOnLine !== undefined
            ? line.includes(killOnLine)
            : afterParts === undefined
              ? line.includes('"batch split"')
              : parts >= afterParts;
        if (done && killAfterMs === undefined && splitAfterMs === undefined) {
          splitAfterMs = Date.now() - written;
          child.kill('SIGKILL');
        }
      }
    });
  });
  written = Date.now();
  if (batch) await writeFile(join(scans, fileName), batch);
  if (killAfterMs !== undefined) setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  await exited;
  return splitAfterMs;
}

/** The parts an uninterrupted run makes of `pdf`, from the same analysis and rules. */
async function partsOfUninterruptedRun(pdf: Uint8Array, name: string): Promise<number[][]> {
  const profile = CaptureProfileSchema.parse(captureKillFolder('/').capture);
  const refDir = tempDir('capture-kill-ref-');
  await writeFile(join(refDir, name), pdf);
  const pool = new CapturePool();
  const analysed = await pool.analyseFile(join(refDir, name), {
    dpi: profile.dpi,
    blankThreshold: profile.blankThreshold,
  });
  await pool.close();
  if (!analysed.ok) throw new Error(analysed.problem.message);
  return planSeparation(analysed.pages, profile).documents.map((d) => d.pages);
}

/** A station's data folder and its watched folder (made), in a temp folder of its own. */
async function stationDirs(prefix: string): Promise<{ data: string; scans: string }> {
  const dir = tempDir(prefix);
  const scans = join(dir, 'scans');
  await mkdir(scans, { recursive: true });
  return { data: join(dir, 'data'), scans };
}

const sha = async (p: string) =>
  createHash('sha256')
    .update(await readFile(p))
    .digest('hex');

/**
 * Right after the kill, before any recovery: each part document there has its bytes in the spool. Parts are
 * made one by one as the analysis passes each separator (issue #30 item 6), so some may be there; they
 * are the first ones, in scanner order.
 */
async function partsAfterKill(data: string): Promise<'none' | 'some' | 'all'> {
  const db = new Database(join(data, 'queue.sqlite'), { readonly: true });
  try {
    const docs = db.prepare('SELECT spool_name, sha256, case_number FROM documents ORDER BY rowid').all() as {
      spool_name: string;
      sha256: string;
      case_number: string | null;
    }[];
    for (const d of docs) expect(await sha(join(data, 'spool', d.spool_name))).toBe(d.sha256);
    expect(docs.map((d) => d.case_number)).toEqual(CASE_BATCH_CASES.slice(0, docs.length));
    return docs.length === 0 ? 'none' : docs.length === 3 ? 'all' : 'some';
  } finally {
    db.close();
  }
}

/** The next start recovers: exactly the three parts, no stray copies, the original kept. */
async function restartAndCheck(data: string, scans: string) {
  const pipeline = await captureKillPipeline(data, scans, silentLogger);
  try {
    await pipeline.start();
    await waitFor(
      async () =>
        (await pipeline.queue.list({ limit: 10, offset: 0 })).total >= 3 && (await pipeline.capture.pending()) === 0,
      'parts',
      60_000,
    );
    await pipeline.capture.idle();
    const docs = (await pipeline.queue.list({ limit: 10, offset: 0 })).documents;
    expect(docs.map((d) => d.metadata.caseNumber).sort()).toEqual([...CASE_BATCH_CASES]);
    expect(readdirSync(join(data, 'spool')).sort()).toEqual(docs.map((d) => d.id).sort());
    expect(readdirSync(join(data, 'capture', 'originals'))).toHaveLength(1);
    expect(readdirSync(join(data, 'capture', 'work'))).toEqual([]);
  } finally {
    await pipeline.stop();
  }
}

describe('capture in the pipeline under kill -9', () => {
  it(
    'killed at any moment, each part made is whole, and the next start makes the rest: every part once',
    { timeout: idleMs(300_000) },
    async () => {
      const batch = await caseBatch();
      const rnd = prng(16);
      const outcomes: string[] = [];
      let fullMs = 0;
      for (let run = 0; run < 6; run++) {
        const { data, scans } = await stationDirs('capture-kill-');
        // Run 0 is killed right after its split and times the whole; the others at a random moment of it.
        const killAt = run === 0 ? undefined : Math.floor(rnd() * fullMs * 1.1);
        const took = await runChild(data, scans, batch, { killAfterMs: killAt });
        if (run === 0) fullMs = took ?? 5_000;
        const outcome = await partsAfterKill(data);
        outcomes.push(`${killAt ?? 'split'}ms:${outcome}`);
        await restartAndCheck(data, scans);
      }
      expect(outcomes[0]).toMatch(/:all$/);
    },
  );
});

describe('a long batch killed -9 after some of its documents were made', () => {
  it(
    'the next start makes the rest: every page of the scan is in exactly one document, each part whole',
    { timeout: idleMs(400_000) },
    async () => {
      const { pdf } = await scannedBatch(40, 3);
      const name = 'CLM-2026-000101_stack.pdf';
      const expected = await partsOfUninterruptedRun(pdf, name);
      expect(expected.length).toBeGreaterThan(4);

      const { data, scans } = await stationDirs('capture-kill-long-');
      await runChild(data, scans, pdf, { afterParts: 2, fileName: name });
      const db = new Database(join(data, 'queue.sqlite'), { readonly: true });
      let before: number;
      try {
        // Killed with two or more of its documents made (the analysis had more to do): each is whole.
        const docs = db.prepare('SELECT spool_name, sha256 FROM documents').all() as {
          spool_name: string;
          sha256: string;
        }[];
        for (const d of docs) expect(await sha(join(data, 'spool', d.spool_name))).toBe(d.sha256);
        before = docs.length;
        expect(before).toBeGreaterThanOrEqual(2);
        expect(before).toBeLessThan(expected.length);
      } finally {
        db.close();
      }

      const pipeline = await captureKillPipeline(data, scans, silentLogger);
      try {
        await pipeline.start();
        await waitFor(async () => (await pipeline.capture.pending()) === 0, 'batch finished', 300_000);
        await pipeline.capture.idle();
        const docs = (await pipeline.queue.list({ limit: 100, offset: 0 })).documents;
        const batches = new BatchStore(pipeline.db);
        const links = docs.map((d) => batches.partOf(d.id)!).sort((a, b) => a.index - b.index);
        // Every part once, in scanner order, with exactly the pages an uninterrupted run gives it.
        expect(links.map((l) => l.pages)).toEqual(expected);
        expect(links.map((l) => l.index)).toEqual(expected.map((_, i) => i));
        expect(links.every((l) => l.count === expected.length)).toBe(true);
        for (const d of docs) {
          const bytes = await readFile(join(data, 'spool', d.id));
          const pages = (await PDFDocument.load(bytes)).getPageCount();
          expect(pages).toBe(batches.partOf(d.id)!.pages.length);
        }
        expect(new Set(docs.map((d) => d.fileName)).size).toBe(expected.length);
        expect(readdirSync(join(data, 'spool')).sort()).toEqual(docs.map((d) => d.id).sort());
        expect(readdirSync(join(data, 'capture', 'work'))).toEqual([]);
      } finally {
        await pipeline.stop();
      }
    },
  );
});

// A kill is not a poison (issue #45): only program ends with nothing made in between count against a batch.
describe('a batch whose analysis the program ending cuts off again and again', () => {
  it(
    'killed -9 twice, each time after it made documents: the next start finishes the split (not kept whole)',
    { timeout: idleMs(400_000) },
    async () => {
      const { pdf } = await scannedBatch(40, 3);
      const name = 'CLM-2026-000102_stack.pdf';
      const expected = await partsOfUninterruptedRun(pdf, name);
      expect(expected.length).toBeGreaterThan(5);
      const { data, scans } = await stationDirs('capture-kill-again-');
      // Two runs killed after two more documents each: two analyses begun and cut off by the program ending.
      await runChild(data, scans, pdf, { afterParts: 2, fileName: name });
      await runChild(data, scans, undefined, { afterParts: 2, fileName: name });
      const pipeline = await captureKillPipeline(data, scans, silentLogger);
      try {
        await pipeline.start();
        await waitFor(async () => (await pipeline.capture.pending()) === 0, 'batch finished', 300_000);
        await pipeline.capture.idle();
        const docs = (await pipeline.queue.list({ limit: 100, offset: 0 })).documents;
        expect(docs.map((d) => d.error?.code).filter(Boolean)).toEqual([]);
        const batches = new BatchStore(pipeline.db);
        const links = docs.map((d) => batches.partOf(d.id)!).sort((a, b) => a.index - b.index);
        expect(links.map((l) => l.pages)).toEqual(expected);
      } finally {
        await pipeline.stop();
      }
    },
  );

  it(
    'killed -9 twice as its analysis began, nothing made between: kept whole as one document, said as interrupted',
    { timeout: idleMs(300_000) },
    async () => {
      const { data, scans } = await stationDirs('capture-kill-poison-');
      await runChild(data, scans, await caseBatch(), { killOnLine: '"batch analysis started"' });
      await runChild(data, scans, undefined, { killOnLine: '"batch analysis started"' });
      const pipeline = await captureKillPipeline(data, scans, silentLogger);
      try {
        await pipeline.start();
        await waitFor(async () => (await pipeline.capture.pending()) === 0, 'batch kept whole', 120_000);
        await pipeline.capture.idle();
        const docs = (await pipeline.queue.list({ limit: 10, offset: 0 })).documents;
        expect(docs).toHaveLength(1);
        expect(docs[0]).toMatchObject({ fileName: CASE_BATCH_FILE_NAME, error: { code: 'capture.interrupted' } });
      } finally {
        await pipeline.stop();
      }
    },
  );
});
