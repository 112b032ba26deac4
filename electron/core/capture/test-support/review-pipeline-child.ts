/**
 * Child process for the batch-review kill test (issue #38 item 8): the real intake pipeline on DATA,
 * watching SCANS with the case batch's capture settings and `review` on (nothing is uploaded). Prints
 * "ready" once started and each log line as JSON; a line `release <batch id> <JSON split>` on stdin
 * releases a held batch. Run: node --import tsx review-pipeline-child.ts DATA SCANS
 */
import { createInterface } from 'node:readline';
import { FolderProfileSchema } from '../../../../shared/domain/settings';
import { EventBus } from '../../events/event-bus';
import { createIntakePipeline } from '../../intake-pipeline';
import { systemClock } from '../../util/clock';
import type { Logger } from '../../util/logger';
import { JsonLineLogger } from '../../util/logger';
import { CASE_BATCH_PROFILE } from './case-batch';

export const reviewFolder = (path: string) =>
  FolderProfileSchema.parse({
    id: 'post',
    label: 'Post',
    path,
    ...CASE_BATCH_PROFILE,
    capture: { ...CASE_BATCH_PROFILE.capture, review: true },
  });

export function reviewPipeline(data: string, scans: string, logger: Logger) {
  return createIntakePipeline({
    dataDir: data,
    settings: {
      folders: [reviewFolder(scans)],
      archive: { mode: 'move', retentionDays: 30 },
      upload: { concurrency: 1 },
    },
    uploader: { uploadToInbox: () => Promise.reject(new Error('nothing is uploaded in this test')) },
    bus: new EventBus(),
    clock: systemClock,
    logger,
    folderOptions: { stability: { pollMs: 40, stableMs: 200, emptyStableMs: 400, lockedRetryMs: 100 } },
  });
}

if (process.argv[1]?.endsWith('review-pipeline-child.ts')) {
  const [data, scans] = process.argv.slice(2);
  const pipeline = await reviewPipeline(data!, scans!, new JsonLineLogger((line) => process.stdout.write(`${line}\n`)));
  await pipeline.start();
  createInterface({ input: process.stdin }).on('line', (line) => {
    const [command, id, split] = line.split(' ');
    if (command === 'release')
      void pipeline.capture.release(id!, JSON.parse(split!) as number[][]).then(
        () => process.stdout.write('released\n'),
        (e: unknown) => process.stdout.write(`release failed ${String(e)}\n`),
      );
  });
  process.stdout.write('ready\n');
}
