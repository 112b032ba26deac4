import type { Document, DocumentError, DocumentState } from '../../../shared/domain/document';
import type { HistoryStep } from '../../../shared/domain/history';
import type { Metadata } from '../../../shared/domain/metadata';
import type { HistoryStorage } from './history-storage';

/**
 * The queue's storage port: what the queue needs kept of its documents, the files it has taken (seen-file
 * keys) and their history, owned here by the core so that an engine is an implementation of it and not a
 * fork of the queue. Today's engine is SQLite in the data folder (`document-store.ts`, the queue's own
 * synchronous store; `sqlite-document-storage.ts` is it behind this port); an office's PostgreSQL is a
 * second one (issue #50). Every implementation runs the same tests:
 * `test-support/document-storage-contract.ts`.
 *
 * Methods answer Promises, as a network database must. Each one is atomic on its own: `insert` writes the
 * document, its seen-file key and its first history entry in one commit; `update` the patch and, when the
 * state changes or the bytes are other bytes, a history entry. A read, a check and a write that belong
 * together are one unit of work (`transaction`). The clerk's commands, the page tools' edits, the intake, the
 * read model, the uploads (upload control, the upload worker) and the move of files taken in place go through
 * this port; capture's stages still call the SQLite store's synchronous surface (docs/architecture.md,
 * "Storage ports").
 */
export interface DocumentStorage {
  /**
   * One unit of work: `work` reads, checks and writes through the storage it is given, and all it wrote
   * commits together once it resolves, or none of it (documents, history, seen-file keys) when it throws;
   * the unit rejects with what it threw. Two units that decide on the same document do not interleave: the
   * later one sees the earlier one's commit (a state check passes for one of them only; no update is lost).
   * A read outside the unit sees none of it or all of it. Inside a unit, another unit joins it, and a call of
   * the storage itself belongs to it.
   *
   * The work does only storage: no file, request or event inside it (say what changed after the commit).
   * An engine may run it again from the start when the database broke a deadlock between two units.
   */
  transaction<T>(work: (documents: StorageInTransaction) => Promise<T>): Promise<T>;
  /**
   * Whether `error` means the storage did not answer (an engine on a server: the office database down or
   * restarting) rather than a fault of the call. The engine says such an outage once itself; its callers
   * neither fail the document nor blame the platform, and look again once it answers. Absent: an engine on
   * this station's disk, which is never out of reach (its disk's failures are the data folder's health).
   */
  outOfReach?(error: unknown): boolean;
  get(id: string): Promise<StoredDocument | undefined>;
  /** The documents of `ids` that exist, in one read (in any order; an id not stored is left out). */
  getMany(ids: readonly string[]): Promise<StoredDocument[]>;
  /** Whether a watched folder's file (its seen-file key) was taken already. */
  hasSeen(key: string): Promise<boolean>;
  /**
   * Records a seen-file key, for a document to come in the same unit of work (a watched folder's file) or
   * without one of its own (a capture batch; a file skipped for good). Answers whether this call recorded
   * it: false when the key is taken already, also by another station's unit committed meanwhile (which it
   * waits for), so a unit that records the key first and goes on only on true takes the file exactly once.
   */
  markSeen(key: string, documentId: string, at: string): Promise<boolean>;
  /** The document, its seen-file key (`seenKey`) and its first history entry, in one commit. */
  insert(document: NewDocument, step?: HistoryStep): Promise<StoredDocument>;
  /**
   * Applies the patch (fields left out stay as they are; `null` clears one) and, when the state changes or
   * `file` names other bytes, appends a history entry; one commit. Rejects for an unknown id.
   */
  update(id: string, patch: DocumentPatch, at: string, step?: HistoryStep): Promise<StoredDocument>;
  /** Deletes a document the app made and takes back (a page split undone); its history stays. */
  remove(id: string): Promise<void>;
  /** Newest first (the order documents arrived), filtered by state and by a text in name, case or metadata. */
  list(query: ListQuery): Promise<{ documents: StoredDocument[]; total: number }>;
  /** Oldest first. */
  inStates(states: DocumentState[]): Promise<StoredDocument[]>;
  /**
   * Queued documents due at `nowMs` (no next attempt, or one not later), in upload order, less `exclude`.
   * Inside a unit of work they are the unit's until it commits: another unit does not get them meanwhile
   * (an office locks them and skips those another unit holds), so a claim of due documents
   * (upload-claim.ts) takes each one once.
   */
  due(nowMs: number, limit: number, exclude: ReadonlySet<string>): Promise<StoredDocument[]>;
  /**
   * An office's (none for a station alone: nobody else sends its documents): inside a claim's unit of work,
   * before `due`, up to `limit` documents of stations that are gone (silent longer than their own lapse) that
   * are due or were cut off mid-upload become this station's, queued with their Idempotency-Key, each with its
   * history entry; those another unit holds are skipped. `due` then answers them with this station's own.
   */
  takeOverDue?(nowMs: number, limit: number, exclude: ReadonlySet<string>, at: string): Promise<TakenOver[]>;
  /** The earliest next attempt among queued documents, if any waits for one. */
  nextDueAt(): Promise<number | undefined>;
  /** An uploaded document with the same content (another id), if any: the first uploaded. */
  uploadedWithHash(sha256: string, exceptId: string): Promise<string | undefined>;
  /** Documents queued or uploading. */
  activeCount(): Promise<number>;
  counts(): Promise<Record<DocumentState, number>>;
  /**
   * Documents whose source file lies directly in `folder` and is not archived (taken in place, before
   * claims), leaving out unreadable ones (nobody holds a copy of those).
   */
  inPlaceSources(folder: string): Promise<Array<{ id: string; path: string; size: number; mtimeMs: number }>>;
  /** The document's source file was moved (renamed); the archiver removes it there. */
  moveSource(id: string, path: string): Promise<void>;
  /** Failed `file.unreadable` documents by their scanner file. */
  unreadableDocuments(): Promise<Map<string, string>>;
  /** Every document's spool file name. */
  spoolNames(): Promise<Set<string>>;
  /** Resolves once every commit made before the call is durable (power-cut safe). */
  durable(): Promise<void>;
  /**
   * Like `durable`, for a wait nobody is blocked on (the archiving after an upload): it may share a flush
   * already scheduled with the commits around it instead of starting one of its own.
   */
  durableSoon(): Promise<void>;
  /** Resolves once the document's Idempotency-Key is durable (before a request carries it). */
  keyDurable(id: string): Promise<void>;
}

