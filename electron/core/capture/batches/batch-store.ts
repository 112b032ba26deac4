/**
 * The scanned batches capture has taken, in the queue's own SQLite file, so a batch's record and its parts'
 * documents commit in one transaction (DocumentStore.transaction): after a crash there are either no part
 * documents or all of them.
 *
 * received → (analysed and split; the parts are documents) split → (every part uploaded; original archived) done
 *          → (cannot be analysed, or holds no document; kept whole as one document) done
 *
 * `analysis_starts` counts the analyses begun and not cut off by a clean stop, written (and flushed) before
 * the work starts: a batch whose analysis took the process down (out of memory, a crash in a decoder) is
 * known at the next start as one that did, and is not analysed forever (capture-intake.ts).
 *
 * The tables are made by the queue database's migrations (queue-database.ts), the one owner of the file's
 * schema.
 */
import type { Statement } from 'better-sqlite3';
import type { CaptureProfile } from '../../../../shared/domain/capture';
import type { Metadata } from '../../../../shared/domain/metadata';
import type { MetadataField } from '../../../../shared/platform/inbox';
import type { QueueDatabase } from '../../queue/queue-database';
import { type SqliteUnitsOfWork, unitsOfWork } from '../../queue/sqlite-units-of-work';
import type { BatchState, CaptureBatch, CapturePartLink, StoredPlan } from './batch-storage';

// The shapes belong to the batches' storage port (batch-storage.ts); capture imports them from here, where
// they always were.
export type { BatchState, CaptureBatch, CapturePartLink, StoredPlan } from './batch-storage';

interface BatchRow {
  id: string;
  file_name: string;
  source_folder: string;
  source_path: string;
  source_size: number;
  source_mtime_ms: number;
  size: number;
  sha256: string;
  state: BatchState;
  profile: string;
  metadata: string;
  auto_submit: number;
  required_fields: string;
  archive_path: string | null;
  received_at: string;
  analysis_starts: number | null;
  kind: string | null;
  scan_open: number | null;
  scanner: string | null;
  plan: string | null;
}

const fromRow = (r: BatchRow): CaptureBatch => ({
  id: r.id,
  fileName: r.file_name,
  sourceFolder: r.source_folder,
  sourcePath: r.source_path,
  sourceSize: r.source_size,
  sourceMtimeMs: r.source_mtime_ms,
  size: r.size,
  sha256: r.sha256,
  state: r.state,
  profile: JSON.parse(r.profile) as CaptureProfile,
  metadata: JSON.parse(r.metadata) as Metadata,
  autoSubmit: r.auto_submit === 1,
  requiredFields: JSON.parse(r.required_fields) as MetadataField[],
  ...(r.archive_path === null ? {} : { archivePath: r.archive_path }),
  receivedAt: r.received_at,
  analysisStarts: r.analysis_starts ?? 0,
  ...(r.kind === 'scan' ? { kind: 'scan' as const, scanOpen: r.scan_open === 1 } : {}),
  ...(r.scanner ? { scanner: r.scanner } : {}),
  ...(r.plan === null ? {} : { plan: JSON.parse(r.plan) as StoredPlan }),
});

/**
 * The batches in SQLite, synchronous: capture's own engine, whose writes join the queue's transactions
 * (QueueWork.transaction). `sqlite-batch-storage.ts` puts it behind the batches' port (BatchStorage).
 */
export class BatchStore {
  /** The storage ports' units of work on this connection, the documents' too (sqlite-units-of-work.ts). */
  readonly units: SqliteUnitsOfWork;

  /** The tables are the queue database's (queue-database.ts, its migrations). */
  constructor(private readonly db: QueueDatabase) {
    this.units = unitsOfWork(db);
  }

  /** An analysis begins (commit and flush it before the work). */
  markAnalysisStart(id: string, at: string): void {
    this.db
      .prepare('UPDATE capture_batches SET analysis_starts = analysis_starts + 1, updated_at = ? WHERE id = ?')
      .run(at, id);
  }

