import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../util/test-support/temp-dir';
import type { IntakePipeline } from '../../intake-pipeline';
import { IntakeError } from '../../errors';
import { waitFor } from '../../queue/test-support/queue-fixture';
import { silentLogger } from '../../util/logger';
import { CASE_BATCH_CASES, CASE_BATCH_FILE_NAME, caseBatch } from '../test-support/case-batch';
import { reviewPipeline } from '../test-support/review-pipeline-child';
import { BatchStore } from './batch-store';
import { idleMs } from '../../util/test-support/box-pace';

// Issue #38 item 8: a folder that asks for review holds each batch with its planned split; the clerk's
// release makes the documents exactly as released, once, also across a kill -9.

const ROOT = resolve(import.meta.dirname, '../../../..');
const CHILD = join(import.meta.dirname, '../test-support/review-pipeline-child.ts');
/** The case batch: 0 A1 · 1 A2 · 2 cover 102 · 3 blank back · 4 B1 · 5 B2 · 6 cover 103 · 7 C1 · 8 C2. */
const PLANNED = [
  [0, 1],
  [4, 5],
  [7, 8],
];
/** The clerk takes the blank page 3 back into the second document and moves B2 into the third. */
const RELEASED = [
  [0, 1],
  [3, 4],
  [5, 7, 8],
];

