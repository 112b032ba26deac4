import type { CaptureProfile } from '../../../shared/domain/capture';
import type { Metadata } from '../../../shared/domain/metadata';
import type { MetadataField } from '../../../shared/platform/inbox';
import type {
  BatchState,
  BatchStorage,
  CaptureBatch,
  CapturePartLink,
  StoredPlan,
} from '../capture/batches/batch-storage';
import type { OfficeDatabase } from './office-database';
import { inUnitOfWork, queryInUnit, unitClient } from './postgres-units-of-work';
import type { QueryResult, QueryResultRow } from 'pg';

interface BatchRow {
  id: string;
  file_name: string;
  source_folder: string;
  source_path: string;
  source_size: string;
  source_mtime_ms: string;
  size: string;
  sha256: string;
  state: BatchState;
  profile: CaptureProfile;
  metadata: Metadata;
  auto_submit: boolean;
  required_fields: MetadataField[];
  archive_path: string | null;
  received_at: Date;
  analysis_starts: number;
  kind: string;
  scan_open: boolean;
  scanner: string | null;
  plan: StoredPlan | null;
}

const fromRow = (r: BatchRow): CaptureBatch => ({
  id: r.id,
  fileName: r.file_name,
  sourceFolder: r.source_folder,
  sourcePath: r.source_path,
  sourceSize: Number(r.source_size),
  sourceMtimeMs: Number(r.source_mtime_ms),
  size: Number(r.size),
  sha256: r.sha256,
  state: r.state,
  profile: r.profile,
  metadata: r.metadata,
  autoSubmit: r.auto_submit,
  requiredFields: r.required_fields,
  ...(r.archive_path === null ? {} : { archivePath: r.archive_path }),
  receivedAt: r.received_at.toISOString(),
  analysisStarts: r.analysis_starts,
  ...(r.kind === 'scan' ? { kind: 'scan' as const, scanOpen: r.scan_open } : {}),
  ...(r.scanner ? { scanner: r.scanner } : {}),
  ...(r.plan === null ? {} : { plan: r.plan }),
});

/** A batch of the station's own file as joining moves it (office-joining.ts). */
export interface JoiningBatch {
  batch: CaptureBatch;
  /** When it last changed in the station's file. */
  updatedAt: string;
  /** Every part it made so far (a half-split batch resumes after the last one). */
  parts: CapturePartLink[];
}

const COLUMNS = `id, file_name, source_folder, source_path, source_size, source_mtime_ms, size, sha256, state, profile,
  metadata, auto_submit, required_fields, archive_path, received_at, analysis_starts, kind, scan_open, scanner, plan`;

/**
 * Capture's batches in the office database (issue #50): the batches' port (capture/batches/batch-storage.ts)
 * over `office_capture_batches` and `office_capture_parts`, beside the office's documents, answering to the
 * same contract tests as the station's SQLite store. The station that received a batch is recorded with it,
 * and it alone works on it: its files (the original's copy, a scan's pages) are in that station's data
 * folder, so another station's capture line neither lists, analyses, releases nor completes it (a read by id
 * or by state, the open ids and the waiting count are this station's).
 * A unit of work is the office database's (postgres-units-of-work.ts), one with the documents' engine: a
 * call from inside a unit of either runs on its connection, so a part's link commits with its document.
 */
export class PostgresBatchStorage implements BatchStorage {
  constructor(
    private readonly db: OfficeDatabase,
    private readonly stationId: string,
  ) {}

  /**
   * One unit of work over the batches and the documents (see PostgresDocumentStorage.transaction): a batch
   * the unit reads by id is locked until it commits, so a second unit deciding on it reads the first's commit.
   */
  transaction<T>(work: (batches: BatchStorage) => Promise<T>): Promise<T> {
    return inUnitOfWork(this.db, () => work(this));
  }

  /** One statement: the caller's unit's when it is in one, else one of its own. */
  private query<R extends QueryResultRow>(sql: string, params: unknown[] = []): Promise<QueryResult<R>> {
    return queryInUnit<R>(this.db, sql, params);
  }

