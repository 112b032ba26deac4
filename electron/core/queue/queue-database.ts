import { chmodSync, closeSync, existsSync, openSync } from 'node:fs';
import Database from 'better-sqlite3';
import type { Statement, Transaction } from 'better-sqlite3';
import { PRIVATE_FILE_MODE } from '../util/private-files';
import { legacyHistoryStep } from './legacy-history';

export type QueueDatabase = Database.Database;

/**
 * Opens (and creates or migrates) the queue's SQLite file.
 *
 * WAL + synchronous=NORMAL: a commit survives a crash of the process at once, and a power cut once the
 * WAL is flushed, which DocumentStore does off the JS thread within 20 ms of every commit (wal-sync.ts).
 * Whatever acts on a state outside the database first awaits its flush (a request: `keyDurable`, a file
 * deleted: `durable`), so a power cut cannot roll back a state the uploader already acted on;
 * docs/intake-pipeline.md, "Durability".
 *
 * The file is created 0600 first: SQLite gives its -wal and -shm files the database file's mode.
 *
 * The handle can be re-opened (reopenQueueDatabase): SQLite opens a file it may not write read-only
 * without a word, and that connection stays read-only after the file is fixed. Statements and
 * transactions made from the handle follow it to the new connection, so the store, the capture batches
 * and the page edits that hold them need not know (docs/intake-pipeline.md, "Resource errors").
 */
export function openQueueDatabase(file: string): QueueDatabase {
  if (!existsSync(file)) closeSync(openSync(file, 'a', PRIVATE_FILE_MODE));
  const handle: Handle = { current: openConnection(file), generation: 0, file, members: new Map(), reopened: [] };
  const db = new Proxy({} as QueueDatabase, {
    get(_target, prop) {
      if (prop === 'prepare') return (sql: string) => liveStatement(handle, sql);
      if (prop === 'transaction') return (fn: (...args: unknown[]) => unknown) => liveTransaction(handle, fn);
      if (prop === 'close' && handle.failure) return () => undefined;
      return memberOf(handle, handle.current, prop);
    },
  });
  handles.set(db, handle);
  return db;
}

/**
 * Whether the connection can write. SQLite opens a file it may not write read-only without a word; even
 * BEGIN IMMEDIATE succeeds then, so the check writes the header's user_version (unchanged) and rolls back.
 */
export function isQueueDatabaseWritable(db: QueueDatabase): boolean {
  const handle = handles.get(db);
  if (handle?.failure) return false;
  const conn = handle?.current ?? db;
  if (conn.inTransaction) return true;
  try {
    const version = conn.pragma('user_version', { simple: true }) as number;
    conn.exec('BEGIN IMMEDIATE');
    try {
      conn.pragma(`user_version = ${version}`);
    } finally {
      conn.exec('ROLLBACK');
    }
    return true;
  } catch (e) {
    if (/^SQLITE_READONLY/.test((e as { code?: string }).code ?? '')) return false;
    throw e;
  }
}

/**
 * Replaces a read-only connection by a new one; false when it could write already. The -wal and -shm
 * files are made 0600 first (SQLite made them with the database file's mode, so a file that was 0444 left
 * a read-only -shm, and every new connection was read-only through it), and the old connection is closed
 * before the new one opens (SQLite shares one -shm mapping per file within a process). Throws
 * SQLITE_READONLY while the file still cannot be written; the caller tries again later.
 */
export function reopenQueueDatabase(db: QueueDatabase): boolean {
  const handle = handles.get(db);
  if (!handle || isQueueDatabaseWritable(db)) return false;
  if (!handle.failure && handle.current.inTransaction) return false;
  for (const companion of ['-wal', '-shm']) {
    try {
      chmodSync(`${handle.file}${companion}`, PRIVATE_FILE_MODE);
    } catch {
      // Not there, or another user's: the new connection's check below says whether it matters.
    }
  }
  if (!handle.failure) handle.current.close();
  handle.generation++;
  for (const listener of handle.reopened) listener();
  handle.members.clear();
  try {
    handle.current = openConnection(handle.file);
    handle.failure = undefined;
  } catch (e) {
    // Not even readable now: every use fails with this (a resource error) until a later re-open works.
    handle.failure = e instanceof Error ? e : new Error(String(e));
    throw e;
  }
  if (!isQueueDatabaseWritable(db))
    throw Object.assign(new Error(`the queue database ${handle.file} is still read-only`), {
      code: 'SQLITE_READONLY',
    });
  return true;
}