/** A document taken over from a gone station (`takeOverDue`): from which, silent since when. */
export interface TakenOver {
  id: string;
  fileName: string;
  fromStationId: string;
  /** The gone station's name (the PC's), as the others see it. */
  fromStation: string;
  /** Its last heartbeat (ISO 8601, the office database's clock). */
  silentSince: string;
  /** It was cut off mid-upload there (sent again here with the same key). */
  wasUploading: boolean;
}

/** What a unit of work is given: the documents and their history, as the unit sees them. */
export type StorageInTransaction = DocumentStorage & HistoryStorage;

/** A document as stored: the public Document plus what only the queue needs. */
export interface StoredDocument extends Document {
  spoolName: string;
  sourcePath?: string;
  sourceSize?: number;
  sourceMtimeMs?: number;
  archivePath?: string;
}

/** The public shape (what crosses IPC): drops the queue-internal fields. */
export function toPublic(d: StoredDocument): Document {
  const { spoolName: _s, sourcePath: _p, sourceSize: _z, sourceMtimeMs: _m, archivePath: _a, ...pub } = d;
  return pub;
}

/** A document as the clerk sees it: the public fields, and an upload's progress while it is uploading. */
export function shownDocument(d: StoredDocument, progressOf: (id: string) => Document['progress']): Document {
  const pub = toPublic(d);
  const progress = d.state === 'uploading' ? progressOf(d.id) : undefined;
  return progress ? { ...pub, progress } : pub;
}

export interface NewDocument {
  id: string;
  fileName: string;
  sourceFolder: string;
  sourcePath?: string;
  sourceSize?: number;
  sourceMtimeMs?: number;
  spoolName: string;
  size: number;
  contentType: string;
  sha256: string;
  at: string;
  state: DocumentState;
  metadata: Metadata;
  error?: DocumentError;
  duplicateOf?: string;
  idempotencyKey?: string;
  seenKey?: string;
}

export interface DocumentPatch {
  state?: DocumentState;
  metadata?: Metadata;
  idempotencyKey?: string | null;
  attempts?: number;
  nextAttemptAtMs?: number | null;
  error?: DocumentError | null;
  duplicateOf?: string | null;
  uploadedAt?: string;
  /** A case-change event (AttachmentsAdded) named this document. */
  confirmedAt?: string;
  archivePath?: string | null;
  /** Puts the document at the end of the upload order. */
  enqueue?: boolean;
  /** The bytes arrived after all (a `file.unreadable` document that became readable): its spool copy. */
  content?: { size: number; sha256: string };
  /** Other bytes in another spool file (a page edit, or its undo), possibly another kind of file. */
  file?: { spoolName: string; fileName: string; contentType: string };
}

export interface ListQuery {
  states?: DocumentState[];
  query?: string;
  limit: number;
  offset: number;
}
