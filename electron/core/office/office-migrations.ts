import { IntakeError } from '../errors';
import type { OfficeClient } from './office-client';

/**
 * The office database's schema, versioned as the station's SQLite file is (queue/queue-database.ts): the
 * steps in order, and `office_schema.version` says how far a database is. The first station that opens the
 * database brings it up to date; stations starting together wait for each other on an advisory lock, and
 * the steps run in the opening transaction (PostgreSQL's DDL is transactional: a step half done is rolled
 * back, never left). A database a newer Intake Desk set up is refused, naming both versions, rather than
 * used by code that does not know its tables.
 *
 * Times that decide who holds what (a station's heartbeat, a hold's and a claim's end) are the server's
 * clock (`clock_timestamp()`), so stations whose clocks disagree still agree on when a hold lapsed.
 */
export const OFFICE_MIGRATIONS: readonly string[] = [
  // 1 (issue #50): stations and their heartbeats; the office's documents (the columns of the station's
  // queue, metadata as JSON) with who holds each; the files taken from watched folders (one row per file);
  // the history of every document; the clerks' typed work.
  `CREATE TABLE office_stations (
     id text PRIMARY KEY,
     name text NOT NULL,
     started_at timestamptz NOT NULL DEFAULT clock_timestamp(),
     last_seen timestamptz NOT NULL DEFAULT clock_timestamp()
   );
   CREATE TABLE office_documents (
     id text PRIMARY KEY,
     -- The order documents arrived in (the station's SQLite file lists by rowid).
     row_seq bigint GENERATED ALWAYS AS IDENTITY,
     station_id text NOT NULL REFERENCES office_stations(id),
     file_name text NOT NULL,
     source_folder text NOT NULL,
     source_path text,
     source_size bigint,
     source_mtime_ms bigint,
     spool_name text NOT NULL,
     archive_path text,
     size bigint NOT NULL,
     content_type text NOT NULL,
     sha256 text NOT NULL,
     arrived_at timestamptz NOT NULL,
     updated_at timestamptz NOT NULL,
     state text NOT NULL,
     metadata jsonb NOT NULL DEFAULT '{}',
     case_number text,
     idempotency_key text,
     attempts integer NOT NULL DEFAULT 0,
     next_attempt_at bigint,
     queued_seq bigint,
     error jsonb,
     duplicate_of text,
     uploaded_at timestamptz,
     confirmed_at timestamptz,
     -- Who has it open: the station and clerk, the hold's own id (a clerk's later writes name it), since when,
     -- and until when it lasts unless the station's heartbeat renews it.
     held_by_station text REFERENCES office_stations(id),
     held_by_clerk text,
     hold_id uuid,
     held_since timestamptz,
     hold_expires_at timestamptz,
     version integer NOT NULL DEFAULT 1,
     CONSTRAINT office_documents_hold_whole CHECK (
       (hold_id IS NULL AND held_by_station IS NULL AND held_by_clerk IS NULL AND hold_expires_at IS NULL)
       OR (hold_id IS NOT NULL AND held_by_station IS NOT NULL AND held_by_clerk IS NOT NULL
           AND hold_expires_at IS NOT NULL AND held_since IS NOT NULL))
   );
   CREATE INDEX office_documents_inbox ON office_documents(state, row_seq DESC);
   CREATE INDEX office_documents_order ON office_documents(row_seq);
   CREATE INDEX office_documents_queue_order ON office_documents(state, queued_seq);
   CREATE INDEX office_documents_sha ON office_documents(sha256);
   CREATE INDEX office_documents_holder ON office_documents(held_by_station) WHERE held_by_station IS NOT NULL;
   CREATE SEQUENCE office_queued_seq;
   CREATE TABLE office_seen_files (
     key text PRIMARY KEY,
     document_id text NOT NULL,
     seen_at timestamptz NOT NULL
   );
   CREATE TABLE office_folder_files (
     folder_id text NOT NULL,
     name text NOT NULL,
     size bigint NOT NULL,
     mtime_s bigint NOT NULL,
     state text NOT NULL CHECK (state IN ('claimed', 'taken')),
     station_id text NOT NULL REFERENCES office_stations(id),
     claimed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
     claim_expires_at timestamptz,
     document_id text,
     PRIMARY KEY (folder_id, name),
     CHECK ((state = 'claimed') = (claim_expires_at IS NOT NULL))
   );
   CREATE INDEX office_folder_files_station ON office_folder_files(station_id) WHERE state = 'claimed';
   CREATE TABLE office_history (
     id bigserial PRIMARY KEY,
     document_id text NOT NULL,
     station_id text,
     file_name text NOT NULL,
     case_number text,
     state text NOT NULL,
     code text,
     step_values jsonb,
     at timestamptz NOT NULL
   );
   CREATE INDEX office_history_at ON office_history(at);
   CREATE INDEX office_history_document ON office_history(document_id);
   CREATE TABLE office_drafts (
     document_id text PRIMARY KEY,
     draft_values jsonb NOT NULL,
     saved_at timestamptz NOT NULL,
     station_id text,
     clerk text
   );`,
  // 2 (issue #50): capture's batches and their parts (capture/batches/batch-storage.ts), beside the documents
  // so that a part's link commits with its document and the parts pending read the documents' states.
  `CREATE TABLE office_capture_batches (
     id text PRIMARY KEY,
     row_seq bigint GENERATED ALWAYS AS IDENTITY,
     station_id text NOT NULL REFERENCES office_stations(id),
     file_name text NOT NULL,
     source_folder text NOT NULL,
     source_path text NOT NULL,
     source_size bigint NOT NULL,
     source_mtime_ms bigint NOT NULL,
     size bigint NOT NULL,
     sha256 text NOT NULL,
     state text NOT NULL,
     profile jsonb NOT NULL,
     metadata jsonb NOT NULL,
     auto_submit boolean NOT NULL,
     required_fields jsonb NOT NULL,
     archive_path text,
     received_at timestamptz NOT NULL,
     updated_at timestamptz NOT NULL,
     analysis_starts integer NOT NULL DEFAULT 0,
     plan jsonb,
     kind text NOT NULL DEFAULT 'file',
     scan_open boolean NOT NULL DEFAULT false,
     scanner text
   );
   CREATE INDEX office_capture_batches_state ON office_capture_batches(state, row_seq);
   CREATE TABLE office_capture_parts (
     document_id text PRIMARY KEY,
     batch_id text NOT NULL REFERENCES office_capture_batches(id),
     part_index integer NOT NULL,
     part_count integer NOT NULL,
     pages jsonb NOT NULL
   );
   CREATE INDEX office_capture_parts_batch ON office_capture_parts(batch_id);`,
  // 3 (issue #50 item 6): who did each step, for the supervisor's "sent today per clerk": the clerk signed in
  // at the station that wrote the history entry (null where none is: the agent, a station before this step).
  `ALTER TABLE office_history ADD COLUMN clerk text;`,
  // 4 (issue #50 item 1): the documents' bytes (office/office-document-content.ts), so that any station can
  // send a document and IT backs them up with the rest. One row per document (its size and SHA-256, written
  // in the transaction that wrote its chunks, so a row means every chunk is there) and its bytes in chunks of
  // bytea, read and written one at a time (no station holds a whole scan). No key to office_documents: the
  // bytes are stored before the document's row. Chunks are kept out of line and not compressed (EXTERNAL):
  // scans are compressed already, and TOAST's compression would only spend the server's CPU.
  `CREATE TABLE office_document_content (
     document_id text PRIMARY KEY,
     size bigint NOT NULL CHECK (size >= 0),
     sha256 text NOT NULL,
     chunk_bytes integer NOT NULL CHECK (chunk_bytes > 0),
     chunks integer NOT NULL CHECK (chunks >= 0),
     station_id text,
     stored_at timestamptz NOT NULL DEFAULT clock_timestamp()
   );
   CREATE TABLE office_document_chunks (
     document_id text NOT NULL REFERENCES office_document_content(document_id) ON DELETE CASCADE,
     seq integer NOT NULL CHECK (seq >= 0),
     bytes bytea NOT NULL,
     PRIMARY KEY (document_id, seq)
   );
   ALTER TABLE office_document_chunks ALTER COLUMN bytes SET STORAGE EXTERNAL;`,
  // 5 (issue #49 item 2): the page tools' records (capture/page-tools/page-edit-storage.ts), beside the
  // documents so that an edit's record commits with the document's switch to its new file; the station whose
  // spool holds the file before the edit is recorded with it.
  `CREATE TABLE office_page_edits (
     document_id text NOT NULL,
     seq integer NOT NULL,
     station_id text NOT NULL REFERENCES office_stations(id),
     spool_name text NOT NULL,
     file_name text NOT NULL,
     size bigint NOT NULL,
     sha256 text NOT NULL,
     split_into text,
     merged jsonb,
     PRIMARY KEY (document_id, seq)
   );`,
  // 6 (issue #50 item 3): a station that is gone (switched off, killed) has its queued documents sent by the
  // others. Gone is judged by the silent station's own lapse, written in its row at each join (a station beats
  // every quarter of its own lapse: another station's setting says nothing of how often this one beats);
  // null for a row written before this step, read as the default lapse. A document taken over names the
  // station it was taken from and when, for that station's return (its log, its spool) and the supervisor.
  `ALTER TABLE office_stations ADD COLUMN lapse_seconds integer CHECK (lapse_seconds > 0);
   ALTER TABLE office_documents ADD COLUMN taken_from text, ADD COLUMN taken_at timestamptz;
   CREATE INDEX office_documents_taken_from ON office_documents(taken_from) WHERE taken_from IS NOT NULL;
   CREATE INDEX office_documents_station_state ON office_documents(station_id, state);`,
];

