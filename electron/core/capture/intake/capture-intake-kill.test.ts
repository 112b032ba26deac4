import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { EventBus } from '../../events/event-bus';
import { createIntakePipeline } from '../../intake-pipeline';
import { waitFor } from '../../queue/test-support/queue-fixture';
import { systemClock } from '../../util/clock';
import { silentLogger } from '../../util/logger';
import { prng } from '../test-support/synthetic-scan';
import { captureKillFolder } from '../test-support/capture-pipeline-child';
import { CASE_BATCH_CASES, CASE_BATCH_FILE_NAME, caseBatch } from '../test-support/case-batch';

const ROOT = resolve(import.meta.dirname, '../../../..');
const CHILD = join(import.meta.dirname, '../test-support/capture-pipeline-child.ts');

/** Runs the pipeline in a child, drops the batch in, and kills it -9 after `killAfterMs` (or once its parts are documents). */
async function runChild(data: string, scans: string, batch: Uint8Array, killAfterMs?: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, data, scans], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr.resume();
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  let buffered = '';
  let written = 0;
  let splitAfterMs: number | undefined;
  await new Promise<void>((ready) => {
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (d: string) => {
      buffered += d;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (line === 'ready') ready();
        if (line.includes('"batch documents made"') && killAfterMs === undefined) {
          splitAfterMs = Date.now() - written;
          child.kill('SIGKILL');
        }
      }
    });
  });
  written = Date.now();
  await writeFile(join(scans, CASE_BATCH_FILE_NAME), batch);
  if (killAfterMs !== undefined) setTimeout(() => child.kill('SIGKILL'), killAfterMs);
  await exited;
  return splitAfterMs;
}

const sha = async (p: string) =>
  createHash('sha256')
    .update(await readFile(p))
    .digest('hex');

/** Right after the kill, before any recovery: the part documents are none or all, each with its bytes. */
async function partsAfterKill(data: string): Promise<'none' | 'all' | 'half'> {
  const db = new Database(join(data, 'queue.sqlite'), { readonly: true });
  try {
    const docs = db.prepare('SELECT spool_name, sha256 FROM documents').all() as {
      spool_name: string;
      sha256: string;
    }[];
    for (const d of docs) expect(await sha(join(data, 'spool', d.spool_name))).toBe(d.sha256);
    return docs.length === 0 ? 'none' : docs.length === 3 ? 'all' : 'half';
  } finally {
    db.close();
  }
}

/** The next start recovers: exactly the three parts, no stray copies, the original kept. */
async function restartAndCheck(data: string, scans: string) {
  const pipeline = await createIntakePipeline({
    dataDir: data,
    settings: {
      folders: [captureKillFolder(scans)],
      archive: { mode: 'move', retentionDays: 30 },
      upload: { concurrency: 1 },
    },
    uploader: { uploadToInbox: () => Promise.reject(new Error('not in this test')) },
    bus: new EventBus(),
    clock: systemClock,
    logger: silentLogger,
    folderOptions: { stability: { pollMs: 40, stableMs: 200, emptyStableMs: 400, lockedRetryMs: 100 } },
  });
  try {
    await pipeline.start();
    await waitFor(
      () => pipeline.queue.list({ limit: 10, offset: 0 }).total >= 3 && pipeline.capture.pending() === 0,
      'parts',
      60_000,
    );
    await pipeline.capture.idle();
    const docs = pipeline.queue.list({ limit: 10, offset: 0 }).documents;
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
    'killed at any moment, the next start has the original alone or with every part, never some',
    { timeout: 300_000 },
    async () => {
      const batch = await caseBatch();
      const rnd = prng(16);
      const outcomes: string[] = [];
      let fullMs = 0;
      for (let run = 0; run < 6; run++) {
        const dir = mkdtempSync(join(tmpdir(), 'capture-kill-'));
        const data = join(dir, 'data');
        const scans = join(dir, 'scans');
        await mkdir(scans, { recursive: true });
        // Run 0 is killed right after its split and times the whole; the others at a random moment of it.
        const killAt = run === 0 ? undefined : Math.floor(rnd() * fullMs * 1.1);
        const took = await runChild(data, scans, batch, killAt);
        if (run === 0) fullMs = took ?? 5_000;
        const outcome = await partsAfterKill(data);
        outcomes.push(`${killAt ?? 'split'}ms:${outcome}`);
        expect(outcome, outcomes.join(' ')).not.toBe('half');
        await restartAndCheck(data, scans);
      }
      expect(outcomes[0]).toMatch(/:all$/);
    },
  );
});
