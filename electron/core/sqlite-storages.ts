import type { BatchStorage } from './capture/batches/batch-storage';
import { BatchStore } from './capture/batches/batch-store';
import { SqliteBatchStorage } from './capture/batches/sqlite-batch-storage';
import type { PageEditStorage } from './capture/page-tools/page-edit-storage';
import { SqlitePageEditStorage } from './capture/page-tools/sqlite-page-edit-storage';
import type { DocumentStorage } from './queue/document-storage';
import { DocumentStore } from './queue/document-store';
import type { HistoryStorage } from './queue/history-storage';
import type { QueueDatabase } from './queue/queue-database';
import { SqliteDocumentStorage } from './queue/sqlite-document-storage';

/** The storage ports a station's pipeline is composed on (docs/architecture.md, "Storage ports"). */
export interface StationStorages {
  documents: DocumentStorage;
  history: HistoryStorage;
  batches: BatchStorage;
  pageEdits: PageEditStorage;
  /** Flushes what is committed and lets go of what the engines hold; before the database closes. */
  close(): Promise<void>;
}

/**
 * The station's own engines behind the ports, over the queue's SQLite file: one connection, whose units of
 * work the engines share, and one flush to disk (the documents' store schedules it for every commit). The
 * office's engines fill the same ports (office/postgres-*.ts).
 */
export function sqliteStorages(db: QueueDatabase, o: { onSyncError?: (error: unknown) => void } = {}): StationStorages {
  const store = new DocumentStore(db, o.onSyncError ? { onSyncError: o.onSyncError } : {});
  const documents = new SqliteDocumentStorage(store);
  return {
    documents,
    history: documents,
    batches: new SqliteBatchStorage(new BatchStore(db)),
    pageEdits: new SqlitePageEditStorage(db),
    close: () => store.close(),
  };
}