export const OFFICE_SCHEMA_VERSION = OFFICE_MIGRATIONS.length;

// Any constant the office's stations agree on: one advisory lock serializes their migrations.
const MIGRATION_LOCK = 50_050_001;

/** Brings the schema up to OFFICE_SCHEMA_VERSION inside the caller's transaction. */
export async function migrateOfficeDatabase(
  client: OfficeClient,
): Promise<{ schemaVersion: number; migratedFrom: number }> {
  await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
  await client.query(
    `CREATE TABLE IF NOT EXISTS office_schema (
       one boolean PRIMARY KEY DEFAULT true CHECK (one),
       version integer NOT NULL
     )`,
  );
  await client.query('INSERT INTO office_schema (version) VALUES (0) ON CONFLICT (one) DO NOTHING');
  const from = await officeSchemaVersion(client);
  if (from > OFFICE_SCHEMA_VERSION) throw newerSchema(from);
  for (let v = from; v < OFFICE_SCHEMA_VERSION; v++) {
    const step = OFFICE_MIGRATIONS[v];
    if (step !== undefined) await client.query(step);
  }
  await client.query('UPDATE office_schema SET version = $1', [OFFICE_SCHEMA_VERSION]);
  return { schemaVersion: OFFICE_SCHEMA_VERSION, migratedFrom: from };
}

/** The database's schema version; 0 for a database no station has opened yet. */
export async function officeSchemaVersion(client: OfficeClient): Promise<number> {
  const exists = await client.query<{ t: string | null }>(`SELECT to_regclass('office_schema')::text AS t`);
  if (exists.rows[0]?.t == null) return 0;
  const { rows } = await client.query<{ version: number }>('SELECT version FROM office_schema');
  return rows[0]?.version ?? 0;
}

function newerSchema(version: number): IntakeError {
  return new IntakeError(
    'configuration',
    'office.schema_newer',
    `The office database was set up by a newer Intake Desk (schema ${version}; this station knows ${OFFICE_SCHEMA_VERSION}): update this station.`,
  );
}
