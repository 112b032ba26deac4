import type { Statement } from 'better-sqlite3';
import type { QueueDatabase } from '../../queue/queue-database';

/** A file a document had before a page edit, kept for undo. */
export interface PageEditRow {
  document_id: string;
  seq: number;
  spool_name: string;
  file_name: string;
  size: number;
  sha256: string;
  /** The document a split made from this one's later pages: taken back by the undo. */
  split_into: string | null;
  /** The documents a merge took in (stored form, JSON): brought back by the undo. */
  merged: string | null;
}

/**
 * The page edits' records (`page_edits`, made by the queue database's migrations). Made before the queue,
 * which asks it at start which spool files are kept; the page tools, made after the queue, write it inside
 * the queue's unit of work.
 */
export class PageEditStore {
  private editsOf: Statement<[string], PageEditRow> | undefined;

  constructor(private readonly db: QueueDatabase) {}

  /** Earlier versions' spool files: the queue's start-up sweep keeps them. */
  ownsSpoolName(name: string): boolean {
    return (
      this.db
        .prepare(
          `SELECT 1 FROM page_edits WHERE spool_name = ? OR (merged IS NOT NULL AND EXISTS
             (SELECT 1 FROM json_each(merged) WHERE json_extract(value, '$.spoolName') = ?))`,
        )
        .get(name, name) !== undefined
    );
  }

  count(documentId: string): number {
    const row = this.db
      .prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM page_edits WHERE document_id = ?')
      .get(documentId);
    return row?.n ?? 0;
  }

  last(documentId: string): PageEditRow | undefined {
    return this.db
      .prepare<[string], PageEditRow>('SELECT * FROM page_edits WHERE document_id = ? ORDER BY seq DESC LIMIT 1')
      .get(documentId);
  }

  /** Asked for every archived document: one statement, prepared once. */
  all(documentId: string): PageEditRow[] {
    this.editsOf ??= this.db.prepare<[string], PageEditRow>('SELECT * FROM page_edits WHERE document_id = ?');
    return this.editsOf.all(documentId);
  }

  maxSeq(documentId: string): number {
    const row = this.db
      .prepare<[string], { seq: number | null }>('SELECT MAX(seq) AS seq FROM page_edits WHERE document_id = ?')
      .get(documentId);
    return row?.seq ?? 0;
  }

  insert(r: PageEditRow): void {
    this.db
      .prepare(
        `INSERT INTO page_edits (document_id, seq, spool_name, file_name, size, sha256, split_into, merged)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(r.document_id, r.seq, r.spool_name, r.file_name, r.size, r.sha256, r.split_into, r.merged);
  }

  remove(documentId: string, seq: number): void {
    this.db.prepare('DELETE FROM page_edits WHERE document_id = ? AND seq = ?').run(documentId, seq);
  }

  removeAll(documentId: string): void {
    this.db.prepare('DELETE FROM page_edits WHERE document_id = ?').run(documentId);
  }
}
