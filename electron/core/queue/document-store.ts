import type { DocumentError, DocumentState } from '../../../shared/domain/document';
import type { Metadata } from '../../../shared/domain/metadata';
import { HistoryStepSchema, type HistoryStep } from '../../../shared/domain/history';
import type { HistoryEntry } from '../../../shared/domain/queue';
import { sep } from 'node:path';
import type { Statement } from 'better-sqlite3';
import type { QueueDatabase } from './queue-database';
import { GroupSync } from '../util/group-sync';
import { WalFlusher, type CommitFlusher } from './wal-sync';
import { unitsOfWork, type SqliteUnitsOfWork } from './sqlite-units-of-work';
import type { DocumentPatch, ListQuery, NewDocument, StoredDocument } from './document-storage';
import type { HistoryQuery } from './history-storage';

// The shapes belong to the storage ports (document-storage.ts, history-storage.ts); the queue's services
// import them from here, where they always were.
export type { DocumentPatch, ListQuery, NewDocument, StoredDocument } from './document-storage';
export { toPublic } from './document-storage';
export type { HistoryQuery } from './history-storage';

interface Row {
  id: string;
  file_name: string;
  source_folder: string;
  source_path: string | null;
  source_size: number | null;
  source_mtime_ms: number | null;
  spool_name: string;
  archive_path: string | null;
  size: number;
  content_type: string;
  sha256: string;
  arrived_at: string;
  updated_at: string;
  state: DocumentState;
  metadata: string;
  case_number: string | null;
  idempotency_key: string | null;
  attempts: number;
  next_attempt_at: number | null;
  queued_seq: number | null;
  error: string | null;
  duplicate_of: string | null;
  uploaded_at: string | null;
  confirmed_at: string | null;
}

const opt = <T>(v: T | null): T | undefined => (v === null ? undefined : v);

function fromRow(r: Row): StoredDocument {
  const doc: StoredDocument = {
    id: r.id,
    fileName: r.file_name,
    sourceFolder: r.source_folder,
    size: r.size,
    contentType: r.content_type,
    sha256: r.sha256,
    arrivedAt: r.arrived_at,
    updatedAt: r.updated_at,
    state: r.state,
    metadata: JSON.parse(r.metadata) as Metadata,
    attempts: r.attempts,
    spoolName: r.spool_name,
  };
  if (r.idempotency_key !== null) doc.idempotencyKey = r.idempotency_key;
  if (r.next_attempt_at !== null) doc.nextAttemptAt = new Date(r.next_attempt_at).toISOString();
  if (r.error !== null) doc.error = JSON.parse(r.error) as DocumentError;
  if (r.duplicate_of !== null) doc.duplicateOf = r.duplicate_of;
  if (r.uploaded_at !== null) doc.uploadedAt = r.uploaded_at;
  if (r.confirmed_at !== null) doc.confirmedAt = r.confirmed_at;
  const sourcePath = opt(r.source_path);
  if (sourcePath !== undefined) doc.sourcePath = sourcePath;
  if (r.source_size !== null) doc.sourceSize = r.source_size;
  if (r.source_mtime_ms !== null) doc.sourceMtimeMs = r.source_mtime_ms;
  if (r.archive_path !== null) doc.archivePath = r.archive_path;
  return doc;
}

/**
 * How soon a commit nobody waits for is flushed to disk. Whatever acts on a commit waits for its flush
 * (durable, keyDurable) at once; this only bounds how long a clerk's edit lives in the OS cache alone.
 */
const BACKGROUND_FLUSH_MS = 20;

/**
 * Synchronous SQLite access for documents, seen-file keys and the history of transitions: the queue's own
 * engine, whose transactions run without a turn of the event loop. `sqlite-document-storage.ts` puts it
 * behind the storage ports (DocumentStorage, HistoryStorage).
 */
export class DocumentStore {
  private readonly byId;
  private readonly stateOf;
  private readonly insertDoc;
  private readonly insertSeen;
  private readonly insertHistory;
  private readonly seen;
  private readonly nextSeq;
  private readonly walSync;
  /** Outermost commits so far, and how many of them are known to be on disk. */
  private committed = 0;
  private flushed = 0;
  /** Documents whose Idempotency-Key was written by a commit not yet known to be on disk. */
  private readonly keyCommits = new Map<string, number>();
  private flushTimer: NodeJS.Timeout | undefined;
  private readonly flusher: CommitFlusher;
  /** One wrapper for every transaction: better-sqlite3 builds four functions per db.transaction() call. */
  private readonly runInTransaction: <T>(fn: () => T) => T;

