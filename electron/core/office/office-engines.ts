import type { BatchStorage } from '../capture/batches/batch-storage';
import { IntakeError } from '../errors';
import type { OfficeDatabase } from './office-database';
import type { OfficeStation } from './office-station';
import { PostgresBatchStorage } from './postgres-batch-storage';
import { PostgresDocumentStorage } from './postgres-document-storage';

/**
 * The storage engines of a station that works from the office database (issue #50 item 1): its documents,
 * their history, the seen-file keys and capture's batches in the office's tables, recorded as this
 * station's. The same ports the station's own SQLite file implements (queue/document-storage.ts,
 * capture/batches/batch-storage.ts); intake-pipeline.ts chooses one set or the other, once.
 */
export function officeEngines(office: { db: OfficeDatabase; station: OfficeStation }): {
  documents: PostgresDocumentStorage;
  batches: BatchStorage;
} {
  return {
    documents: new PostgresDocumentStorage(office.db, office.station.id),
    batches: new PostgresBatchStorage(office.db, office.station.id),
  };
}

/** The office database did not answer (down, restarting, the network): tried again later, not a fault of ours. */
export function isOfficeOutOfReach(e: unknown): boolean {
  return e instanceof IntakeError && e.code === 'office.unreachable';
}
