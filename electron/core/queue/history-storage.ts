import type { HistoryEntry } from '../../../shared/domain/queue';

/**
 * The history's storage port: every transition of every document, as the Queue screen's history lists it.
 * Entries are written with the document's own change (DocumentStorage.insert and update, one commit), so
 * this port only reads; it is kept apart because an office reads the history of every station from one place
 * (issue #50), and the history outlives the documents (a removed document's entries stay). Implementations:
 * SQLite (`sqlite-document-storage.ts`), tested by `test-support/document-storage-contract.ts`.
 */
export interface HistoryStorage {
  /** Newest first; `query` matches the file name or the case number, `from`/`to` bound the time (ISO). */
  history(query: HistoryQuery): Promise<HistoryEntry[]>;
}

export interface HistoryQuery {
  query?: string;
  from?: string;
  to?: string;
  limit: number;
}