  private readonly onSyncError: (error: unknown) => void;
  /** The storage ports' units of work on this connection (sqlite-units-of-work.ts). */
  readonly units: SqliteUnitsOfWork;

  constructor(
    private readonly db: QueueDatabase,
    options: {
      /** A flush that failed (disk error) and that nothing awaited is reported here. */
      onSyncError?: (error: unknown) => void;
      /** One flush of every commit so far to disk; default: fsync of the WAL file (wal-sync.ts). */
      flush?: () => Promise<void>;
    } = {},
  ) {
    const flush = options.flush;
    // A flush given by a test has nothing to let go of.
    this.flusher = flush ? { flush, close: async () => undefined } : new WalFlusher(db);
    const run = db.transaction((fn: () => unknown) => fn());
    this.runInTransaction = <T>(fn: () => T): T => run(fn) as T;
    this.walSync = new GroupSync(async () => {
      const covers = this.committed;
      await this.flusher.flush();
      this.flushed = Math.max(this.flushed, covers);
      for (const [id, seq] of this.keyCommits) if (seq <= this.flushed) this.keyCommits.delete(id);
    });
    this.onSyncError = options.onSyncError ?? (() => undefined);
    this.units = unitsOfWork(db);
    // A unit's COMMIT is an outermost commit like transaction()'s: counted, and flushed to disk soon.
    this.units.onCommit(() => {
      this.committed++;
      this.flushSoon();
    });
    this.byId = db.prepare<[string], Row>('SELECT * FROM documents WHERE id = ?');
    this.stateOf = db.prepare<[string], { state: DocumentState }>('SELECT state FROM documents WHERE id = ?');
    this.insertDoc = db.prepare(
      `INSERT INTO documents (id, file_name, source_folder, source_path, source_size, source_mtime_ms, spool_name, size,
         content_type, sha256, arrived_at, updated_at, state, metadata, case_number, error, duplicate_of, idempotency_key, queued_seq)
       VALUES (@id, @fileName, @sourceFolder, @sourcePath, @sourceSize, @sourceMtimeMs, @spoolName, @size, @contentType, @sha256,
         @at, @at, @state, @metadata, @caseNumber, @error, @duplicateOf, @idempotencyKey, @queuedSeq)`,
    );
    this.insertSeen = db.prepare('INSERT OR IGNORE INTO seen_files (key, document_id, seen_at) VALUES (?, ?, ?)');
    this.insertHistory = db.prepare(
      'INSERT INTO history (document_id, file_name, case_number, state, code, step_values, at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.seen = db.prepare<[string], { document_id: string }>('SELECT document_id FROM seen_files WHERE key = ?');
    this.nextSeq = db.prepare<[], { seq: number | null }>('SELECT MAX(queued_seq) AS seq FROM documents');
  }

  /** One transaction; once committed, a flush to disk follows within BACKGROUND_FLUSH_MS (see durable()). */
  transaction<T>(fn: () => T): T {
    this.units.refuseWriteFromOutside();
    const outermost = !this.db.inTransaction;
    const out = this.runInTransaction(fn);
    if (outermost) {
      this.committed++;
      this.flushSoon();
    }
    return out;
  }

  /** Commits made close together share one background flush (a batch makes hundreds per second). */
  private flushSoon(): void {
    if (this.flushTimer) return;
    let started: (flush: Promise<void>) => void = () => undefined;
    const soon = new Promise<void>((resolve) => (started = resolve));
    // Rejects with the flush for whoever waits (durableSoon); nobody waiting is not an unhandled rejection.
    soon.catch(() => undefined);
    this.soon = soon;
    this.startSoon = () => {
      this.flushTimer = undefined;
      this.soon = undefined;
      const flush = this.walSync.sync();
      flush.catch(this.onSyncError);
      started(flush);
    };
    this.flushTimer = setTimeout(() => this.startSoon?.(), BACKGROUND_FLUSH_MS).unref();
  }

  /** The background flush that is scheduled (resolves when it is on disk) and how to start it now. */
  private soon: Promise<void> | undefined;
  private startSoon: (() => void) | undefined;

  /** Flushes what is committed and lets go of the WAL file; call before the database is closed. */
  async close(): Promise<void> {
    if (this.flushTimer) {
      clearTimeout(this.flushTimer);
      // Whoever waits for the scheduled flush (durableSoon) gets it now.
      this.startSoon?.();
    }
    this.flushTimer = undefined;
    try {
      await this.walSync.sync();
    } finally {
      await this.flusher.close();
    }
  }

  /**
   * Resolves once every commit made before the call is on disk (power-cut safe). Await it before acting
   * outside the database on a committed state, e.g. before a file is deleted (a request: keyDurable).
   */
  durable(): Promise<void> {
    return this.walSync.sync();
  }

  /**
   * Like durable(), but when a background flush is already scheduled (within BACKGROUND_FLUSH_MS) it waits
   * for that one instead of starting another: for waits nobody is blocked on (the archive step after an
   * upload), so the `uploaded` commits of a burst share one fsync instead of one each. The flush starts
   * after the call, so it covers every commit made before it.
   */
  durableSoon(): Promise<void> {
    if (!this.soon) return this.walSync.sync();
    // The timer is unref'd so that a flush nobody waits for does not keep the process alive; one that is
    // awaited must, or a headless agent whose only pending work is this wait ends at once, with exit code
    // 0 (the agent restarted after a kill with a document left `uploaded` did exactly that).
    this.flushTimer?.ref();
    return this.soon;
  }

  /**
   * Resolves once the document's Idempotency-Key is on disk: at once when a flush since the commit that
   * wrote it already covered it (usual for a queued batch), else with the next flush.
   */
  keyDurable(id: string): Promise<void> {
    const seq = this.keyCommits.get(id);
    return seq === undefined || seq <= this.flushed ? Promise.resolve() : this.walSync.sync();
  }

  /** The commit in progress writes `id`'s key (a rolled-back one only makes keyDurable wait longer). */
  private keyWritten(id: string): void {
    this.keyCommits.set(id, this.committed + 1);
  }

  get(id: string): StoredDocument | undefined {
    const row = this.byId.get(id);
    return row ? fromRow(row) : undefined;
  }

  hasSeen(key: string): boolean {
    return this.seen.get(key) !== undefined;
  }

  /** Inserts the document, its seen-file key and its first history entry in one transaction. */
  insert(d: NewDocument, step?: HistoryStep): StoredDocument {
    return this.transaction(() => {
      this.insertDoc.run({
        id: d.id,
        fileName: d.fileName,
        sourceFolder: d.sourceFolder,
        sourcePath: d.sourcePath ?? null,
        sourceSize: d.sourceSize ?? null,
        sourceMtimeMs: d.sourceMtimeMs ?? null,
        spoolName: d.spoolName,
        size: d.size,
        contentType: d.contentType,
        sha256: d.sha256,
        at: d.at,
        state: d.state,
        metadata: JSON.stringify(d.metadata),
        caseNumber: d.metadata.caseNumber ?? null,
        error: d.error ? JSON.stringify(d.error) : null,
        duplicateOf: d.duplicateOf ?? null,
        idempotencyKey: d.idempotencyKey ?? null,
        queuedSeq: d.state === 'queued' ? this.seq() : null,
      });
      if (d.idempotencyKey) this.keyWritten(d.id);
      if (d.seenKey) this.insertSeen.run(d.seenKey, d.id, d.at);
      this.addHistory(d.id, d.fileName, d.metadata.caseNumber, d.state, step, d.at);
      const stored = this.get(d.id);
      if (!stored) throw new Error('inserted document vanished');
      return stored;
    });
  }

  private addHistory(
    id: string,
    fileName: string,
    caseNumber: string | undefined,
    state: DocumentState,
    step: HistoryStep | undefined,
    at: string,
  ): void {
    const values = step && Object.keys(step.values).length > 0 ? JSON.stringify(step.values) : null;
    this.insertHistory.run(id, fileName, caseNumber ?? null, state, step?.code ?? null, values, at);
  }

  /** Deletes a document the app made and takes back (a page split undone); its history stays. */
  remove(id: string): void {
    this.transaction(() => this.prepared('DELETE FROM documents WHERE id = ?').run(id));
  }

  /** Records a seen-file key (e.g. a file we decided to skip for good); false when it was there already. */
  markSeen(key: string, documentId: string, at: string): boolean {
    this.units.refuseWriteFromOutside();
    return this.insertSeen.run(key, documentId, at).changes === 1;
  }

  private seq(): number {
    return (this.nextSeq.get()?.seq ?? 0) + 1;
  }

  /** Applies a patch and, when the state changes, appends a history entry; one transaction. */
  update(id: string, patch: DocumentPatch, at: string, step?: HistoryStep): StoredDocument {
    return this.transaction(() => {
      // Only the state is compared: no full row (and no JSON of its metadata) read for it.
      const before = this.stateOf.get(id);
      if (!before) throw new Error(`no document ${id}`);
      const sets: string[] = ['updated_at = @at'];
      const params: Record<string, unknown> = { id, at };
      const put = (column: string, value: unknown) => {
        sets.push(`${column} = @${column}`);
        params[column] = value;
      };
      if (patch.state !== undefined) put('state', patch.state);
      if (patch.metadata !== undefined) {
        put('metadata', JSON.stringify(patch.metadata));
        put('case_number', patch.metadata.caseNumber ?? null);
      }
      if (patch.idempotencyKey !== undefined) {
        put('idempotency_key', patch.idempotencyKey);
        if (patch.idempotencyKey) this.keyWritten(id);
      }
      if (patch.attempts !== undefined) put('attempts', patch.attempts);
      if (patch.nextAttemptAtMs !== undefined) put('next_attempt_at', patch.nextAttemptAtMs);
      if (patch.error !== undefined) put('error', patch.error === null ? null : JSON.stringify(patch.error));
      if (patch.duplicateOf !== undefined) put('duplicate_of', patch.duplicateOf);
      if (patch.uploadedAt !== undefined) put('uploaded_at', patch.uploadedAt);
      if (patch.confirmedAt !== undefined) put('confirmed_at', patch.confirmedAt);
      if (patch.archivePath !== undefined) put('archive_path', patch.archivePath);
      if (patch.enqueue) put('queued_seq', this.seq());
      if (patch.content) {
        put('size', patch.content.size);
        put('sha256', patch.content.sha256);
      }
      if (patch.file) {
        put('spool_name', patch.file.spoolName);
        put('file_name', patch.file.fileName);
        put('content_type', patch.file.contentType);
      }
      // RETURNING: the row as written, without a second read (a state change runs this 3–4 times per document).
      const row = this.updateStatement(sets.join(', ')).get(params) as Row | undefined;
      if (!row) throw new Error(`no document ${id}`);
      const after = fromRow(row);
      // A state change, or other bytes (a page edit): both belong in the document's history.
      if ((patch.state !== undefined && patch.state !== before.state) || patch.file) {
        this.addHistory(id, after.fileName, after.metadata.caseNumber, after.state, step, at);
      }
      return after;
    });
  }

  /** Statements by SQL text: preparing one per call (per transition, per worker step) cost more than running it. */
  private readonly statements = new Map<string, Statement<unknown[], unknown>>();
  private prepared<P extends unknown[] = unknown[], R = unknown>(sql: string): Statement<P, R> {
    let statement = this.statements.get(sql);
    if (!statement) {
      statement = this.db.prepare(sql);
      this.statements.set(sql, statement);
    }
    return statement as unknown as Statement<P, R>;
  }

  private updateStatement(sets: string): Statement {
    return this.prepared(`UPDATE documents SET ${sets} WHERE id = @id RETURNING *`);
  }

  list(q: ListQuery): { documents: StoredDocument[]; total: number } {
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.states && q.states.length > 0) {
      where.push(`state IN (${q.states.map(() => '?').join(', ')})`);
      params.push(...q.states);
    }
    if (q.query && q.query.trim() !== '') {
      const like = `%${escapeLike(q.query.trim().normalize('NFC'))}%`;
      where.push(`(file_name LIKE ? ESCAPE '\\' OR case_number LIKE ? ESCAPE '\\' OR metadata LIKE ? ESCAPE '\\')`);
      params.push(like, like, like);
    }
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const total = (this.prepared(`SELECT COUNT(*) AS n FROM documents ${clause}`).get(...params) as { n: number }).n;
    const rows = this.prepared<unknown[], Row>(
      `SELECT * FROM documents ${clause} ORDER BY rowid DESC LIMIT ? OFFSET ?`,
    ).all(...params, q.limit, q.offset);
    return { documents: rows.map(fromRow), total };
  }

