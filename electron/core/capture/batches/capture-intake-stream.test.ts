import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { CaptureBatchProgress, PageAnalysis } from '../../../../shared/domain/capture';
import type { Document } from '../../../../shared/domain/document';
import { FolderProfileSchema } from '../../../../shared/domain/settings';
import { EventBus } from '../../events/event-bus';
import type { IntakePipeline } from '../../intake-pipeline';
import { createIntakePipeline } from '../../intake-pipeline';
import { waitFor } from '../../queue/test-support/queue-fixture';
import { systemClock } from '../../util/clock';
import { silentLogger } from '../../util/logger';
import type { AnalyseFileResult, AnalyseOptions } from '../analysis/capture-pool';
import { CapturePool } from '../analysis/capture-pool';
import { planSeparation } from '../analysis/planner';
import { scannedBatch } from '../test-support/batch';
import { BatchStore } from './batch-store';
import { tempDir } from '../../util/test-support/temp-dir';
import { idleMs } from '../../util/test-support/box-pace';

/** The real pool; it only counts the pages it has analysed (to tell when the analysis is over). */
class CountingPool extends CapturePool {
  readonly pages: PageAnalysis[] = [];
  finished = false;
  override async analyseFile(
    path: string,
    opts: AnalyseOptions,
    onPage?: (a: PageAnalysis) => void,
  ): Promise<AnalyseFileResult> {
    const r = await super.analyseFile(path, opts, (a) => {
      this.pages.push(a);
      onPage?.(a);
    });
    this.finished = true;
    return r;
  }
}

let pipeline: IntakePipeline | undefined;
afterEach(async () => {
  await pipeline?.stop();
  pipeline = undefined;
});

describe('a long batch shows up at once (issue #30 item 6)', () => {
  it(
    'its first document is in the inbox while the rest is analysed, the others follow, and its place shows the progress',
    async () => {
      const dir = tempDir('capture-stream-');
      const scans = join(dir, 'scans');
      await mkdir(scans);
      const bus = new EventBus();
      const pool = new CountingPool();
      const progress: CaptureBatchProgress[][] = [];
      /** Per part document as it appeared: pages analysed then, and whether the analysis was over. */
      const arrivals: Array<{ doc: Document; analysed: number; finished: boolean }> = [];
      bus.subscribe((event) => {
        if (event.type === 'capture.progress') progress.push(event.batches);
        if (event.type === 'documents.changed')
          for (const doc of event.documents)
            if (!arrivals.some((a) => a.doc.id === doc.id))
              arrivals.push({ doc, analysed: pool.pages.length, finished: pool.finished });
      });
      pipeline = await createIntakePipeline({
        dataDir: join(dir, 'data'),
        settings: {
          folders: [FolderProfileSchema.parse({ id: 'post', label: 'Post', path: scans, capture: {} })],
          archive: { mode: 'move', retentionDays: 30 },
          upload: { concurrency: 1 },
        },
        uploader: { uploadToInbox: () => Promise.reject(new Error('nothing is uploaded in this test')) },
        bus,
        clock: systemClock,
        logger: silentLogger,
        folderOptions: { stability: { pollMs: 40, stableMs: 200, emptyStableMs: 400, lockedRetryMs: 100 } },
        capturePool: () => pool,
      });
      await pipeline.start();
      const { pdf } = await scannedBatch(100);
      await writeFile(join(scans, 'stack.pdf'), pdf);
      // Split is on disk with the last part's transaction; the batch leaves the progress list just after.
      await waitFor(
        () => new BatchStore(pipeline!.db).inState('split').length === 1 && pipeline!.capture.progress().length === 0,
        'batch split and out of the progress list',
        400_000,
      );

      const expected = planSeparation(
        pool.pages,
        FolderProfileSchema.parse({ id: 'x', label: 'x', path: '/', capture: {} }).capture!,
      );
      expect(arrivals).toHaveLength(expected.documents.length);
      // The first document came while most of the batch was still to be analysed; the others as it went on.
      expect(arrivals[0]!.finished).toBe(false);
      expect(arrivals[0]!.analysed).toBeLessThan(50);
      expect(arrivals.filter((a) => !a.finished).length).toBeGreaterThan(expected.documents.length / 2);
      // In scanner order, each with its pages, all at the batch's place (its arrival).
      const batch = new BatchStore(pipeline.db).inState('split')[0]!;
      expect(arrivals.map((a) => a.doc.fileName)).toEqual(
        expected.documents.map((d) => {
          const [first, last] = [d.pages[0]! + 1, d.pages.at(-1)! + 1];
          return `stack_p${first}${last > first ? `-${last}` : ''}.pdf`;
        }),
      );
      expect(new Set(arrivals.map((a) => a.doc.arrivedAt))).toEqual(new Set([batch.receivedAt]));

      // The batch's place in the list: its pages, how far the analysis is, the documents made so far; then gone.
      const mine = progress.map((list) => list.find((b) => b.id === batch.id));
      expect(mine[0]).toMatchObject({ fileName: 'stack.pdf', pages: null, analysed: 0, documents: 0 });
      const seen = mine.filter((b): b is CaptureBatchProgress => !!b);
      expect(seen.some((b) => b.pages === 100 && b.analysed > 0 && b.analysed < 100 && b.documents > 0)).toBe(true);
      for (let i = 1; i < seen.length; i++) {
        expect(seen[i]!.analysed).toBeGreaterThanOrEqual(seen[i - 1]!.analysed);
        expect(seen[i]!.documents).toBeGreaterThanOrEqual(seen[i - 1]!.documents);
      }
      expect(seen.at(-1)!.documents).toBe(expected.documents.length);
      expect(progress.at(-1)).toEqual([]);
      expect(pipeline.capture.progress()).toEqual([]);
    },
    idleMs(500_000),
  );
});