let dir: string | undefined;
let pipeline: IntakePipeline | undefined;
afterEach(async () => {
  await pipeline?.stop();
  pipeline = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

async function station() {
  dir = tempDir('capture-review-');
  const scans = join(dir, 'scans');
  await mkdir(scans);
  return { data: join(dir, 'data'), scans };
}

async function start(data: string, scans: string) {
  pipeline = await reviewPipeline(data, scans, silentLogger);
  await pipeline.start();
  return pipeline;
}

/** Each document's pages of the original (capture_parts) and case number, in scanner order. */
async function madeDocuments(p: IntakePipeline) {
  const store = new BatchStore(p.db);
  return (await p.queue.list({ limit: 20, offset: 0 })).documents
    .map((d) => ({ pages: store.partOf(d.id)?.pages, caseNumber: d.metadata.caseNumber, id: d.id }))
    .sort((a, b) => (a.pages?.[0] ?? 0) - (b.pages?.[0] ?? 0));
}

const errorCode = async (p: Promise<unknown>) =>
  p.then(
    () => 'resolved',
    (e: unknown) => (e instanceof IntakeError ? e.code : String(e)),
  );

describe('batch review', () => {
  it(
    'holds the batch with its plan (also across a restart), and makes the documents exactly as released, once',
    async () => {
      const { data, scans } = await station();
      let p = await start(data, scans);
      const scan = await caseBatch();
      await writeFile(join(scans, CASE_BATCH_FILE_NAME), scan);
      const [held] = await waitFor(
        async () => (await p.capture.held()).length === 1 && (await p.capture.held()),
        'held batch',
        60_000,
      );
      expect(held!.fileName).toBe(CASE_BATCH_FILE_NAME);
      expect(held!.documents.map((d) => d.pages)).toEqual(PLANNED);
      expect(held!.documents.map((d) => d.metadata)).toEqual([
        {},
        { CaseNumber: CASE_BATCH_CASES[1] },
        { CaseNumber: CASE_BATCH_CASES[2] },
      ]);
      expect(held!.pages.map((x) => x.role)).toEqual([
        'content',
        'content',
        'separator',
        'blank',
        'content',
        'content',
        'separator',
        'content',
        'content',
      ]);
      expect((await p.queue.list({ limit: 10, offset: 0 })).total, 'nothing made before the release').toBe(0);
      // The review's thumbnails read the original while it is held (content id held-<batch>).
      const original = await p.capture.heldOriginal(held!.id);
      expect(original?.fileName).toBe(CASE_BATCH_FILE_NAME);
      expect(Buffer.compare(await readFile(original!.path), scan)).toBe(0);
      expect(await p.capture.pending(), 'a held batch does not keep `agent --once` waiting').toBe(0);

      // Durable: after a restart the same plan is held, and the batch is not analysed again.
      await p.stop();
      p = await start(data, scans);
      expect(await p.capture.held()).toEqual([held]);
      expect(new BatchStore(p.db).get(held!.id)?.analysisStarts).toBe(1);

      // A split that is not one is refused, and the batch stays held.
      expect(
        await errorCode(
          p.capture.release(held!.id, [
            [0, 1],
            [1, 4],
          ]),
        ),
      ).toBe('capture.release_plan');
      expect(await errorCode(p.capture.release(held!.id, [[0, 9]]))).toBe('capture.release_plan');
      expect(await errorCode(p.capture.release('no-such-batch', [[0]]))).toBe('capture.not_held');
      expect(await p.capture.held()).toHaveLength(1);

      const [first, second] = await Promise.all([
        errorCode(p.capture.release(held!.id, RELEASED)),
        errorCode(p.capture.release(held!.id, PLANNED)),
      ]);
      expect([first, second]).toEqual(['resolved', 'capture.not_held']);
      expect(await p.capture.held()).toEqual([]);
      expect(await p.capture.heldOriginal(held!.id), 'no longer served once released').toBeUndefined();
      await waitFor(() => new BatchStore(p.db).inState('split').length === 1, 'split', 60_000);
      const docs = await madeDocuments(p);
      expect(docs.map((d) => d.pages)).toEqual(RELEASED);
      expect(docs.map((d) => d.caseNumber)).toEqual([...CASE_BATCH_CASES]);
      for (const [i, d] of docs.entries())
        expect((await PDFDocument.load(await readFile((await p.queue.contentFile(d.id)).path))).getPageCount()).toBe(
          RELEASED[i]!.length,
        );
    },
    idleMs(120_000),
  );

  it(
    'killed -9 between release and the last document: the next start makes the rest, every document once',
    { timeout: idleMs(180_000) },
    async () => {
      const { data, scans } = await station();
      const child = spawn(process.execPath, ['--import', 'tsx', CHILD, data, scans], {
        cwd: ROOT,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      child.stderr.resume();
      const exited = new Promise<void>((done) => child.on('exit', () => done()));
      let buffered = '';
      let batchId: string | undefined;
      let made = 0;
      const lines: string[] = [];
      const seen = new Promise<void>((ready) => {
        child.stdout.setEncoding('utf8');
        child.stdout.on('data', (d: string) => {
          buffered += d;
          const parts = buffered.split('\n');
          buffered = parts.pop() ?? '';
          for (const line of parts) {
            lines.push(line);
            if (line === 'ready') ready();
            if (line.includes('"batch held for review"')) {
              batchId = (JSON.parse(line) as { batch: string }).batch;
              child.stdin.write(`release ${batchId} ${JSON.stringify(RELEASED)}\n`);
            }
            // Killed once the first released document is in the queue: between release and adoption.
            if (line.includes('"batch document made"') && ++made === 1) child.kill('SIGKILL');
          }
        });
      });
      try {
        await seen;
        await writeFile(join(scans, CASE_BATCH_FILE_NAME), await caseBatch());
        await exited;
      } finally {
        child.kill('SIGKILL');
      }
      expect(batchId, lines.join('\n')).toBeDefined();
      expect(made).toBe(1);

      const p = await start(data, scans);
      await waitFor(() => new BatchStore(p.db).inState('split').length === 1, 'split after restart', 60_000);
      await p.capture.idle();
      const docs = await madeDocuments(p);
      expect(docs.map((d) => d.pages)).toEqual(RELEASED);
      expect(docs.map((d) => d.caseNumber)).toEqual([...CASE_BATCH_CASES]);
      expect(await p.capture.held()).toEqual([]);
      expect(readdirSync(join(data, 'spool')).sort()).toEqual(docs.map((d) => d.id).sort());
      expect(readdirSync(join(data, 'capture', 'work'))).toEqual([]);
    },
  );
});