  inStates(states: DocumentState[]): StoredDocument[] {
    return this.prepared<unknown[], Row>(
      `SELECT * FROM documents WHERE state IN (${states.map(() => '?').join(', ')}) ORDER BY rowid`,
    )
      .all(...states)
      .map(fromRow);
  }

  /** Queued documents due now, oldest first. */
  due(nowMs: number, limit: number, exclude: ReadonlySet<string>): StoredDocument[] {
    const rows = this.prepared<[number, number], Row>(
      `SELECT * FROM documents WHERE state = 'queued' AND (next_attempt_at IS NULL OR next_attempt_at <= ?)
         ORDER BY queued_seq LIMIT ?`,
    ).all(nowMs, limit + exclude.size);
    return rows
      .map(fromRow)
      .filter((d) => !exclude.has(d.id))
      .slice(0, limit);
  }

  /** The earliest time a queued document becomes due, if any waits. */
  nextDueAt(): number | undefined {
    const row = this.prepared<[], { t: number | null }>(
      `SELECT MIN(next_attempt_at) AS t FROM documents WHERE state = 'queued'`,
    ).get();
    return row?.t ?? undefined;
  }

  /** An uploaded document with the same content (another id), if any. */
  uploadedWithHash(sha256: string, exceptId: string): string | undefined {
    const row = this.prepared<[string, string], { id: string }>(
      `SELECT id FROM documents WHERE sha256 = ? AND id <> ? AND uploaded_at IS NOT NULL ORDER BY uploaded_at LIMIT 1`,
    ).get(sha256, exceptId);
    return row?.id;
  }

