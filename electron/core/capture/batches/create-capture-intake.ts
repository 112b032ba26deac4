import { join } from 'node:path';
import type { EventBus } from '../../events/event-bus';
import type { PlaceholderFormats } from '../../intake/file-name-pattern';
import type { ArchiveSettings } from '../../queue/archiver';
import { Archiver } from '../../queue/archiver';
import type { DocumentQueue } from '../../queue/document-queue';
import { Spool } from '../../queue/spool';
import type { Clock } from '../../util/clock';
import type { Logger } from '../../util/logger';
import { CapturePool } from '../analysis/capture-pool';
import type { BatchStore } from './batch-store';
import { CaptureIntake } from './capture-intake';
import { ScanPageStore } from '../scans/scan-page-store';

export interface CaptureIntakeOptions {
  /** The data folder: batches live in `<dataDir>/capture/` (originals/ and work/). */
  dataDir: string;
  /** The queue: capture's records commit through its unit of work (queue.work). */
  queue: DocumentQueue;
  /** The batches' table in the queue's database, built with the queue (intake-pipeline.ts). */
  batches: BatchStore;
  /** The queue's spool (the parts' copies go there). */
  spool: Spool;
  archive: ArchiveSettings;
  archiveDir: string;
  bus: EventBus;
  clock: Clock;
  logger: Logger;
  /** The analysis workers; default a CapturePool of cores − 1 threads, made when the first batch comes. */
  pool?: () => CapturePool;
  /** Case-number pattern and document-type codes, as they are now (cover-sheet values must fit them). */
  formats?: () => PlaceholderFormats;
}

/** Everything capture needs in the intake pipeline, built in one place. */
export function createCaptureIntake(o: CaptureIntakeOptions): CaptureIntake {
  const logger = o.logger.child({ part: 'capture' });
  const originals = new Spool(join(o.dataDir, 'capture', 'originals'));
  return new CaptureIntake({
    queue: o.queue,
    work: o.queue.work,
    batches: o.batches,
    spool: o.spool,
    originals,
    workDir: join(o.dataDir, 'capture', 'work'),
    scans: new ScanPageStore(join(o.dataDir, 'capture', 'scans')),
    archiver: new Archiver(o.archive, o.archiveDir, (n) => originals.pathOf(n), logger.child({ part: 'archive' })),
    pool: o.pool ?? (() => new CapturePool()),
    ...(o.formats ? { formats: o.formats } : {}),
    bus: o.bus,
    clock: o.clock,
    logger,
  });
}