  /** The analysis was cut off by a clean stop: it does not count against the batch. */
  unmarkAnalysisStart(id: string, at: string): void {
    this.db
      .prepare('UPDATE capture_batches SET analysis_starts = MAX(0, analysis_starts - 1), updated_at = ? WHERE id = ?')
      .run(at, id);
  }

  insert(b: CaptureBatch): void {
    this.db
      .prepare(
        `INSERT INTO capture_batches (id, file_name, source_folder, source_path, source_size, source_mtime_ms, size,
           sha256, state, profile, metadata, auto_submit, required_fields, received_at, updated_at, kind, scan_open,
           scanner)
         VALUES (@id, @fileName, @sourceFolder, @sourcePath, @sourceSize, @sourceMtimeMs, @size, @sha256, @state,
           @profile, @metadata, @autoSubmit, @requiredFields, @receivedAt, @receivedAt, @kind, @scanOpen, @scanner)`,
      )
      .run({
        ...b,
        kind: b.kind ?? 'file',
        scanOpen: b.scanOpen ? 1 : 0,
        scanner: b.scanner ?? null,
        profile: JSON.stringify(b.profile),
        metadata: JSON.stringify(b.metadata),
        autoSubmit: b.autoSubmit ? 1 : 0,
        requiredFields: JSON.stringify(b.requiredFields),
      });
  }

  get(id: string): CaptureBatch | undefined {
    const row = this.db.prepare<[string], BatchRow>('SELECT * FROM capture_batches WHERE id = ?').get(id);
    return row ? fromRow(row) : undefined;
  }

  inState(state: BatchState): CaptureBatch[] {
    return this.db
      .prepare<[string], BatchRow>('SELECT * FROM capture_batches WHERE state = ? ORDER BY rowid')
      .all(state)
      .map(fromRow);
  }

  /**
   * Batches waiting to be made into documents: taken and not analysed (a scan once the clerk finished it),
   * or released by the clerk (BatchStorage.waiting).
   */
  waiting(): number {
    const r = this.db
      .prepare<[], { n: number }>(
        `SELECT COUNT(*) AS n FROM capture_batches
          WHERE (state = 'received' AND NOT (kind = 'scan' AND scan_open = 1)) OR state = 'released'`,
      )
      .get();
    return r?.n ?? 0;
  }

  /** Batches whose original copy is still needed (received or split). */
  openIds(): Set<string> {
    return new Set(
      this.db
        .prepare<[], { id: string }>(`SELECT id FROM capture_batches WHERE state <> 'done'`)
        .all()
        .map((r) => r.id),
    );
  }

  setState(id: string, state: BatchState, at: string): void {
    this.db.prepare('UPDATE capture_batches SET state = ?, updated_at = ? WHERE id = ?').run(state, at, id);
  }

  /** A scan the clerk finished (0), or takes up again to scan more into it (1). */
  setScanOpen(id: string, open: boolean, at: string): void {
    this.db.prepare('UPDATE capture_batches SET scan_open = ?, updated_at = ? WHERE id = ?').run(open ? 1 : 0, at, id);
  }

  /** The batch's plan, with its new state (held: planned; released: as the clerk released it). */
  setPlan(id: string, state: 'held' | 'released', plan: StoredPlan, at: string): void {
    this.db
      .prepare('UPDATE capture_batches SET state = ?, plan = ?, updated_at = ? WHERE id = ?')
      .run(state, JSON.stringify(plan), at, id);
  }

  setArchivePath(id: string, archivePath: string | null, at: string): void {
    this.db
      .prepare('UPDATE capture_batches SET archive_path = ?, updated_at = ? WHERE id = ?')
      .run(archivePath, at, id);
  }