  /** Documents queued or uploading (an index range, not a scan of the table): a shared folder's look-ahead. */
  activeCount(): number {
    return this.prepared<[], { n: number }>(
      "SELECT COUNT(*) AS n FROM documents WHERE state IN ('queued', 'uploading')",
    ).get()!.n;
  }

  counts(): Record<DocumentState, number> {
    const counts: Record<DocumentState, number> = {
      new: 0,
      tagged: 0,
      queued: 0,
      uploading: 0,
      uploaded: 0,
      archived: 0,
      failed: 0,
    };
    for (const r of this.prepared<[], { state: DocumentState; n: number }>(
      'SELECT state, COUNT(*) AS n FROM documents GROUP BY state',
    ).all()) {
      counts[r.state] = r.n;
    }
    return counts;
  }

  /**
   * Documents whose source file lies directly in `folder` (taken in place, before claims were the default)
   * and is not yet archived: an upgraded station moves these into its `.intake/taken/` before it claims.
   * Unreadable files are left out: no copy of them was taken, they are anyone's to take again.
   */
  inPlaceSources(folder: string): Array<{ id: string; path: string; size: number; mtimeMs: number }> {
    const prefix = folder.endsWith(sep) ? folder : folder + sep;
    return this.prepared<
      [{ prefix: string; n: number }],
      { id: string; source_path: string; source_size: number | null; source_mtime_ms: number | null }
    >(
      `SELECT id, source_path, source_size, source_mtime_ms FROM documents
       WHERE source_path IS NOT NULL AND state <> 'archived' AND substr(source_path, 1, @n) = @prefix
         AND NOT (state = 'failed' AND json_extract(error, '$.code') = 'file.unreadable')`,
    )
      .all({ prefix, n: prefix.length })
      .filter((r) => r.source_size !== null && r.source_mtime_ms !== null)
      .map((r) => ({ id: r.id, path: r.source_path, size: r.source_size!, mtimeMs: r.source_mtime_ms! }));
  }

