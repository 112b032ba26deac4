import { sep } from 'node:path';
import type { DocumentError, DocumentState } from '../../../shared/domain/document';
import { DOCUMENT_STATES } from '../../../shared/domain/document';
import type { HistoryStep } from '../../../shared/domain/history';
import { HistoryStepSchema, historyStep } from '../../../shared/domain/history';
import { DEFAULT_OFFICE_LAPSE_SECONDS } from '../../../shared/domain/office';
import type { Metadata } from '../../../shared/domain/metadata';
import type { HistoryEntry } from '../../../shared/domain/queue';
import type {
  DocumentPatch,
  DocumentStorage,
  ListQuery,
  NewDocument,
  StorageInTransaction,
  StoredDocument,
  TakenOver,
} from '../queue/document-storage';
import type { HistoryQuery, HistoryStorage } from '../queue/history-storage';
import type { QueryResult, QueryResultRow } from 'pg';
import type { OfficeClient } from './office-client';
import type { OfficeDatabase } from './office-database';
import { isOfficeOutOfReach } from './office-reachability';
import { EDITABLE } from '../queue/clerk-commands';
import { inUnitOfWork, queryInUnit, togetherInUnit, unitClient } from './postgres-units-of-work';

/** The channel every office station LISTENs on for changed documents (office-changes.ts). */
export const OFFICE_DOCUMENTS_CHANNEL = 'intake_office_documents';

interface Row {
  id: string;
  file_name: string;
  source_folder: string;
  source_path: string | null;
  source_size: string | null;
  source_mtime_ms: string | null;
  spool_name: string;
  archive_path: string | null;
  size: string;
  content_type: string;
  sha256: string;
  arrived_at: Date;
  updated_at: Date;
  state: DocumentState;
  metadata: Metadata;
  idempotency_key: string | null;
  attempts: number;
  next_attempt_at: string | null;
  error: DocumentError | null;
  duplicate_of: string | null;
  uploaded_at: Date | null;
  confirmed_at: Date | null;
}

// node-postgres answers bigint as text (it may not fit a double); sizes and milliseconds here always do.
const num = (v: string): number => Number(v);

function fromRow(r: Row): StoredDocument {
  const doc: StoredDocument = {
    id: r.id,
    fileName: r.file_name,
    sourceFolder: r.source_folder,
    size: num(r.size),
    contentType: r.content_type,
    sha256: r.sha256,
    arrivedAt: r.arrived_at.toISOString(),
    updatedAt: r.updated_at.toISOString(),
    state: r.state,
    metadata: r.metadata,
    attempts: r.attempts,
    spoolName: r.spool_name,
  };
  if (r.idempotency_key !== null) doc.idempotencyKey = r.idempotency_key;
  if (r.next_attempt_at !== null) doc.nextAttemptAt = new Date(num(r.next_attempt_at)).toISOString();
  if (r.error !== null) doc.error = r.error;
  if (r.duplicate_of !== null) doc.duplicateOf = r.duplicate_of;
  if (r.uploaded_at !== null) doc.uploadedAt = r.uploaded_at.toISOString();
  if (r.confirmed_at !== null) doc.confirmedAt = r.confirmed_at.toISOString();
  if (r.source_path !== null) doc.sourcePath = r.source_path;
  if (r.source_size !== null) doc.sourceSize = num(r.source_size);
  if (r.source_mtime_ms !== null) doc.sourceMtimeMs = num(r.source_mtime_ms);
  if (r.archive_path !== null) doc.archivePath = r.archive_path;
  return doc;
}

/**
 * Who has the document open (office-holds.ts), read with the document where a clerk sees or changes it
 * (get, list, update, insert): the hold's station, its name, clerk, start, and whether it still stands on the
 * server's clock (a lapsed hold is no one's).
 */
const HOLD_COLUMNS = `held_by_station, held_by_clerk, held_since, (hold_expires_at > clock_timestamp()) AS hold_live,
  (SELECT s.name FROM office_stations s WHERE s.id = held_by_station) AS held_by_station_name`;