  async get(id: string): Promise<CaptureBatch | undefined> {
    // Inside a unit of work the batch is locked until the unit commits (see transaction).
    const lock = unitClient(this.db) ? ' FOR UPDATE' : '';
    const { rows } = await this.query<BatchRow>(
      `SELECT ${COLUMNS} FROM office_capture_batches WHERE id = $1 AND station_id = $2${lock}`,
      [id, this.stationId],
    );
    return rows[0] ? fromRow(rows[0]) : undefined;
  }

  async inState(state: BatchState): Promise<CaptureBatch[]> {
    const { rows } = await this.query<BatchRow>(
      `SELECT ${COLUMNS} FROM office_capture_batches WHERE state = $1 AND station_id = $2 ORDER BY row_seq`,
      [state, this.stationId],
    );
    return rows.map(fromRow);
  }

  async openIds(): Promise<Set<string>> {
    const { rows } = await this.query<{ id: string }>(
      `SELECT id FROM office_capture_batches WHERE state <> 'done' AND station_id = $1`,
      [this.stationId],
    );
    return new Set(rows.map((r) => r.id));
  }

  async waiting(): Promise<number> {
    const { rows } = await this.query<{ n: string }>(
      `SELECT count(*) AS n FROM office_capture_batches
        WHERE station_id = $1 AND ((state = 'received' AND NOT (kind = 'scan' AND scan_open)) OR state = 'released')`,
      [this.stationId],
    );
    return Number(rows[0]?.n ?? 0);
  }

  async insert(b: CaptureBatch): Promise<void> {
    await this.insertRow(b, b.receivedAt, 'fail');
  }

  /**
   * A batch moved in by joining (office-joining.ts) from the station's own file, as this station's: its id,
   * state, plan, archive path, analysis starts and times as they were, and its part links (which commit with
   * it: a link needs its batch). One commit, or the caller's unit. A batch the office has under that id
   * already is left as it is: `moved` false, and the station that has it (this one when a move is resumed
   * after a crash between the office's commit and the station's file).
   */
  async insertJoining(j: JoiningBatch): Promise<{ moved: boolean; stationId: string }> {
    const b = j.batch;
    return inUnitOfWork(this.db, async () => {
      const rows = await this.insertRow(b, j.updatedAt, 'skip');
      if (rows.length === 0) {
        const held = await this.query<{ station_id: string }>(
          'SELECT station_id FROM office_capture_batches WHERE id = $1',
          [b.id],
        );
        const holder = held.rows[0]?.station_id;
        if (holder === undefined) throw new Error(`batch ${b.id} was neither inserted nor found`);
        return { moved: false, stationId: holder };
      }
      for (const p of j.parts) await this.linkPart(p);
      return { moved: true, stationId: this.stationId };
    });
  }

  /**
   * A batch's row, this station's: a new one (`fail` on an id the office has; its plan, archive path and
   * analysis starts not yet set) or one moved in by joining with all it had (`skip`: no row back when the
   * office has that id already).
   */
  private async insertRow(b: CaptureBatch, updatedAt: string, onTaken: 'fail' | 'skip'): Promise<{ id: string }[]> {
    const { rows } = await this.query<{ id: string }>(
      `INSERT INTO office_capture_batches (id, station_id, file_name, source_folder, source_path, source_size,
         source_mtime_ms, size, sha256, state, profile, metadata, auto_submit, required_fields, archive_path,
         received_at, updated_at, analysis_starts, plan, kind, scan_open, scanner)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)
       ${onTaken === 'skip' ? 'ON CONFLICT (id) DO NOTHING' : ''}
       RETURNING id`,
      [
        b.id,
        this.stationId,
        b.fileName,
        b.sourceFolder,
        b.sourcePath,
        b.sourceSize,
        b.sourceMtimeMs,
        b.size,
        b.sha256,
        b.state,
        JSON.stringify(b.profile),
        JSON.stringify(b.metadata),
        b.autoSubmit,
        JSON.stringify(b.requiredFields),
        b.archivePath ?? null,
        b.receivedAt,
        updatedAt,
        b.analysisStarts ?? 0,
        b.plan === undefined ? null : JSON.stringify(b.plan),
        b.kind ?? 'file',
        b.scanOpen ?? false,
        b.scanner ?? null,
      ],
    );
    return rows;
  }