  /** The document's source file was moved (renamed: same size and mtime); the archiver removes it there. */
  moveSource(id: string, path: string): void {
    this.units.refuseWriteFromOutside();
    this.prepared('UPDATE documents SET source_path = ? WHERE id = ?').run(path, id);
  }

  /** Failed `file.unreadable` documents by their scanner file: each waits for its file to become readable. */
  unreadableDocuments(): Map<string, string> {
    const rows = this.prepared<[], { id: string; source_path: string }>(
      `SELECT id, source_path FROM documents WHERE state = 'failed' AND source_path IS NOT NULL AND json_extract(error, '$.code') = 'file.unreadable'`,
    ).all();
    return new Map(rows.map((r) => [r.source_path, r.id]));
  }

  spoolNames(): Set<string> {
    return new Set(
      this.prepared<[], { spool_name: string }>('SELECT spool_name FROM documents')
        .all()
        .map((r) => r.spool_name),
    );
  }

  history(q: HistoryQuery): HistoryEntry[] {
    const where: string[] = [];
    const params: unknown[] = [];
    if (q.query && q.query.trim() !== '') {
      const like = `%${escapeLike(q.query.trim().normalize('NFC'))}%`;
      where.push(`(file_name LIKE ? ESCAPE '\\' OR case_number LIKE ? ESCAPE '\\')`);
      params.push(like, like);
    }
    if (q.from) {
      where.push('at >= ?');
      params.push(q.from);
    }
    if (q.to) {
      where.push('at <= ?');
      params.push(q.to);
    }
    const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
    const rows = this.prepared<
      unknown[],
      {
        document_id: string;
        file_name: string;
        case_number: string | null;
        state: DocumentState;
        code: string | null;
        step_values: string | null;
        at: string;
      }
    >(
      `SELECT document_id, file_name, case_number, state, code, step_values, at FROM history ${clause} ORDER BY id DESC LIMIT ?`,
    ).all(...params, q.limit);
    return rows.map((r) => ({
      documentId: r.document_id,
      fileName: r.file_name,
      state: r.state,
      at: r.at,
      ...(r.case_number === null ? {} : { caseNumber: r.case_number }),
      ...(r.code === null ? {} : { step: storedStep(r.code, r.step_values) }),
    }));
  }
  /**
   * The documents not archived, in upload order (queued ones by their place in it, then the others as they
   * arrived): what a station given an office database moves into it (office/office-joining.ts).
   */
  waitingDocuments(): StoredDocument[] {
    return this.prepared<[], Row>(
      `SELECT * FROM documents WHERE state <> 'archived' ORDER BY queued_seq IS NULL, queued_seq, rowid`,
    )
      .all()
      .map(fromRow);
  }

