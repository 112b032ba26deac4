import Database from 'better-sqlite3';

export type QueueDatabase = Database.Database;

/**
 * Opens (and creates or migrates) the queue's SQLite file.
 *
 * WAL + synchronous=NORMAL: a commit survives a crash of the process at once, and a power cut once the
 * WAL is flushed, which DocumentStore does off the JS thread within 20 ms of every commit (wal-sync.ts).
 * Whatever acts on a state outside the database first awaits its flush (a request: `keyDurable`, a file
 * deleted: `durable`), so a power cut cannot roll back a state the uploader already acted on;
 * docs/intake-pipeline.md, "Durability".
 */
export function openQueueDatabase(file: string): QueueDatabase {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  migrate(db);
  return db;
}

const MIGRATIONS: readonly string[] = [
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
  // What the clerk typed and has not sent, per document (electron/core/drafts/draft-store.ts).
  `CREATE TABLE drafts (
     document_id TEXT PRIMARY KEY,
     draft_values TEXT NOT NULL,
     saved_at TEXT NOT NULL
   );`,
];

function migrate(db: QueueDatabase): void {
  const version = db.pragma('user_version', { simple: true }) as number;
  for (let v = version; v < MIGRATIONS.length; v++) {
    const sql = MIGRATIONS[v];
    if (sql === undefined) break;
    db.transaction(() => {
      db.exec(sql);
      db.pragma(`user_version = ${v + 1}`);
    })();
  }
}