  async setState(id: string, state: BatchState, at: string): Promise<void> {
    await this.query('UPDATE office_capture_batches SET state = $2, updated_at = $3 WHERE id = $1', [id, state, at]);
  }

  async setScanOpen(id: string, open: boolean, at: string): Promise<void> {
    await this.query('UPDATE office_capture_batches SET scan_open = $2, updated_at = $3 WHERE id = $1', [id, open, at]);
  }

  async setPlan(id: string, state: 'held' | 'released', plan: StoredPlan, at: string): Promise<void> {
    await this.query('UPDATE office_capture_batches SET state = $2, plan = $3, updated_at = $4 WHERE id = $1', [
      id,
      state,
      JSON.stringify(plan),
      at,
    ]);
  }

  async setArchivePath(id: string, archivePath: string | null, at: string): Promise<void> {
    await this.query('UPDATE office_capture_batches SET archive_path = $2, updated_at = $3 WHERE id = $1', [
      id,
      archivePath,
      at,
    ]);
  }

  async markAnalysisStart(id: string, at: string): Promise<void> {
    await this.query(
      'UPDATE office_capture_batches SET analysis_starts = analysis_starts + 1, updated_at = $2 WHERE id = $1',
      [id, at],
    );
  }

  async unmarkAnalysisStart(id: string, at: string): Promise<void> {
    await this.query(
      'UPDATE office_capture_batches SET analysis_starts = greatest(0, analysis_starts - 1), updated_at = $2 WHERE id = $1',
      [id, at],
    );
  }

  async linkPart(p: CapturePartLink): Promise<void> {
    await this.query(
      'INSERT INTO office_capture_parts (document_id, batch_id, part_index, part_count, pages) VALUES ($1, $2, $3, $4, $5)',
      [p.documentId, p.batchId, p.index, p.count, JSON.stringify(p.pages)],
    );
  }

  async partsMade(batchId: string): Promise<{ count: number; nextPage: number }> {
    const { rows } = await this.query<{ n: string; last: number | null }>(
      `SELECT count(*) AS n, max((SELECT max(p::int) FROM jsonb_array_elements_text(pages) AS p)) AS last
       FROM office_capture_parts WHERE batch_id = $1`,
      [batchId],
    );
    return { count: Number(rows[0]?.n ?? 0), nextPage: (rows[0]?.last ?? -1) + 1 };
  }

  async setPartCount(batchId: string, count: number): Promise<void> {
    await this.query('UPDATE office_capture_parts SET part_count = $2 WHERE batch_id = $1', [batchId, count]);
  }

  async partOf(documentId: string): Promise<CapturePartLink | undefined> {
    const { rows } = await this.query<{
      document_id: string;
      batch_id: string;
      part_index: number;
      part_count: number;
      pages: number[];
    }>('SELECT document_id, batch_id, part_index, part_count, pages FROM office_capture_parts WHERE document_id = $1', [
      documentId,
    ]);
    const r = rows[0];
    return r
      ? { documentId: r.document_id, batchId: r.batch_id, index: r.part_index, count: r.part_count, pages: r.pages }
      : undefined;
  }

  async partsPending(batchId: string): Promise<number> {
    const { rows } = await this.query<{ n: string }>(
      `SELECT count(*) AS n FROM office_capture_parts p LEFT JOIN office_documents d ON d.id = p.document_id
       WHERE p.batch_id = $1 AND (d.state IS NULL OR d.state <> 'archived')`,
      [batchId],
    );
    return Number(rows[0]?.n ?? 0);
  }
}