interface HoldRow {
  held_by_station: string | null;
  held_by_clerk: string | null;
  held_since: Date | null;
  hold_live: boolean | null;
  held_by_station_name: string | null;
}

const COLUMNS = `id, file_name, source_folder, source_path, source_size, source_mtime_ms, spool_name, archive_path, size,
  content_type, sha256, arrived_at, updated_at, state, metadata, idempotency_key, attempts, next_attempt_at, error,
  duplicate_of, uploaded_at, confirmed_at`;

/**
 * The queue's documents and history in the office database (issue #50): the storage ports the queue owns
 * (queue/document-storage.ts, queue/history-storage.ts) over `office_documents`, `office_seen_files` and
 * `office_history`, answering to the same contract tests as the station's SQLite store. Each call is one
 * transaction; a document's change and its history entry commit together. The station that takes a
 * document in is recorded with it (`station_id`), and with each history entry, as is the station's clerk.
 *
 * Durability: PostgreSQL acknowledges a commit once its WAL is on disk (synchronous_commit, the default), so
 * what a call answered is kept: `durable` and `keyDurable` have nothing left to wait for.
 *
 * One office inbox, each station its own queue: what the clerks see and change is the office's (`get`,
 * `list`, `update`, the seen-file keys, `uploadedWithHash`, the history), what a station's queue works on is
 * its own documents, those it took in (`station_id`): `due`, `nextDueAt`, `inStates` (start-up recovery: an
 * `uploading` document of another station is that station's upload, not one this one was cut off in),
 * `activeCount` (how busy it is: how far it claims ahead in a shared folder), `counts` (its status and its
 * drain), `spoolNames` (its spool's sweep), `inPlaceSources` and `unreadableDocuments` (its own folder paths).
 * So a document a clerk submits at any station is sent by the station that took it in, and by any live
 * station once that one is gone (issue #50 item 3, `takeOverDue`): taking one over makes it the taker's.
 */
export class PostgresDocumentStorage implements DocumentStorage, HistoryStorage {
  constructor(
    private readonly db: OfficeDatabase,
    /** This station's id (office_stations): the documents it takes in, the history it writes. */
    private readonly stationId: string,
    /**
     * The clerk signed in at this station, written with each history entry (office_history.clerk): who sent a
     * document is the clerk of its last `submitted` or `retry` entry (the supervisor's view, supervisor-view.ts).
     * None for a station without a clerk (the agent): its entries name none.
     */
    private readonly clerk?: string,
  ) {}

  /**
   * A unit of work on one pooled connection, `BEGIN` … `COMMIT` (READ COMMITTED), in which every document the
   * unit reads by id is locked (`SELECT … FOR UPDATE`) until it commits: a second unit that decides on the
   * same document waits at its read and then reads the first one's commit, so it checks the state as it now
   * is. Locking the rows the unit decides on, rather than SERIALIZABLE, makes the second clerk wait instead
   * of failing, and what is locked is exactly what the queue's commands check (a document's state); what
   * they only look up (`uploadedWithHash`, lists) is read as committed. Two units that lock the same
   * documents in opposite orders deadlock; PostgreSQL breaks that by failing one (40P01), which is run again
   * from the start (the port's contract: a unit's work does only storage). The unit is the office
   * database's (postgres-units-of-work.ts): the batches' engine joins it on the same connection.
   */
  transaction<T>(work: (documents: StorageInTransaction) => Promise<T>): Promise<T> {
    return inUnitOfWork(this.db, () => work(this));
  }

  outOfReach(error: unknown): boolean {
    return isOfficeOutOfReach(error);
  }

  /**
   * The document as this station's clerk sees it: with `heldBy` when another clerk's hold on it stands (at
   * another station, or another clerk here); none when it is free, lapsed or this clerk's own.
   */
  private shown(r: Row & HoldRow): StoredDocument {
    const doc = fromRow(r);
    const mine = r.held_by_station === this.stationId && r.held_by_clerk === (this.clerk ?? null);
    if (r.hold_live && !mine && r.held_by_station !== null && r.held_by_clerk !== null && r.held_since !== null)
      doc.heldBy = {
        station: r.held_by_station_name ?? r.held_by_station,
        clerk: r.held_by_clerk,
        since: r.held_since.toISOString(),
      };
    return doc;
  }

