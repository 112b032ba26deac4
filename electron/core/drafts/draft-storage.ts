import type { DocumentDraft, DraftValues } from '../../../shared/domain/drafts';

/**
 * The drafts' storage port: what the clerk typed per document and has not sent (issue #31 item 2), owned
 * by the core so that an engine is an implementation and not a fork. Today's is SQLite in the queue's file
 * (`sqlite-draft-storage.ts`); an office's PostgreSQL is a second one (issue #50). Both run the same tests:
 * `test-support/draft-storage-contract.ts`.
 *
 * A draft lives as long as its document is open (in the inbox, can still be tagged): `list` drops the
 * drafts of documents no longer open, `save` refuses one for such a document (`drafts.document_not_open`)
 * and empty values remove the draft.
 */
export interface DraftStorage {
  /** The drafts of open documents; those of documents sent or gone are dropped on the way. */
  list(): Promise<DocumentDraft[]>;
  /** Keeps the values that are set (one draft per document, the last saved wins); none set: no draft (null). */
  save(documentId: string, values: DraftValues): Promise<DocumentDraft | null>;
  discard(documentIds: readonly string[]): Promise<void>;
}
