import type { Statement } from 'better-sqlite3';
import type { StoredDocument } from '../../queue/document-storage';
import type { QueueDatabase } from '../../queue/queue-database';
import { unitsOfWork } from '../../queue/sqlite-units-of-work';
import type { PageEditRecord, PageEditStorage } from './page-edit-storage';

/** A row of `page_edits` (made by the queue database's migrations). */
interface Row {
  document_id: string;
  seq: number;
  spool_name: string;
  file_name: string;
  size: number;
  sha256: string;
  split_into: string | null;
  /** The merged-in documents as they were (JSON). */
  merged: string | null;
}

const fromRow = (r: Row): PageEditRecord => ({
  documentId: r.document_id,
  seq: r.seq,
  spoolName: r.spool_name,
  fileName: r.file_name,
  size: r.size,
  sha256: r.sha256,
  ...(r.split_into === null ? {} : { splitInto: r.split_into }),
  ...(r.merged === null ? {} : { merged: JSON.parse(r.merged) as StoredDocument[] }),
});

/**
 * Today's engine behind the page tools' port (page-edit-storage.ts): `page_edits` in the queue's SQLite file.
 * Its calls take their turn on the file's one connection with the documents' units of work
 * (queue/sqlite-units-of-work.ts): a write from inside a unit joins it (an edit's record commits with its
 * document), one from outside is a unit of its own (counted and flushed like the documents'), and a read
 * from outside waits while another's unit holds the connection.
 */
export class SqlitePageEditStorage implements PageEditStorage {
  /** Asked for every archived document: prepared once. */
  private editsOf: Statement<[string], Row> | undefined;

  constructor(private readonly db: QueueDatabase) {}

  count(documentId: string): Promise<number> {
    return this.read(
      () =>
        this.db
          .prepare<[string], { n: number }>('SELECT COUNT(*) AS n FROM page_edits WHERE document_id = ?')
          .get(documentId)?.n ?? 0,
    );
  }

  last(documentId: string): Promise<PageEditRecord | undefined> {
    return this.read(() => {
      const row = this.db
        .prepare<[string], Row>('SELECT * FROM page_edits WHERE document_id = ? ORDER BY seq DESC LIMIT 1')
        .get(documentId);
      return row ? fromRow(row) : undefined;
    });
  }

  all(documentId: string): Promise<PageEditRecord[]> {
    return this.read(() => {
      this.editsOf ??= this.db.prepare<[string], Row>('SELECT * FROM page_edits WHERE document_id = ? ORDER BY seq');
      return this.editsOf.all(documentId).map(fromRow);
    });
  }

  maxSeq(documentId: string): Promise<number> {
    return this.read(
      () =>
        this.db
          .prepare<[string], { seq: number | null }>('SELECT MAX(seq) AS seq FROM page_edits WHERE document_id = ?')
          .get(documentId)?.seq ?? 0,
    );
  }

  insert(r: PageEditRecord): Promise<void> {
    return this.write(() =>
      this.db
        .prepare(
          `INSERT INTO page_edits (document_id, seq, spool_name, file_name, size, sha256, split_into, merged)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(
          r.documentId,
          r.seq,
          r.spoolName,
          r.fileName,
          r.size,
          r.sha256,
          r.splitInto ?? null,
          r.merged === undefined ? null : JSON.stringify(r.merged),
        ),
    );
  }

  remove(documentId: string, seq: number): Promise<void> {
    return this.write(() =>
      this.db.prepare('DELETE FROM page_edits WHERE document_id = ? AND seq = ?').run(documentId, seq),
    );
  }

  removeAll(documentId: string): Promise<void> {
    return this.write(() => this.db.prepare('DELETE FROM page_edits WHERE document_id = ?').run(documentId));
  }

  spoolNames(): Promise<Set<string>> {
    return this.read(() => {
      const rows = this.db
        .prepare<[], { name: string | null }>(
          `SELECT spool_name AS name FROM page_edits
           UNION SELECT json_extract(m.value, '$.spoolName') FROM page_edits, json_each(page_edits.merged) AS m
            WHERE page_edits.merged IS NOT NULL`,
        )
        .all();
      return new Set(rows.flatMap((r) => (r.name === null ? [] : [r.name])));
    });
  }

  /** A read in its turn: at once, unless another's unit holds the connection. */
  private read<T>(call: () => T): Promise<T> {
    return unitsOfWork(this.db).outside(call);
  }

  /** A write: in the caller's unit, else in one of its own. */
  private write(call: () => unknown): Promise<void> {
    return unitsOfWork(this.db).run(async () => void call());
  }
}
