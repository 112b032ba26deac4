import type { StoredDocument } from '../../queue/document-storage';

/**
 * The page tools' storage port: for each page edit of a document, the file it had before (kept for undo)
 * and what the edit also did, owned by the core so that an engine is an implementation and not a fork.
 * Today's is SQLite in the queue's file (`sqlite-page-edit-storage.ts`, table `page_edits`); an office's
 * PostgreSQL is a second one (`office/postgres-page-edit-storage.ts`). Every implementation runs the same
 * tests: `test-support/page-edit-storage-contract.ts`.
 *
 * The records live beside the documents (DocumentStorage) in one database, and have no unit of work of their
 * own: a call made inside a unit of the documents' (`DocumentStorage.transaction`) joins it, so an edit's
 * record commits with the document's switch to the new file, or neither; a call from outside is one commit of
 * its own, and waits while another's unit holds what it reads (it never sees half of a unit). Their commits
 * are the documents' database's: `DocumentStorage.durable` covers them. Methods answer Promises, as a network
 * database must.
 */
export interface PageEditStorage {
  /** How many edits of the document can be undone. */
  count(documentId: string): Promise<number>;
  /** The document's latest edit (the next undo), if any. */
  last(documentId: string): Promise<PageEditRecord | undefined>;
  /** The document's edits, oldest first (its earlier versions, removed once it is uploaded). */
  all(documentId: string): Promise<PageEditRecord[]>;
  /** The highest `seq` among the document's edits kept; 0 when none is. */
  maxSeq(documentId: string): Promise<number>;
  /** Rejects when the document has an edit with this `seq` already. */
  insert(edit: PageEditRecord): Promise<void>;
  /** The edit undone. */
  remove(documentId: string, seq: number): Promise<void>;
  /** Every edit of the document (it was uploaded: the earlier versions go). */
  removeAll(documentId: string): Promise<void>;
  /**
   * Every spool file the records keep: the files before the edits, and the files of the documents a merge
   * took in. The queue's start-up sweep keeps them.
   */
  spoolNames(): Promise<Set<string>>;
}

/** A file a document had before a page edit, kept for undo, and what the edit also did. */
export interface PageEditRecord {
  documentId: string;
  /** The edit's number for this document (1, 2, …); its new file is named `<id>.edit<seq>`. */
  seq: number;
  /** The file before the edit, in the spool, as the document had it. */
  spoolName: string;
  fileName: string;
  size: number;
  sha256: string;
  /** The document a split made from this one's later pages: taken back by the undo. */
  splitInto?: string;
  /** The documents a merge took in, as they were: brought back by the undo. */
  merged?: StoredDocument[];
}