  /** The open unit of work of the caller's async context on this database, if any. */
  private unit(): OfficeClient | undefined {
    return unitClient(this.db);
  }

  /** One statement: the unit's when the caller is in one, else one of its own. */
  private query<R extends QueryResultRow>(sql: string, params: unknown[] = []): Promise<QueryResult<R>> {
    return queryInUnit<R>(this.db, sql, params);
  }

  /** Statements that commit together: inside the caller's unit, else a transaction of their own. */
  private together<T>(fn: (client: OfficeClient) => Promise<T>): Promise<T> {
    return togetherInUnit(this.db, fn);
  }

  async get(id: string): Promise<StoredDocument | undefined> {
    // Inside a unit of work the document is locked until the unit commits (see transaction).
    const lock = this.unit() ? ' FOR UPDATE' : '';
    const { rows } = await this.query<Row & HoldRow>(
      `SELECT ${COLUMNS}, ${HOLD_COLUMNS} FROM office_documents WHERE id = $1${lock}`,
      [id],
    );
    return rows[0] ? this.shown(rows[0]) : undefined;
  }

  async getMany(ids: readonly string[]): Promise<StoredDocument[]> {
    if (ids.length === 0) return [];
    const { rows } = await this.query<Row & HoldRow>(
      `SELECT ${COLUMNS}, ${HOLD_COLUMNS} FROM office_documents WHERE id = ANY($1::text[])`,
      [[...ids]],
    );
    return rows.map((r) => this.shown(r));
  }

  async hasSeen(key: string): Promise<boolean> {
    const { rowCount } = await this.query('SELECT 1 FROM office_seen_files WHERE key = $1', [seenKeyText(key)]);
    return rowCount === 1;
  }

  /**
   * `ON CONFLICT DO NOTHING` waits for another transaction that inserted the same key and has not committed
   * yet: once it commits, nothing is inserted here (false); had it rolled back, this one records it.
   */
  async markSeen(key: string, documentId: string, at: string): Promise<boolean> {
    return insertSeen({ query: (sql, params) => this.query(sql, params) }, key, documentId, at);
  }

  async insert(d: NewDocument, step?: HistoryStep): Promise<StoredDocument> {
    return this.together(async (c) => {
      const row = await this.insertRow(c, { ...d, arrivedAt: d.at, updatedAt: d.at, attempts: 0 }, 'fail');
      if (!row) throw new Error('inserted document vanished');
      if (d.seenKey) await insertSeen(c, d.seenKey, d.id, d.at);
      await this.addHistory(c, d.id, d.fileName, d.metadata.caseNumber, d.state, step, d.at);
      await this.told(c, d.id);
      return this.shown(row);
    });
  }

