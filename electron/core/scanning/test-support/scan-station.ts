import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { CaptureBatchProgress } from '../../../../shared/domain/capture';
import type { Document } from '../../../../shared/domain/document';
import { FolderProfileSchema } from '../../../../shared/domain/settings';
import type { FolderProfile } from '../../../../shared/domain/settings';
import { EventBus } from '../../events/event-bus';
import type { IntakePipeline } from '../../intake-pipeline';
import { createIntakePipeline } from '../../intake-pipeline';
import { systemClock } from '../../util/clock';
import { silentLogger } from '../../util/logger';
import { ScanService } from '../scan-service';
import type { ScannerBackend } from '../backend/scanner-backend';

/** A scanning station on the real intake pipeline (data in `dir`/data), scanning into the folder `post`. */
export interface ScanStation {
  pipeline: IntakePipeline;
  scanning: ScanService;
  folder: FolderProfile;
  /** Each document as it was first made, in order. */
  docs: Document[];
  /** Every capture.progress event's batches. */
  progress: CaptureBatchProgress[][];
  /** The page count of a document's spool copy. */
  pagesOf(d: Document): Promise<number>;
}

/**
 * Nothing is uploaded (refused, or never answered for a bench that must not spend time on retries): the
 * tests and benches look at what capture made. `bus`: to hear the events as they come. The caller stops
 * `pipeline`.
 */
export async function scanStation(
  dir: string,
  backends: readonly ScannerBackend[],
  profile: Record<string, unknown> = { capture: {} },
  options: { bus?: EventBus; uploads?: 'refused' | 'unanswered' } = {},
): Promise<ScanStation> {
  const bus = options.bus ?? new EventBus();
  const docs: Document[] = [];
  const progress: CaptureBatchProgress[][] = [];
  bus.subscribe((e) => {
    if (e.type === 'documents.changed') for (const d of e.documents) if (!docs.some((x) => x.id === d.id)) docs.push(d);
    if (e.type === 'capture.progress') progress.push(e.batches);
  });
  const folder = FolderProfileSchema.parse({ id: 'post', label: 'Post', path: join(dir, 'scans'), ...profile });
  const pipeline = await createIntakePipeline({
    dataDir: join(dir, 'data'),
    settings: { folders: [folder], archive: { mode: 'move', retentionDays: 30 }, upload: { concurrency: 1 } },
    uploader: {
      uploadToInbox: () =>
        options.uploads === 'unanswered'
          ? new Promise(() => undefined)
          : Promise.reject(new Error('nothing is uploaded in this test')),
    },
    bus,
    clock: systemClock,
    logger: silentLogger,
    watchFolders: false,
  });
  await pipeline.start();
  const scanning = new ScanService({
    backends,
    capture: pipeline.capture,
    folders: () => [folder],
    clock: systemClock,
    logger: silentLogger,
  });
  const pagesOf = async (d: Document) =>
    (await PDFDocument.load(await readFile(join(dir, 'data', 'spool', d.id)))).getPageCount();
  return { pipeline, scanning, folder, docs, progress, pagesOf };
}