  /** One document's history, oldest first. */
  historyOf(documentId: string): HistoryEntry[] {
    return this.prepared<
      [string],
      {
        file_name: string;
        case_number: string | null;
        state: DocumentState;
        code: string | null;
        step_values: string | null;
        at: string;
      }
    >('SELECT file_name, case_number, state, code, step_values, at FROM history WHERE document_id = ? ORDER BY id')
      .all(documentId)
      .map((r) => ({
        documentId,
        fileName: r.file_name,
        state: r.state,
        at: r.at,
        ...(r.case_number === null ? {} : { caseNumber: r.case_number }),
        ...(r.code === null ? {} : { step: storedStep(r.code, r.step_values) }),
      }));
  }

  /** The seen-file keys recorded for one document (its watched folder's file). */
  seenKeysOf(documentId: string): Array<{ key: string; at: string }> {
    return this.prepared<[string], { key: string; seen_at: string }>(
      'SELECT key, seen_at FROM seen_files WHERE document_id = ? ORDER BY rowid',
    )
      .all(documentId)
      .map((r) => ({ key: r.key, at: r.seen_at }));
  }

  /**
   * Removes a document that is kept elsewhere now (moved into the office database): its row, its history and
   * its seen-file keys, in one transaction.
   */
  forgetMoved(documentId: string): void {
    this.transaction(() => {
      this.prepared('DELETE FROM documents WHERE id = ?').run(documentId);
      this.prepared('DELETE FROM history WHERE document_id = ?').run(documentId);
      this.prepared('DELETE FROM seen_files WHERE document_id = ?').run(documentId);
    });
  }
}

/** A stored step; a code this version does not know (a newer version wrote the file) is kept as a note. */
function storedStep(code: string, values: string | null): HistoryStep {
  const parsed = HistoryStepSchema.safeParse({ code, values: values === null ? {} : JSON.parse(values) });
  return parsed.success ? parsed.data : { code: 'note', values: { text: code } };
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}
