import type { StationStorages } from '../sqlite-storages';
import type { OfficeDatabase } from './office-database';
import type { OfficeStation } from './office-station';
import { PostgresBatchStorage } from './postgres-batch-storage';
import { PostgresDocumentStorage } from './postgres-document-storage';
import { PostgresPageEditStorage } from './postgres-page-edit-storage';

/**
 * The storage engines of a station that works from the office database (issue #50 item 1): its documents,
 * their history, the seen-file keys, capture's batches and the page tools' records in the office's tables,
 * recorded as this station's. The same ports the station's own SQLite file implements (sqlite-storages.ts);
 * intake-pipeline.ts chooses one set or the other, once.
 */
export function officeEngines(office: {
  db: OfficeDatabase;
  station: OfficeStation;
  /** The clerk at this station: their holds are theirs (office-holds.ts), their steps name them. */
  clerk?: string;
}): StationStorages & {
  documents: PostgresDocumentStorage;
  batches: PostgresBatchStorage;
  pageEdits: PostgresPageEditStorage;
} {
  const documents = new PostgresDocumentStorage(office.db, office.station.id, office.clerk);
  return {
    documents,
    history: documents,
    batches: new PostgresBatchStorage(office.db, office.station.id),
    pageEdits: new PostgresPageEditStorage(office.db, office.station.id),
    // The pool is the membership's: it closes it after the pipeline stopped.
    close: async () => undefined,
  };
}
