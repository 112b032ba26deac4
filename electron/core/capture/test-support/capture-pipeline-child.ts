/**
 * Child process for the capture kill test: the real intake pipeline on DATA, watching SCANS with the case
 * batch's capture settings (no auto-submit, so nothing is uploaded). Prints "ready" once started and each
 * log line as JSON, so the parent can time its kill -9. Run: node --import tsx capture-pipeline-child.ts DATA SCANS
 */
import { EventBus } from '../../events/event-bus';
import { createIntakePipeline } from '../../intake-pipeline';
import { FolderProfileSchema } from '../../../../shared/domain/settings';
import { systemClock } from '../../util/clock';
import { JsonLineLogger } from '../../util/logger';
import type { Logger } from '../../util/logger';
import { CASE_BATCH_PROFILE } from './case-batch';

export const captureKillFolder = (path: string) =>
  FolderProfileSchema.parse({ id: 'post', label: 'Post', path, ...CASE_BATCH_PROFILE });

/**
 * The real intake pipeline on `data`, watching `scans` as the kill and crash tests' station does: the case
 * batch's capture settings, no auto-submit and an uploader that is never called (nothing is uploaded).
 */
export function captureKillPipeline(data: string, scans: string, logger: Logger) {
  return createIntakePipeline({
    dataDir: data,
    settings: {
      folders: [captureKillFolder(scans)],
      archive: { mode: 'move', retentionDays: 30 },
      upload: { concurrency: 1 },
    },
    uploader: {
      uploadToInbox: () => Promise.reject(new Error('nothing is uploaded in this test')),
    },
    bus: new EventBus(),
    clock: systemClock,
    logger,
    folderOptions: { stability: { pollMs: 40, stableMs: 200, emptyStableMs: 400, lockedRetryMs: 100 } },
  });
}

if (process.argv[1]?.endsWith('capture-pipeline-child.ts')) {
  const [data, scans] = process.argv.slice(2);
  const pipeline = await captureKillPipeline(
    data!,
    scans!,
    new JsonLineLogger((line) => process.stdout.write(`${line}\n`)),
  );
  await pipeline.start();
  process.stdout.write('ready\n');
}
