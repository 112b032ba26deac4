import type { PageEditRecord, PageEditStorage } from '../capture/page-tools/page-edit-storage';
import type { StoredDocument } from '../queue/document-storage';
import type { OfficeDatabase } from './office-database';
import { queryInUnit } from './postgres-units-of-work';
import type { QueryResult, QueryResultRow } from 'pg';

interface Row {
  document_id: string;
  seq: number;
  spool_name: string;
  file_name: string;
  size: string;
  sha256: string;
  split_into: string | null;
  merged: StoredDocument[] | null;
}

const fromRow = (r: Row): PageEditRecord => ({
  documentId: r.document_id,
  seq: r.seq,
  spoolName: r.spool_name,
  fileName: r.file_name,
  size: Number(r.size),
  sha256: r.sha256,
  ...(r.split_into === null ? {} : { splitInto: r.split_into }),
  ...(r.merged === null ? {} : { merged: r.merged }),
});

const COLUMNS = 'document_id, seq, spool_name, file_name, size, sha256, split_into, merged';

/**
 * The page tools' records in the office database: their port (capture/page-tools/page-edit-storage.ts) over
 * `office_page_edits`, beside the office's documents, answering to the same contract tests as the station's
 * SQLite engine. A call from inside a unit of work of the documents' engine (postgres-units-of-work.ts) runs
 * on the unit's connection, so an edit's record commits with the document's switch to its new file; a call
 * from outside is a statement of its own and reads what is committed. The station that made the edit (whose
 * spool holds the file before it) is recorded with it.
 */
export class PostgresPageEditStorage implements PageEditStorage {
  constructor(
    private readonly db: OfficeDatabase,
    private readonly stationId: string,
  ) {}

  /** One statement: the caller's unit's when it is in one, else one of its own. */
  private query<R extends QueryResultRow>(sql: string, params: unknown[] = []): Promise<QueryResult<R>> {
    return queryInUnit<R>(this.db, sql, params);
  }

  async count(documentId: string): Promise<number> {
    const { rows } = await this.query<{ n: string }>(
      'SELECT count(*) AS n FROM office_page_edits WHERE document_id = $1',
      [documentId],
    );
    return Number(rows[0]?.n ?? 0);
  }

  async last(documentId: string): Promise<PageEditRecord | undefined> {
    const { rows } = await this.query<Row>(
      `SELECT ${COLUMNS} FROM office_page_edits WHERE document_id = $1 ORDER BY seq DESC LIMIT 1`,
      [documentId],
    );
    return rows[0] ? fromRow(rows[0]) : undefined;
  }

  async all(documentId: string): Promise<PageEditRecord[]> {
    const { rows } = await this.query<Row>(
      `SELECT ${COLUMNS} FROM office_page_edits WHERE document_id = $1 ORDER BY seq`,
      [documentId],
    );
    return rows.map(fromRow);
  }

  async maxSeq(documentId: string): Promise<number> {
    const { rows } = await this.query<{ seq: number | null }>(
      'SELECT max(seq) AS seq FROM office_page_edits WHERE document_id = $1',
      [documentId],
    );
    return rows[0]?.seq ?? 0;
  }

  async insert(r: PageEditRecord): Promise<void> {
    await this.query(
      `INSERT INTO office_page_edits (document_id, seq, station_id, spool_name, file_name, size, sha256, split_into,
         merged)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [
        r.documentId,
        r.seq,
        this.stationId,
        r.spoolName,
        r.fileName,
        r.size,
        r.sha256,
        r.splitInto ?? null,
        r.merged === undefined ? null : JSON.stringify(r.merged),
      ],
    );
  }

  async remove(documentId: string, seq: number): Promise<void> {
    await this.query('DELETE FROM office_page_edits WHERE document_id = $1 AND seq = $2', [documentId, seq]);
  }

  async removeAll(documentId: string): Promise<void> {
    await this.query('DELETE FROM office_page_edits WHERE document_id = $1', [documentId]);
  }

  async spoolNames(): Promise<Set<string>> {
    const { rows } = await this.query<{ name: string | null }>(
      `SELECT spool_name AS name FROM office_page_edits
       UNION SELECT m->>'spoolName' FROM office_page_edits, jsonb_array_elements(merged) AS m
        WHERE merged IS NOT NULL`,
    );
    return new Set(rows.flatMap((r) => (r.name === null ? [] : [r.name])));
  }
}