  async update(id: string, patch: DocumentPatch, at: string, step?: HistoryStep): Promise<StoredDocument> {
    return this.together(async (c) => {
      const before = await c.query<{ state: DocumentState }>(
        'SELECT state FROM office_documents WHERE id = $1 FOR UPDATE',
        [id],
      );
      if (!before.rows[0]) throw new Error(`no document ${id}`);
      const sets: string[] = [];
      const params: unknown[] = [id];
      const put = (column: string, value: unknown) => {
        params.push(value);
        sets.push(`${column} = $${params.length}`);
      };
      put('updated_at', at);
      if (patch.state !== undefined) put('state', patch.state);
      if (patch.metadata !== undefined) {
        put('metadata', JSON.stringify(patch.metadata));
        put('case_number', patch.metadata.caseNumber ?? null);
      }
      if (patch.idempotencyKey !== undefined) put('idempotency_key', patch.idempotencyKey);
      if (patch.attempts !== undefined) put('attempts', patch.attempts);
      if (patch.nextAttemptAtMs !== undefined) put('next_attempt_at', patch.nextAttemptAtMs);
      if (patch.error !== undefined) put('error', patch.error === null ? null : JSON.stringify(patch.error));
      if (patch.duplicateOf !== undefined) put('duplicate_of', patch.duplicateOf);
      if (patch.uploadedAt !== undefined) put('uploaded_at', patch.uploadedAt);
      if (patch.confirmedAt !== undefined) put('confirmed_at', patch.confirmedAt);
      if (patch.archivePath !== undefined) put('archive_path', patch.archivePath);
      if (patch.enqueue) sets.push(`queued_seq = nextval('office_queued_seq')`);
      if (patch.content) {
        put('size', patch.content.size);
        put('sha256', patch.content.sha256);
      }
      if (patch.file) {
        put('spool_name', patch.file.spoolName);
        put('file_name', patch.file.fileName);
        put('content_type', patch.file.contentType);
      }
      // A document that leaves the clerks (submitted: queued, then sent) is no one's to change: its hold ends
      // with the change (the states a hold is taken in, office-holds.ts), and the others see it free at once.
      if (patch.state !== undefined && !EDITABLE.includes(patch.state))
        sets.push(
          'hold_id = NULL, held_by_station = NULL, held_by_clerk = NULL, held_since = NULL, hold_expires_at = NULL',
        );
      const { rows } = await c.query<Row & HoldRow>(
        `UPDATE office_documents SET ${sets.join(', ')} WHERE id = $1 RETURNING ${COLUMNS}, ${HOLD_COLUMNS}`,
        params,
      );
      const row = rows[0];
      if (!row) throw new Error(`no document ${id}`);
      const after = this.shown(row);
      await this.told(c, id);
      // A state change, or other bytes (a page edit): both belong in the document's history.
      if ((patch.state !== undefined && patch.state !== before.rows[0].state) || patch.file)
        await this.addHistory(c, id, after.fileName, after.metadata.caseNumber, after.state, step, at);
      return after;
    });
  }