  linkPart(p: CapturePartLink): void {
    this.db
      .prepare(
        'INSERT INTO capture_parts (document_id, batch_id, part_index, part_count, pages) VALUES (?, ?, ?, ?, ?)',
      )
      .run(p.documentId, p.batchId, p.index, p.count, JSON.stringify(p.pages));
  }

  /**
   * The parts of a batch adopted so far (issue #30 item 6: they are made as the analysis passes each
   * separator): how many, and the page after the last one's last page, where the batch resumes after a
   * restart. Read from the same rows that commit with the part's document, so a part is counted exactly
   * when it is in the queue.
   */
  partsMade(batchId: string): { count: number; nextPage: number } {
    const rows = this.db
      .prepare<[string], { pages: string }>('SELECT pages FROM capture_parts WHERE batch_id = ?')
      .all(batchId);
    let last = -1;
    for (const r of rows) for (const p of JSON.parse(r.pages) as number[]) last = Math.max(last, p);
    return { count: rows.length, nextPage: last + 1 };
  }

  /** The number of parts, once the batch's last part is made (a part made earlier did not know it). */
  setPartCount(batchId: string, count: number): void {
    this.db.prepare('UPDATE capture_parts SET part_count = ? WHERE batch_id = ?').run(count, batchId);
  }

  /** Asked for every archived document (capture-intake.ts partChanged): prepared once. */
  private partOfDocument?: Statement<
    [string],
    { document_id: string; batch_id: string; part_index: number; part_count: number; pages: string }
  >;

  partOf(documentId: string): CapturePartLink | undefined {
    this.partOfDocument ??= this.db.prepare('SELECT * FROM capture_parts WHERE document_id = ?');
    const r = this.partOfDocument.get(documentId);
    return r
      ? {
          documentId: r.document_id,
          batchId: r.batch_id,
          index: r.part_index,
          count: r.part_count,
          pages: JSON.parse(r.pages) as number[],
        }
      : undefined;
  }

  /**
   * The batches not done, oldest first, each with the time of its last change: what joining an office
   * database moves (office/office-joining.ts).
   */
  notDone(): Array<{ batch: CaptureBatch; updatedAt: string }> {
    return this.db
      .prepare<[], BatchRow & { updated_at: string }>(
        `SELECT * FROM capture_batches WHERE state <> 'done' ORDER BY rowid`,
      )
      .all()
      .map((r) => ({ batch: fromRow(r), updatedAt: r.updated_at }));
  }

  /** Every part linked to the batch, in its order. */
  partsOf(batchId: string): CapturePartLink[] {
    return this.db
      .prepare<[string], { document_id: string; part_index: number; part_count: number; pages: string }>(
        'SELECT document_id, part_index, part_count, pages FROM capture_parts WHERE batch_id = ? ORDER BY part_index, rowid',
      )
      .all(batchId)
      .map((r) => ({
        documentId: r.document_id,
        batchId,
        index: r.part_index,
        count: r.part_count,
        pages: JSON.parse(r.pages) as number[],
      }));
  }

  /**
   * Removes a batch that is kept elsewhere now (moved into the office database): its row and its part links.
   * Run it in the caller's transaction with the rest of what goes with it (office/sqlite-own-batch-file.ts).
   */
  forgetMoved(batchId: string): void {
    this.db.prepare('DELETE FROM capture_parts WHERE batch_id = ?').run(batchId);
    this.db.prepare('DELETE FROM capture_batches WHERE id = ?').run(batchId);
  }

  /** The batch's part documents that are not archived yet (state from the documents table). */
  partsPending(batchId: string): number {
    const r = this.db
      .prepare<[string], { n: number }>(
        `SELECT COUNT(*) AS n FROM capture_parts p LEFT JOIN documents d ON d.id = p.document_id
          WHERE p.batch_id = ? AND (d.state IS NULL OR d.state <> 'archived')`,
      )
      .get(batchId);
    return r?.n ?? 0;
  }
}