function openConnection(file: string): Database.Database {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

interface Handle {
  current: Database.Database;
  /** Counts re-opens: a statement or transaction made for an older one is made again before use. */
  generation: number;
  file: string;
  /** The connection's methods, bound once (a bind per call would cost on every store call). */
  members: Map<PropertyKey, unknown>;
  /** A re-open that failed: thrown by every use until one succeeds. */
  failure?: Error;
  /** Told of every re-open (the WAL flusher lets go of the old connection's -wal file). */
  reopened: Array<() => void>;
}

/** Calls `listener` whenever `db` is re-opened (reopenQueueDatabase); no-op for a plain connection. */
export function onQueueDatabaseReopen(db: QueueDatabase, listener: () => void): void {
  handles.get(db)?.reopened.push(listener);
}
const handles = new WeakMap<object, Handle>();

function memberOf(handle: Handle, target: object, prop: PropertyKey): unknown {
  const value: unknown = Reflect.get(target, prop, target);
  if (typeof value !== 'function') return value;
  if (handle.failure) throw handle.failure;
  let bound = handle.members.get(prop);
  if (bound === undefined) {
    bound = (value as (...args: unknown[]) => unknown).bind(target);
    handle.members.set(prop, bound);
  }
  return bound;
}

function liveStatement(handle: Handle, sql: string): Statement {
  let generation = handle.generation;
  let statement = handle.current.prepare(sql);
  const methods = new Map<PropertyKey, unknown>();
  const live = () => {
    if (handle.failure) throw handle.failure;
    if (generation !== handle.generation) {
      statement = handle.current.prepare(sql);
      generation = handle.generation;
      methods.clear();
    }
    return statement;
  };
  return new Proxy({} as Statement, {
    get(_target, prop) {
      const s = live();
      const value: unknown = Reflect.get(s, prop, s);
      if (typeof value !== 'function') return value;
      let bound = methods.get(prop);
      if (bound === undefined) {
        bound = (value as (...args: unknown[]) => unknown).bind(s);
        methods.set(prop, bound);
      }
      return bound;
    },
  });
}

function liveTransaction(
  handle: Handle,
  fn: (...args: unknown[]) => unknown,
): Transaction<(...args: unknown[]) => unknown> {
  let generation = -1;
  let tx: Transaction<(...args: unknown[]) => unknown> | undefined;
  const live = () => {
    if (handle.failure) throw handle.failure;
    if (tx === undefined || generation !== handle.generation) {
      tx = handle.current.transaction(fn);
      generation = handle.generation;
    }
    return tx;
  };
  const run = (...args: unknown[]) => live()(...args);
  return Object.assign(run, {
    deferred: (...args: unknown[]) => live().deferred(...args),
    immediate: (...args: unknown[]) => live().immediate(...args),
    exclusive: (...args: unknown[]) => live().exclusive(...args),
    default: (...args: unknown[]) => live().default(...args),
  }) as Transaction<(...args: unknown[]) => unknown>;
}

/**
 * The one owner of the queue file's schema: every table of every service that shares the file (the queue,
 * drafts, page edits, capture's batches) is made here, in order, and `user_version` says how far a file is.
 * A step is SQL, or a function where SQL alone cannot say "only if missing".
 */
type Migration = string | ((db: Database.Database) => void);

const MIGRATIONS: readonly Migration[] = [
  `CREATE TABLE documents (
     id TEXT PRIMARY KEY,
     file_name TEXT NOT NULL,
     source_folder TEXT NOT NULL,
     source_path TEXT,
     source_size INTEGER,
     source_mtime_ms INTEGER,
     spool_name TEXT NOT NULL,
     archive_path TEXT,
     size INTEGER NOT NULL,
     content_type TEXT NOT NULL,
     sha256 TEXT NOT NULL,
     arrived_at TEXT NOT NULL,
     updated_at TEXT NOT NULL,
     state TEXT NOT NULL,
     metadata TEXT NOT NULL,
     case_number TEXT,
     idempotency_key TEXT,
     attempts INTEGER NOT NULL DEFAULT 0,
     next_attempt_at INTEGER,
     queued_seq INTEGER,
     error TEXT,
     duplicate_of TEXT,
     uploaded_at TEXT,
     confirmed_at TEXT
   );
   CREATE INDEX documents_state ON documents(state, next_attempt_at);
   CREATE INDEX documents_sha ON documents(sha256);
   CREATE INDEX documents_queued ON documents(queued_seq);
   CREATE TABLE seen_files (
     key TEXT PRIMARY KEY,
     document_id TEXT NOT NULL,
     seen_at TEXT NOT NULL
   );
   CREATE TABLE history (
     id INTEGER PRIMARY KEY AUTOINCREMENT,
     document_id TEXT NOT NULL,
     file_name TEXT NOT NULL,
     case_number TEXT,
     state TEXT NOT NULL,
     message TEXT,
     at TEXT NOT NULL
   );
   CREATE INDEX history_at ON history(at);
   CREATE INDEX history_document ON history(document_id);`,
  // The worker's "next due" query walks this in order instead of sorting every queued row per upload.
  `CREATE INDEX documents_queue_order ON documents(state, queued_seq);`,
  // What the clerk typed and has not sent, per document (electron/core/drafts/sqlite-draft-storage.ts).
  `CREATE TABLE drafts (
     document_id TEXT PRIMARY KEY,
     draft_values TEXT NOT NULL,
     saved_at TEXT NOT NULL
   );`,
  // Page edits' earlier versions, for undo (capture/page-tools/page-edit-service.ts), and capture's batches
  // and their parts (capture/batches/batch-store.ts). Before this step each service made its own tables
  // with IF NOT EXISTS when it was built, so a file may hold them already, with rows: they are adopted as
  // they are (same shape), and a batches table from before issue #27 gets its analysis_starts column.
  `CREATE TABLE IF NOT EXISTS page_edits (
     document_id TEXT NOT NULL,
     seq INTEGER NOT NULL,
     spool_name TEXT NOT NULL,
     file_name TEXT NOT NULL,
     size INTEGER NOT NULL,
     sha256 TEXT NOT NULL,
     split_into TEXT,
     merged TEXT,
     PRIMARY KEY (document_id, seq)
   );
   CREATE TABLE IF NOT EXISTS capture_batches (
     id TEXT PRIMARY KEY,
     file_name TEXT NOT NULL,
     source_folder TEXT NOT NULL,
     source_path TEXT NOT NULL,
     source_size INTEGER NOT NULL,
     source_mtime_ms INTEGER NOT NULL,
     size INTEGER NOT NULL,
     sha256 TEXT NOT NULL,
     state TEXT NOT NULL,
     profile TEXT NOT NULL,
     metadata TEXT NOT NULL,
     auto_submit INTEGER NOT NULL,
     required_fields TEXT NOT NULL,
     archive_path TEXT,
     received_at TEXT NOT NULL,
     updated_at TEXT NOT NULL,
     analysis_starts INTEGER NOT NULL DEFAULT 0
   );
   CREATE INDEX IF NOT EXISTS capture_batches_state ON capture_batches(state);
   CREATE TABLE IF NOT EXISTS capture_parts (
     document_id TEXT PRIMARY KEY,
     batch_id TEXT NOT NULL,
     part_index INTEGER NOT NULL,
     part_count INTEGER NOT NULL,
     pages TEXT NOT NULL
   );
   CREATE INDEX IF NOT EXISTS capture_parts_batch ON capture_parts(batch_id);`,
  // The column of issue #27, on a batches table made before it (the step above left that table as it was).
  (db) => {
    const columns = db.prepare<[], { name: string }>('PRAGMA table_info(capture_batches)').all();
    if (!columns.some((c) => c.name === 'analysis_starts'))
      db.exec('ALTER TABLE capture_batches ADD COLUMN analysis_starts INTEGER NOT NULL DEFAULT 0');
  },
  // Issue #41 item 1: history steps as data ({code, values}, shared/domain/history.ts) instead of English
  // sentences the screen parsed back. The old rows are read once here (legacy-history.ts).
  (db) => {
    db.exec('ALTER TABLE history ADD COLUMN code TEXT; ALTER TABLE history ADD COLUMN step_values TEXT;');
    const set = db.prepare('UPDATE history SET code = ?, step_values = ? WHERE id = ?');
    const rows = db
      .prepare<[], { id: number; state: string; message: string }>(
        'SELECT id, state, message FROM history WHERE message IS NOT NULL',
      )
      .all();
    for (const r of rows) {
      const step = legacyHistoryStep(r.message, r.state);
      set.run(step.code, Object.keys(step.values).length > 0 ? JSON.stringify(step.values) : null, r.id);
    }
    db.exec('ALTER TABLE history DROP COLUMN message');
  },
  // Batch review (issue #38 item 8): a held batch's planned split, then the split the clerk released.
  `ALTER TABLE capture_batches ADD COLUMN plan TEXT;`,
  // Scans from the desk (issue #38): a batch is a scanner's pages (capture/scans/) rather than a file, and
  // stays open while the clerk may scan more into it. Checked by column, so the step is safe to run on a
  // table that has them.
  (db) => {
    const columns = db.prepare<[], { name: string }>('PRAGMA table_info(capture_batches)').all();
    const has = (n: string) => columns.some((c) => c.name === n);
    if (!has('kind')) db.exec(`ALTER TABLE capture_batches ADD COLUMN kind TEXT NOT NULL DEFAULT 'file'`);
    if (!has('scan_open')) db.exec('ALTER TABLE capture_batches ADD COLUMN scan_open INTEGER NOT NULL DEFAULT 0');
    if (!has('scanner')) db.exec('ALTER TABLE capture_batches ADD COLUMN scanner TEXT');
  },
];

function migrate(db: Database.Database): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  for (let v = version; v < MIGRATIONS.length; v++) {
    const step = MIGRATIONS[v];
    if (step === undefined) break;
    db.transaction(() => {
      if (typeof step === 'string') db.exec(step);
      else step(db);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}
