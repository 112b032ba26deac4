import type { EventBus } from '../../events/event-bus';
import type { ArchivableFile } from '../../queue/archiver';
import type { DocumentQueue } from '../../queue/document-queue';
import type { DocumentStore } from '../../queue/document-store';
import type { QueueDatabase } from '../../queue/queue-database';
import type { Spool } from '../../queue/spool';
import type { Logger } from '../../util/logger';
import { PageEditService } from './page-edit-service';

/** The page tools for one data folder (before the queue starts: its sweep asks which spool files are kept). */
export function createPageEditService(o: {
  db: QueueDatabase;
  store: DocumentStore;
  queue: () => DocumentQueue;
  spool: Spool;
  archive: (file: ArchivableFile) => Promise<void>;
  bus: EventBus;
  logger: Logger;
}): PageEditService {
  return new PageEditService({ ...o, logger: o.logger.child({ part: 'pages' }) });
}