  private async addHistory(
    c: OfficeClient,
    id: string,
    fileName: string,
    caseNumber: string | undefined,
    state: DocumentState,
    step: HistoryStep | undefined,
    at: string,
    clerk: string | null = this.clerk ?? null,
  ): Promise<void> {
    const values = step && Object.keys(step.values).length > 0 ? JSON.stringify(step.values) : null;
    await c.query(
      `INSERT INTO office_history (document_id, station_id, clerk, file_name, case_number, state, code, step_values, at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
      [id, this.stationId, clerk, fileName, caseNumber ?? null, state, step?.code ?? null, values, at],
    );
  }

  /**
   * A document of this station's own file, moved into the office as it is (office-joining.ts): its row with
   * its id, state, Idempotency-Key, attempts and times, its history entries with their times (no clerk: the
   * station's file names none), its seen-file keys; one commit (or the caller's unit). A document the office
   * has under that id already is left as it is: `moved` false, and the station that has it (this one when a
   * move is resumed after a crash between the office's commit and the station's file).
   */
  async insertJoining(j: JoiningDocument): Promise<{ moved: boolean; stationId: string }> {
    const d = j.document;
    return this.together(async (c) => {
      const nextAttemptAtMs = d.nextAttemptAt === undefined ? undefined : Date.parse(d.nextAttemptAt);
      const row = await this.insertRow(
        c,
        { ...d, ...(nextAttemptAtMs !== undefined ? { nextAttemptAtMs } : {}) },
        'skip',
      );
      if (!row) {
        const { rows } = await c.query<{ station_id: string }>(
          'SELECT station_id FROM office_documents WHERE id = $1',
          [d.id],
        );
        const holder = rows[0]?.station_id;
        if (holder === undefined) throw new Error(`document ${d.id} was neither inserted nor found`);
        return { moved: false, stationId: holder };
      }
      for (const h of j.history) await this.addHistory(c, d.id, h.fileName, h.caseNumber, h.state, h.step, h.at, null);
      for (const k of j.seenKeys) await insertSeen(c, k.key, d.id, k.at);
      await this.told(c, d.id);
      return { moved: true, stationId: this.stationId };
    });
  }

  /**
   * A document's row, this station's: a new one (`fail` on an id the office has) or one moved in by joining
   * (`skip`: undefined when the office has that id already). A queued one takes its place in the queue order.
   */
  private async insertRow(
    c: OfficeClient,
    v: DocumentRowValues,
    onTaken: 'fail' | 'skip',
  ): Promise<(Row & HoldRow) | undefined> {
    const { rows } = await c.query<Row & HoldRow>(
      `INSERT INTO office_documents (id, station_id, file_name, source_folder, source_path, source_size,
         source_mtime_ms, spool_name, archive_path, size, content_type, sha256, arrived_at, updated_at, state,
         metadata, case_number, idempotency_key, attempts, next_attempt_at, error, duplicate_of, uploaded_at,
         confirmed_at, queued_seq)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21,
         $22, $23, $24, CASE WHEN $15 = 'queued' THEN nextval('office_queued_seq') END)
       ${onTaken === 'skip' ? 'ON CONFLICT (id) DO NOTHING' : ''}
       RETURNING ${COLUMNS}, ${HOLD_COLUMNS}`,
      [
        v.id,
        this.stationId,
        v.fileName,
        v.sourceFolder,
        v.sourcePath ?? null,
        v.sourceSize ?? null,
        v.sourceMtimeMs ?? null,
        v.spoolName,
        v.archivePath ?? null,
        v.size,
        v.contentType,
        v.sha256,
        v.arrivedAt,
        v.updatedAt,
        v.state,
        JSON.stringify(v.metadata),
        v.metadata.caseNumber ?? null,
        v.idempotencyKey ?? null,
        v.attempts,
        v.nextAttemptAtMs ?? null,
        v.error ? JSON.stringify(v.error) : null,
        v.duplicateOf ?? null,
        v.uploadedAt ?? null,
        v.confirmedAt ?? null,
      ],
    );
    return rows[0];
  }

  async remove(id: string): Promise<void> {
    await this.together(async (c) => {
      await c.query('DELETE FROM office_documents WHERE id = $1', [id]);
      await this.told(c, id);
    });
  }

  /**
   * Tells every station listening (office-changes.ts) that the document changed, once this commits:
   * PostgreSQL delivers a NOTIFY at the commit of its transaction, in commit order, and not at all on a
   * rollback. The payload names the station that changed it, so a station leaves out its own changes.
   */
  private async told(c: OfficeClient, id: string): Promise<void> {
    await c.query('SELECT pg_notify($1, $2)', [
      OFFICE_DOCUMENTS_CHANNEL,
      JSON.stringify({ id, station: this.stationId }),
    ]);
  }

  async list(q: ListQuery): Promise<{ documents: StoredDocument[]; total: number }> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.states && q.states.length > 0) {
      params.push(q.states);
      where.push(`state = ANY($${params.length})`);
    }
    if (q.query && q.query.trim() !== '') {
      params.push(`%${escapeLike(q.query.trim().normalize('NFC'))}%`);
      const p = `$${params.length}`;
      // ILIKE as SQLite's LIKE (case-insensitive); the metadata's JSON text as the station's file searches it.
      where.push(`(file_name ILIKE ${p} OR case_number ILIKE ${p} OR metadata::text ILIKE ${p})`);
    }
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const total = await this.query<{ n: string }>(`SELECT count(*) AS n FROM office_documents ${clause}`, params);
    const { rows } = await this.query<Row & HoldRow>(
      `SELECT ${COLUMNS}, ${HOLD_COLUMNS} FROM office_documents ${clause} ORDER BY row_seq DESC
       LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, q.limit, q.offset],
    );
    return { documents: rows.map((r) => this.shown(r)), total: num(total.rows[0]?.n ?? '0') };
  }

  async inStates(states: DocumentState[]): Promise<StoredDocument[]> {
    const { rows } = await this.query<Row>(
      `SELECT ${COLUMNS} FROM office_documents WHERE state = ANY($1) AND station_id = $2 ORDER BY row_seq`,
      [states, this.stationId],
    );
    return rows.map(fromRow);
  }

  async due(nowMs: number, limit: number, exclude: ReadonlySet<string>): Promise<StoredDocument[]> {
    // Inside a unit of work (an upload's claim) the documents are the unit's until it commits; those another
    // unit holds are skipped, not waited for: two stations claiming at once take different documents, and a
    // row another claim changed meanwhile is checked again (no longer queued: left out).
    const lock = this.unit() ? ' FOR UPDATE SKIP LOCKED' : '';
    const { rows } = await this.query<Row>(
      `SELECT ${COLUMNS} FROM office_documents
       WHERE state = 'queued' AND (next_attempt_at IS NULL OR next_attempt_at <= $1) AND NOT (id = ANY($2))
         AND station_id = $4
       ORDER BY queued_seq LIMIT $3${lock}`,
      [nowMs, [...exclude], limit, this.stationId],
    );
    return rows.map(fromRow);
  }

  /**
   * Due documents of gone stations become this one's (issue #50 item 3): a station is gone once its last
   * heartbeat is older than its own lapse (office_stations.lapse_seconds, written at its join; the default
   * for a row from before). Taken: queued documents due now, and one it was uploading when it went (cut off
   * mid-upload: sent again, with the same Idempotency-Key, so the platform answers with the first upload's
   * result if that one got through), and only those whose bytes are in the office
   * (office_document_content, office-document-bytes.ts): the taker has no spool copy. Rows another unit
   * holds are skipped (`FOR UPDATE SKIP LOCKED`, as `due`), and a row another taker moved meanwhile is
   * checked again and left out: two live stations never take one. Each is moved to this station, queued,
   * with a history entry naming the gone station and since when it is silent, and told (NOTIFY) at commit.
   * Called in the claim's unit (upload-claim.ts), it commits with the document's claim for upload.
   */
  async takeOverDue(nowMs: number, limit: number, exclude: ReadonlySet<string>, at: string): Promise<TakenOver[]> {
    if (limit <= 0) return [];
    return this.together(async (c) => {
      const { rows } = await c.query<{
        id: string;
        file_name: string;
        case_number: string | null;
        from_id: string;
        from_name: string;
        last_seen: Date;
        was: DocumentState;
      }>(
        `WITH gone AS (
           SELECT id, name, last_seen FROM office_stations
           WHERE id <> $1 AND last_seen < clock_timestamp() - make_interval(secs => coalesce(lapse_seconds, $2))
         ), picked AS (
           SELECT d.id, d.station_id, d.state AS was FROM office_documents d
           WHERE d.station_id IN (SELECT id FROM gone)
             AND (d.state = 'uploading'
                  OR (d.state = 'queued' AND (d.next_attempt_at IS NULL OR d.next_attempt_at <= $3)))
             AND NOT (d.id = ANY($4))
             AND EXISTS (SELECT 1 FROM office_document_content b WHERE b.document_id = d.id AND b.sha256 = d.sha256)
           ORDER BY d.queued_seq NULLS LAST, d.row_seq
           LIMIT $5
           FOR UPDATE OF d SKIP LOCKED
         )
         , moved AS (
           UPDATE office_documents d SET station_id = $1, state = 'queued', next_attempt_at = NULL,
             taken_from = p.station_id, taken_at = clock_timestamp(), updated_at = $6
           FROM picked p JOIN gone g ON g.id = p.station_id
           WHERE d.id = p.id
           RETURNING d.id, d.file_name, d.case_number, p.station_id AS from_id, g.name AS from_name, g.last_seen,
             p.was, d.queued_seq, d.row_seq
         )
         SELECT * FROM moved ORDER BY queued_seq NULLS LAST, row_seq`,
        [this.stationId, DEFAULT_OFFICE_LAPSE_SECONDS, nowMs, [...exclude], limit, at],
      );
      const taken: TakenOver[] = [];
      for (const r of rows) {
        const silentSince = r.last_seen.toISOString();
        const step = historyStep('takenOver', { station: r.from_name, since: silentSince });
        await this.addHistory(c, r.id, r.file_name, r.case_number ?? undefined, 'queued', step, at);
        await this.told(c, r.id);
        taken.push({
          id: r.id,
          fileName: r.file_name,
          fromStationId: r.from_id,
          fromStation: r.from_name,
          silentSince,
          wasUploading: r.was === 'uploading',
        });
      }
      return taken;
    });
  }

  async nextDueAt(): Promise<number | undefined> {
    const { rows } = await this.query<{ t: string | null }>(
      `SELECT min(next_attempt_at) AS t FROM office_documents WHERE state = 'queued' AND station_id = $1`,
      [this.stationId],
    );
    const t = rows[0]?.t;
    return t == null ? undefined : num(t);
  }

  async uploadedWithHash(sha256: string, exceptId: string): Promise<string | undefined> {
    const { rows } = await this.query<{ id: string }>(
      `SELECT id FROM office_documents WHERE sha256 = $1 AND id <> $2 AND uploaded_at IS NOT NULL
       ORDER BY uploaded_at LIMIT 1`,
      [sha256, exceptId],
    );
    return rows[0]?.id;
  }

  async activeCount(): Promise<number> {
    const { rows } = await this.query<{ n: string }>(
      `SELECT count(*) AS n FROM office_documents WHERE state IN ('queued', 'uploading') AND station_id = $1`,
      [this.stationId],
    );
    return num(rows[0]?.n ?? '0');
  }

  async counts(): Promise<Record<DocumentState, number>> {
    const counts = Object.fromEntries(DOCUMENT_STATES.map((s) => [s, 0])) as Record<DocumentState, number>;
    const { rows } = await this.query<{ state: DocumentState; n: string }>(
      'SELECT state, count(*) AS n FROM office_documents WHERE station_id = $1 GROUP BY state',
      [this.stationId],
    );
    for (const r of rows) counts[r.state] = num(r.n);
    return counts;
  }

  async inPlaceSources(folder: string): Promise<Array<{ id: string; path: string; size: number; mtimeMs: number }>> {
    const prefix = folder.endsWith(sep) ? folder : folder + sep;
    const { rows } = await this.query<{
      id: string;
      source_path: string;
      source_size: string | null;
      source_mtime_ms: string | null;
    }>(
      `SELECT id, source_path, source_size, source_mtime_ms FROM office_documents
       WHERE source_path IS NOT NULL AND state <> 'archived' AND left(source_path, $2) = $1
         AND NOT (state = 'failed' AND error->>'code' = 'file.unreadable') AND station_id = $3
       ORDER BY row_seq`,
      [prefix, prefix.length, this.stationId],
    );
    return rows.flatMap((r) =>
      r.source_size !== null && r.source_mtime_ms !== null
        ? [{ id: r.id, path: r.source_path, size: num(r.source_size), mtimeMs: num(r.source_mtime_ms) }]
        : [],
    );
  }

  async moveSource(id: string, path: string): Promise<void> {
    await this.query('UPDATE office_documents SET source_path = $2 WHERE id = $1', [id, path]);
  }

  async unreadableDocuments(): Promise<Map<string, string>> {
    const { rows } = await this.query<{ id: string; source_path: string }>(
      `SELECT id, source_path FROM office_documents
       WHERE state = 'failed' AND source_path IS NOT NULL AND error->>'code' = 'file.unreadable'
         AND station_id = $1`,
      [this.stationId],
    );
    return new Map(rows.map((r) => [r.source_path, r.id]));
  }

  /**
   * Its own documents' files, and those of documents others took over from it that are not archived yet: the
   * office holds their bytes (a take-over needs them there), but a station that comes back keeps its copy
   * until the taker has sent and archived the document; its next start's sweep then removes it.
   */
  async spoolNames(): Promise<Set<string>> {
    const { rows } = await this.query<{ spool_name: string }>(
      `SELECT spool_name FROM office_documents
       WHERE station_id = $1 OR (taken_from = $1 AND state <> 'archived')`,
      [this.stationId],
    );
    return new Set(rows.map((r) => r.spool_name));
  }

  /** Nothing to wait for: a commit PostgreSQL acknowledged is on its disk (synchronous_commit). */
  async durable(): Promise<void> {}

  async durableSoon(): Promise<void> {}

  async keyDurable(): Promise<void> {}

  async history(q: HistoryQuery): Promise<HistoryEntry[]> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.query && q.query.trim() !== '') {
      params.push(`%${escapeLike(q.query.trim().normalize('NFC'))}%`);
      where.push(`(file_name ILIKE $${params.length} OR case_number ILIKE $${params.length})`);
    }
    if (q.from) {
      params.push(q.from);
      where.push(`at >= $${params.length}`);
    }
    if (q.to) {
      params.push(q.to);
      where.push(`at <= $${params.length}`);
    }
    params.push(q.limit);
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const { rows } = await this.query<{
      document_id: string;
      file_name: string;
      case_number: string | null;
      state: DocumentState;
      code: string | null;
      step_values: Record<string, unknown> | null;
      at: Date;
    }>(
      `SELECT document_id, file_name, case_number, state, code, step_values, at FROM office_history ${clause}
       ORDER BY id DESC LIMIT $${params.length}`,
      params,
    );
    return rows.map((r) => ({
      documentId: r.document_id,
      fileName: r.file_name,
      state: r.state,
      at: r.at.toISOString(),
      ...(r.case_number === null ? {} : { caseNumber: r.case_number }),
      ...(r.code === null ? {} : { step: storedStep(r.code, r.step_values) }),
    }));
  }
}

