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
import type { DocumentStorage } from '../../queue/document-storage';
import type { BatchStorage } from './batch-storage';
import { CaptureIntake } from './capture-intake';
import { ScanPageStore } from '../scans/scan-page-store';

export interface CaptureIntakeOptions {
  /** The data folder: batches live in `<dataDir>/capture/` (originals/ and work/). */
  dataDir: string;
  /** The queue: capture's parts are adopted through it. */
  queue: DocumentQueue;
  /** The documents' storage port the queue is on: capture's units of work are one with it. */
  documents: DocumentStorage;
  /** The batches' storage port, beside the documents in one database (intake-pipeline.ts). */
  batches: BatchStorage;
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
    documents: o.documents,
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
