import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { waitFor } from '../../queue/test-support/queue-fixture';
import { JsonLineLogger } from '../../util/logger';
import { captureKillPipeline } from '../test-support/capture-pipeline-child';
import { CASE_BATCH_FILE_NAME, caseBatch } from '../test-support/case-batch';
import { MAX_ANALYSIS_STARTS } from './capture-intake';
import { tempDir } from '../../util/test-support/temp-dir';
import { idleMs } from '../../util/test-support/box-pace';

const ROOT = resolve(import.meta.dirname, '../../../..');
const CHILD = join(import.meta.dirname, '../test-support/capture-pipeline-child.ts');

/**
 * Runs the real pipeline in a child and kills it -9 the moment it logs that a batch's analysis started:
 * what an out-of-memory kill or a crash in a decoder does to a station. `drop` is written once it is up.
 */
async function crashDuringAnalysis(data: string, scans: string, drop?: Uint8Array): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', CHILD, data, scans], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr.resume();
  const exited = new Promise<void>((done) => child.on('exit', () => done()));
  let buffered = '';
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (d: string) => {
    buffered += d;
    const lines = buffered.split('\n');
    buffered = lines.pop() ?? '';
    for (const line of lines) {
      if (line === 'ready' && drop) void writeFile(join(scans, CASE_BATCH_FILE_NAME), drop);
      if (line.includes('"batch analysis started"')) child.kill('SIGKILL');
    }
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
  await exited;
  clearTimeout(timer);
}

const analysisStarts = (data: string): number[] => {
  const db = new Database(join(data, 'queue.sqlite'), { readonly: true });
  try {
    return (db.prepare('SELECT analysis_starts AS n FROM capture_batches').all() as { n: number }[]).map((r) => r.n);
  } finally {
    db.close();
  }
};

describe('a batch whose analysis takes the process down', () => {
  it(
    'is analysed at most twice; the next start keeps it whole with its reason and the station goes on',
    { timeout: idleMs(180_000) },
    async () => {
      const dir = tempDir('capture-crash-');
      const data = join(dir, 'data');
      const scans = join(dir, 'scans');
      await mkdir(scans, { recursive: true });
      await crashDuringAnalysis(data, scans, await caseBatch());
      expect(analysisStarts(data)).toEqual([1]);
      // The start was on disk before the work: the kill cannot lose it.
      await crashDuringAnalysis(data, scans);
      expect(analysisStarts(data)).toEqual([MAX_ANALYSIS_STARTS]);

      const log: string[] = [];
      const pipeline = await captureKillPipeline(data, scans, new JsonLineLogger((line) => log.push(line)));
      try {
        await pipeline.start();
        const doc = await waitFor(
          async () => (await pipeline.queue.list({ limit: 5, offset: 0 })).documents[0],
          'kept whole',
          30_000,
        );
        expect(doc).toMatchObject({
          fileName: CASE_BATCH_FILE_NAME,
          state: 'new',
          error: { code: 'capture.interrupted' },
        });
        await pipeline.capture.idle();
        expect(await pipeline.capture.pending()).toBe(0);
        expect(log.some((l) => l.includes('"batch analysis started"'))).toBe(false);
      } finally {
        await pipeline.stop();
      }
    },
  );
});