/** A document of a station's own file with what belongs to it, as it moves into the office (office-joining.ts). */
export interface JoiningDocument {
  document: StoredDocument;
  /** Oldest first. */
  history: HistoryEntry[];
  seenKeys: Array<{ key: string; at: string }>;
}

/** A stored step; a code this version does not know (a newer version wrote it) is kept as a note. */
function storedStep(code: string, values: Record<string, unknown> | null): HistoryStep {
  const parsed = HistoryStepSchema.safeParse({ code, values: values ?? {} });
  return parsed.success ? parsed.data : { code: 'note', values: { text: code } };
}

/**
 * A document's row as `insert` (a new document) and `insertJoining` (one moved in) both write it: a new
 * document's fields, and what a document gathers after it arrived.
 */
type DocumentRowValues = Omit<NewDocument, 'at' | 'seenKey'> & {
  arrivedAt: string;
  updatedAt: string;
  archivePath?: string;
  attempts: number;
  nextAttemptAtMs?: number;
  uploadedAt?: string;
  confirmedAt?: string;
};

/** Records a seen-file key for a document; false when the key was recorded already (for any document). */
async function insertSeen(
  c: { query(sql: string, params: unknown[]): Promise<{ rowCount: number | null }> },
  key: string,
  documentId: string,
  at: string,
): Promise<boolean> {
  const { rowCount } = await c.query(
    `INSERT INTO office_seen_files (key, document_id, seen_at) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING`,
    [seenKeyText(key), documentId, at],
  );
  return rowCount === 1;
}

/**
 * A seen-file key as PostgreSQL's text keeps it: the watched folders join a key's parts with NUL
 * (hot-folder.ts seenKeyOf), which a text value may not hold ("invalid byte sequence 0x00": the first office
 * station's folder stopped there). `\` is written `\\` and NUL `\0`, so two keys stay two.
 */
function seenKeyText(key: string): string {
  return key.replace(/\\/g, '\\\\').split(String.fromCharCode(0)).join('\\0');
}

/** `%`, `_` and `\` are the clerk's characters, not wildcards (ILIKE's escape is `\` by default). */
function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
