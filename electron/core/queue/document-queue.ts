import { randomUUID } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { DUPLICATE_CONTENT_CODE } from '../../../shared/domain/document';
import type { Document, DocumentError, DocumentState } from '../../../shared/domain/document';
import type { CaptureProfile } from '../../../shared/domain/capture';
import { DEFAULT_UPLOAD_CONCURRENCY } from '../../../shared/domain/settings';
import type { Metadata } from '../../../shared/domain/metadata';
import type { Notice, NoticeCode, NoticeValues } from '../../../shared/domain/notice';
import type { MetadataField } from '../../../shared/platform/inbox';
import type { HistoryEntry, QueueStatus } from '../../../shared/domain/queue';
import { IntakeError } from '../errors';
import type { EventBus } from '../events/event-bus';
import { scanKeyOf } from '../intake/scan-key';
import type { Clock } from '../util/clock';
import type { Logger } from '../util/logger';
import type { Archiver } from './archiver';
import type { BackoffPolicy } from './backoff';
import { DEFAULT_BACKOFF } from './backoff';
import { ConcurrencyLimit } from './concurrency-limit';
import { contentTypeOf } from './content-type';
import type { DocumentPatch, DocumentStore, HistoryQuery, ListQuery, StoredDocument } from './document-store';
import { toPublic } from './document-store';
import type { InboxUploader } from './inbox-uploader';
import { ResourceHealth } from './resource-health';
import type { Spool } from './spool';
import { KeyedThrottle } from './throttle';
import { UploadWorker } from './upload-worker';

const EMPTY_FILE_ERROR: DocumentError = {
  code: 'file.empty',
  message: 'The file is empty (0 bytes); nothing to upload.',
  retryable: false,
};

export interface DocumentQueueDeps {
  store: DocumentStore;
  spool: Spool;
  archiver: Archiver;
  uploader: InboxUploader;
  bus: EventBus;
  clock: Clock;
  logger: Logger;
  concurrency?: number;
  backoff?: BackoffPolicy;
  probeBackoff?: BackoffPolicy;
  probe?: () => Promise<boolean>;
  random?: () => number;
  /** Minimum gap between two upload.progress events of one document. */
  progressIntervalMs?: number;
  onNetwork?(online: boolean): void;
  /** Spool files kept by others than the documents (page edits' earlier versions): not swept at start. */
  ownsSpoolName?(name: string): boolean;
  /** The data folder's health, shared with the intake (default: one of its own, over the spool's parent). */
  health?: ResourceHealth;
  /** A write into the data folder for a backoff step's try when nothing else waits (pipeline: checkDataFolder). */
  checkDataFolder?: () => Promise<void>;
}

/** A complete, stable file in a watched folder, as the watcher hands it over. */
export interface IncomingFile {
  sourcePath: string;
  /** Absolute path of the watched folder. */
  folder: string;
  fileName: string;
  size: number;
  mtimeMs: number;
  /** Folder + NFC relative path + size + mtime: the same file never becomes two documents. */
  seenKey: string;
  metadata: Metadata;
  autoSubmit: boolean;
  /** The file is the user's, not a scanner's: never moved or deleted after the upload (CLI `upload`). */
  keepSource?: boolean;
  /**
   * The folder splits scanned batches (its profile's `capture`): the file goes to capture, not straight into
   * the queue. `autoSubmit` is the folder's (and its name pattern's) say; required fields are checked on
   * each part's own metadata.
   */
  capture?: { profile: CaptureProfile; autoSubmit: boolean; requiredFields: MetadataField[] };
  /** A scan from a watched folder: its Idempotency-Key is derived from these and its content (scan-key.ts). */
  scan?: { folder: string; name: string };
  /** The station that took it from a shared folder: its history says so. */
  station?: string;
  /** Where the file was in the watched folder, when it is taken from elsewhere (a shared folder's `.intake/taken/`). */
  pathInFolder?: string;
}

/** A document the app made from a file it already took (capture's parts, or a batch kept whole). */
export interface AdoptedDocument {
  id: string;
  fileName: string;
  sourceFolder: string;
  /** The scanner's file behind it, removed after the upload; absent for a part (the batch removes it). */
  source?: { path: string; size: number; mtimeMs: number };
  /** Its spool copy, written by the caller under the name `id`. */
  copy: { size: number; sha256: string };
  metadata: Metadata;
  autoSubmit: boolean;
  /** The reason it carries (e.g. a batch kept whole); with autoSubmit false it waits in the inbox. */
  error?: DocumentError;
  /** The first history entry. */
  message: string;
  /**
   * When it arrived, if not now: a batch's parts, made one by one as its analysis goes on, all take the
   * batch's arrival, so they stand together in the inbox in scanner order (issue #30 item 6).
   */
  arrivedAt?: string;
}

export type IngestResult =
  | { outcome: 'created'; document: Document }
  | { outcome: 'seen' }
  /** The file changed or vanished while we copied it: the watcher looks at it again. */
  | { outcome: 'changed' };

const EDITABLE: readonly DocumentState[] = ['new', 'tagged', 'failed'];
const SUBMITTABLE: readonly DocumentState[] = ['new', 'tagged', 'failed', 'queued'];
const CANCELLABLE: readonly DocumentState[] = ['queued', 'uploading', 'failed'];

/**
 * The durable queue: every document's state lives in SQLite, its bytes in the spool. Methods mirror the
 * documents.* and queue.* IPC channels. Start-up recovery (`start`) finishes or rolls back whatever a crash
 * interrupted, like Postfix's queue manager: uploading → queued (same Idempotency-Key), uploaded → archive
 * again, half-written spool copies removed.
 */
export class DocumentQueue {
  private readonly worker: UploadWorker;
  private readonly progressThrottle: KeyedThrottle<{ sent: number; total: number }>;
  private statusTimer: NodeJS.Timeout | undefined;
  private readonly ingesting = new Set<string>();
  /**
   * Spool copies at a time. Hundreds found at once (start-up, a batch scan) otherwise all share the disk
   * and finish together; a few at a time, the first documents are queued and uploading within milliseconds.
   */
  private readonly copies = new ConcurrencyLimit(4);
  /** The data folder's health (full disk, read-only database …), which status() reports as `storage`. */
  readonly health: ResourceHealth;

  constructor(private readonly deps: DocumentQueueDeps) {
    const data = dirname(deps.spool.dir);
    this.health =
      deps.health ??
      new ResourceHealth({
        places: { data, database: join(data, 'queue.sqlite'), spool: deps.spool.dir, archive: join(data, 'archive') },
        clock: deps.clock,
        logger: deps.logger,
      });
    // The clerk hears it once per change (the renderer's catalogs: notice.storage.*), not per try.
    this.health.subscribe((state) => {
      if (state.state === 'failing') this.notice('error', state.code, { reason: state.error });
      else this.notice('info', 'storage.ok', {});
      this.statusChanged();
    });
    this.progressThrottle = new KeyedThrottle(deps.progressIntervalMs ?? 100, (id, p) =>
      deps.bus.emit({ type: 'upload.progress', id, sent: p.sent, total: p.total }),
    );
    this.worker = new UploadWorker({
      store: deps.store,
      spoolPath: (n) => deps.spool.pathOf(n),
      spoolExists: (n) => deps.spool.exists(n),
      uploader: deps.uploader,
      archiver: deps.archiver,
      clock: deps.clock,
      logger: deps.logger,
      apply: (id, patch, message) => this.apply(id, patch, message),
      progress: (id, sent, total) => this.progressThrottle.push(id, { sent, total }),
      concurrency: deps.concurrency ?? DEFAULT_UPLOAD_CONCURRENCY,
      health: this.health,
      ...(deps.checkDataFolder ? { checkDataFolder: deps.checkDataFolder } : {}),
      backoff: deps.backoff ?? DEFAULT_BACKOFF,
      probeBackoff: deps.probeBackoff ?? { baseMs: 1_000, capMs: 60_000 },
      ...(deps.probe ? { probe: deps.probe } : {}),
      ...(deps.random ? { random: deps.random } : {}),
      onNetwork: (online) => {
        deps.onNetwork?.(online);
        this.statusChanged();
      },
      onBusy: () => this.statusChanged(),
      onPaused: (reason) => {
        if (reason) this.notice('error', 'queue.paused.configuration', { reason: reason.message });
        this.statusChanged();
      },
    });
  }

  private now(): string {
    return new Date(this.deps.clock.now()).toISOString();
  }

  /** Recovery, then the upload worker. Call once, before the watcher hands over files. */
  async start(): Promise<{ requeued: number; archived: number; spool: { partial: number; orphaned: number } }> {
    const { store, spool, logger } = this.deps;
    await spool.init();
    const at = this.now();
    let interrupted = store.inStates(['uploading']);
    // A full disk or read-only database does not stop the start: the state says failing, and the worker
    // requeues these once the data folder takes writes again (as it does for what it leaves half-done).
    try {
      store.transaction(() => {
        for (const d of interrupted)
          store.update(d.id, { state: 'queued', nextAttemptAtMs: null }, at, 'recovered after restart');
      });
    } catch (e) {
      if (!this.health.failed(e, 'database')) throw e;
      interrupted = [];
    }
    // After a crash of the process, what it committed may be only in the OS's cache: on disk before any
    // upload relies on a key from it (keyDurable knows only this run's commits). A disk that cannot
    // flush is reported; new keys then wait for a flush that succeeds.
    await store.durable().catch((e: unknown) => {
      if (!this.health.failed(e, 'database')) logger.error('queue database flush failed at start', { error: e });
    });
    const sweep = await spool
      .sweep((name) => this.ownsSpoolName(name))
      .catch((e: unknown) => {
        if (!this.health.failed(e, 'spool')) throw e;
        return { partial: 0, orphaned: 0 };
      });
    let archived = 0;
    for (const d of store.inStates(['uploaded'])) {
      await this.worker.archive(d);
      archived++;
    }
    await this.deps.archiver
      .prune(new Date(this.deps.clock.now()))
      .catch((e: unknown) => logger.warn('archive prune failed', { error: e }));
    logger.info('queue recovered', { requeued: interrupted.length, archived, spool: sweep });
    this.worker.start();
    this.statusChanged();
    return { requeued: interrupted.length, archived, spool: sweep };
  }

  private spoolNames: Set<string> | undefined;
  private ownsSpoolName(name: string): boolean {
    this.spoolNames ??= this.deps.store.spoolNames();
    return this.spoolNames.has(name) || (this.deps.ownsSpoolName?.(name) ?? false);
  }

  async stop(): Promise<void> {
    await this.worker.stop();
    if (this.statusTimer) clearTimeout(this.statusTimer);
    await this.deps.store
      .durable()
      .catch((e: unknown) => this.deps.logger.error('queue database flush failed', { error: e }));
  }

  // ---- intake ------------------------------------------------------------------------------------------

  hasSeen(seenKey: string): boolean {
    return this.deps.store.hasSeen(seenKey);
  }

  /**
   * spool copy → fsync file + folder → record in the database (one transaction with the seen-file key).
   * The scanner's file stays where it is until the upload succeeded.
   */
  async ingest(file: IncomingFile): Promise<IngestResult> {
    const { store, spool } = this.deps;
    if (this.ingesting.has(file.seenKey) || store.hasSeen(file.seenKey)) return { outcome: 'seen' };
    this.ingesting.add(file.seenKey);
    // A file that could not be read before has its failed document already: it is completed, not doubled.
    const inFolder = file.pathInFolder ?? file.sourcePath;
    const unreadable = this.unreadableDocuments().get(inFolder);
    // A shared folder's file comes from the station's own folder (`.intake/taken/`), not from where it could
    // not be read: its failed document is replaced (same id) by one that points at where the file is now.
    const moved = unreadable !== undefined && inFolder !== file.sourcePath;
    const id = unreadable ?? randomUUID();
    try {
      const copy = await this.copies.run(() => spool.copyFrom(file.sourcePath, id, file.folder));
      const after = await stat(file.sourcePath).catch(() => undefined);
      if (!after || after.size !== file.size || Math.trunc(after.mtimeMs) !== file.mtimeMs || copy.size !== file.size) {
        await spool.remove(id);
        return { outcome: 'changed' };
      }
      const duplicateOf = store.uploadedWithHash(copy.sha256, id);
      const empty = copy.size === 0;
      const state: DocumentState = empty ? 'failed' : file.autoSubmit && !duplicateOf ? 'queued' : 'new';
      // A scan's key is fixed at intake, also for the inbox: whoever submits it, it is the same scan.
      const scanKey = file.scan && !empty ? scanKeyOf(file.scan.folder, file.scan.name, copy.sha256) : undefined;
      const key = scanKey ?? (state === 'queued' ? randomUUID() : undefined);
      // Not awaited to disk: losing this insert to a power cut only orphans the spool copy (swept at
      // start) while the scanner's file, untouched, is taken again; the upload awaits keyDurable() first.
      const at = this.now();
      const doc = store.transaction(() => {
        if (store.hasSeen(file.seenKey)) return undefined;
        if (moved && store.get(id)?.state === 'failed') store.remove(id);
        else if (unreadable && store.get(unreadable)?.state === 'failed') {
          store.markSeen(file.seenKey, unreadable, at);
          return store.update(
            unreadable,
            {
              state,
              metadata: file.metadata,
              content: { size: copy.size, sha256: copy.sha256 },
              error: empty ? EMPTY_FILE_ERROR : null,
              ...(key ? { idempotencyKey: key } : {}),
              ...(state === 'queued' ? { enqueue: true } : {}),
              ...(duplicateOf ? { duplicateOf } : {}),
            },
            at,
            'readable again',
          );
        }
        return store.insert(
          {
            id,
            fileName: file.fileName,
            sourceFolder: file.folder,
            ...(file.keepSource
              ? {}
              : { sourcePath: file.sourcePath, sourceSize: file.size, sourceMtimeMs: file.mtimeMs }),
            spoolName: id,
            size: copy.size,
            contentType: contentTypeOf(file.fileName),
            sha256: copy.sha256,
            at,
            state,
            metadata: file.metadata,
            seenKey: file.seenKey,
            ...(key ? { idempotencyKey: key } : {}),
            ...(duplicateOf ? { duplicateOf } : {}),
            ...(empty ? { error: EMPTY_FILE_ERROR } : {}),
          },
          empty ? 'empty file' : file.station ? `arrived; taken by station ${file.station}` : 'arrived',
        );
      });
      if (!doc) {
        await spool.remove(id);
        return { outcome: 'seen' };
      }
      this.spoolNames?.add(id);
      this.unreadable?.delete(inFolder);
      this.changed([doc]);
      if (state === 'queued') this.worker.kick();
      return { outcome: 'created', document: toPublic(doc) };
    } catch (e) {
      await spool.remove(id).catch(() => undefined);
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return { outcome: 'changed' };
      throw e;
    } finally {
      this.ingesting.delete(file.seenKey);
    }
  }

  /**
   * A scanner file that could not be opened for the stability tracker's bound (no permission, held
   * locked): a failed document `file.unreadable` with the OS error, a log line and a notice, so it is not
   * retried every 2 s for ever in silence and `agent --once` can finish. No spool copy and no seen-file key:
   * the watcher takes the file once it opens, and ingest completes this same document.
   */
  failUnreadable(file: IncomingFile, error: NodeJS.ErrnoException): Document {
    const { store, logger } = this.deps;
    const detail = `${error.code ?? 'error'}: ${error.message}`;
    const docError: DocumentError = {
      code: 'file.unreadable',
      message: `${file.fileName} cannot be read (${detail}). It is taken as soon as it can be read.`,
      retryable: false,
    };
    logger.warn('file unreadable; marked failed', { file: file.sourcePath, code: error.code, error: error.message });
    const known = this.unreadableDocuments().get(file.sourcePath);
    let doc: StoredDocument;
    if (known && store.get(known)?.state === 'failed') {
      doc = this.apply(known, { error: docError });
    } else {
      const id = randomUUID();
      doc = store.insert(
        {
          id,
          fileName: file.fileName,
          sourceFolder: file.folder,
          sourcePath: file.sourcePath,
          sourceSize: file.size,
          sourceMtimeMs: file.mtimeMs,
          spoolName: id,
          size: file.size,
          contentType: contentTypeOf(file.fileName),
          sha256: '',
          at: this.now(),
          state: 'failed',
          metadata: file.metadata,
          error: docError,
        },
        `unreadable: ${detail}`,
      );
      this.unreadableDocuments().set(file.sourcePath, id);
      this.changed([doc]);
    }
    this.notice('warning', 'file.unreadable', { file: file.fileName, reason: error.code ?? 'error' }, doc.id);
    return toPublic(doc);
  }

  private unreadable: Map<string, string> | undefined;
  /** Scanner path → its failed `file.unreadable` document (read once, then kept up to date). */
  private unreadableDocuments(): Map<string, string> {
    this.unreadable ??= this.deps.store.unreadableDocuments();
    return this.unreadable;
  }

  /**
   * Documents whose spool copies the caller wrote: one transaction inserts them all together with
   * `alsoInTransaction` (the caller's own record of them), so a crash leaves every one or none. A spool
   * copy without its row is swept at the next start.
   */
  adopt(documents: readonly AdoptedDocument[], alsoInTransaction: (created: StoredDocument[]) => void): Document[] {
    const { store } = this.deps;
    const at = this.now();
    const created = store.transaction(() => {
      const out = documents.map((d) => {
        const duplicateOf = store.uploadedWithHash(d.copy.sha256, d.id);
        const empty = d.copy.size === 0;
        // The caller decides whether one with a reason waits for the clerk (autoSubmit false) or goes on.
        const state: DocumentState = empty ? 'failed' : d.autoSubmit && !duplicateOf ? 'queued' : 'new';
        return store.insert(
          {
            id: d.id,
            fileName: d.fileName,
            sourceFolder: d.sourceFolder,
            ...(d.source
              ? { sourcePath: d.source.path, sourceSize: d.source.size, sourceMtimeMs: d.source.mtimeMs }
              : {}),
            spoolName: d.id,
            size: d.copy.size,
            contentType: contentTypeOf(d.fileName),
            sha256: d.copy.sha256,
            at: d.arrivedAt ?? at,
            state,
            metadata: d.metadata,
            ...(state === 'queued' ? { idempotencyKey: randomUUID() } : {}),
            ...(duplicateOf ? { duplicateOf } : {}),
            ...(empty ? { error: EMPTY_FILE_ERROR } : d.error ? { error: d.error } : {}),
          },
          d.message,
        );
      });
      alsoInTransaction(out);
      return out;
    });
    for (const d of created) this.spoolNames?.add(d.spoolName);
    this.changed(created);
    if (created.some((d) => d.state === 'queued')) this.worker.kick();
    return created.map(toPublic);
  }

  /**
   * Points a document at other bytes the caller wrote into the spool (a page edit, or its undo), in one
   * transaction with `alsoInTransaction` (the caller's record of the file before). Only while the clerk may
   * still edit it (new, tagged, failed): never under an upload. The file before stays where it is.
   */
  replaceContent(
    id: string,
    file: { spoolName: string; fileName: string; size: number; sha256: string },
    message: string,
    alsoInTransaction: (before: StoredDocument) => void,
  ): Document {
    const { store } = this.deps;
    const out = store.transaction(() => {
      const before = this.require(id);
      this.requireState(before, EDITABLE, 'edit the pages of');
      alsoInTransaction(before);
      return store.update(
        id,
        {
          content: { size: file.size, sha256: file.sha256 },
          file: { spoolName: file.spoolName, fileName: file.fileName, contentType: contentTypeOf(file.fileName) },
          duplicateOf: store.uploadedWithHash(file.sha256, id) ?? null,
          // Edited on purpose: no longer the scan, so not the scan's key (a new one when it is submitted).
          idempotencyKey: null,
        },
        this.now(),
        message,
      );
    });
    this.spoolNames?.add(file.spoolName);
    this.changed([out]);
    return toPublic(out);
  }

  /**
   * Takes back a document the page tools made (undoing a split), while the clerk may still edit it. Its
   * spool file is the caller's to remove once this is on disk.
   */
  discard(id: string): string {
    const d = this.require(id);
    this.requireState(d, EDITABLE, 'take back');
    this.deps.store.remove(id);
    this.spoolNames?.delete(d.spoolName);
    this.deps.bus.emit({ type: 'documents.changed', documents: [], removed: [id] });
    this.statusChanged();
    return d.spoolName;
  }

  /** Brings back a document taken back by `discard` (undoing a merge), as it was; its spool file was kept. */
  readmit(d: StoredDocument, message: string): Document {
    const doc = this.deps.store.insert(
      {
        id: d.id,
        fileName: d.fileName,
        sourceFolder: d.sourceFolder,
        ...(d.sourcePath !== undefined ? { sourcePath: d.sourcePath } : {}),
        ...(d.sourceSize !== undefined ? { sourceSize: d.sourceSize } : {}),
        ...(d.sourceMtimeMs !== undefined ? { sourceMtimeMs: d.sourceMtimeMs } : {}),
        spoolName: d.spoolName,
        size: d.size,
        contentType: d.contentType,
        sha256: d.sha256,
        at: d.arrivedAt,
        state: d.state,
        metadata: d.metadata,
        ...(d.error ? { error: d.error } : {}),
        ...(d.duplicateOf ? { duplicateOf: d.duplicateOf } : {}),
        ...(d.idempotencyKey ? { idempotencyKey: d.idempotencyKey } : {}),
      },
      message,
    );
    this.spoolNames?.add(doc.spoolName);
    this.changed([doc]);
    return toPublic(doc);
  }

  /** The stored form (queue-internal fields included), for a caller that keeps a document to bring back. */
  stored(id: string): StoredDocument {
    return this.require(id);
  }

  /** Bytes dropped onto the window: spool → new document (no scanner file behind it). */
  async importBytes(fileName: string, bytes: Uint8Array): Promise<Document> {
    return this.importStream(
      fileName,
      (async function* () {
        yield bytes;
      })(),
    );
  }

  /** A dropped file as a stream (never whole in memory): spool → new document. A stream error leaves nothing. */
  async importStream(fileName: string, source: AsyncIterable<Uint8Array>): Promise<Document> {
    const { store, spool } = this.deps;
    const id = randomUUID();
    const name = fileName.normalize('NFC');
    const copy = await spool.writeStream(source, id).catch((e: unknown) => {
      this.health.failed(e, 'spool');
      throw e;
    });
    this.spoolNames?.add(id);
    const duplicateOf = store.uploadedWithHash(copy.sha256, id);
    const empty = copy.size === 0;
    const doc = store.insert(
      {
        id,
        fileName: name,
        sourceFolder: 'import',
        spoolName: id,
        size: copy.size,
        contentType: contentTypeOf(name),
        sha256: copy.sha256,
        at: this.now(),
        state: empty ? 'failed' : 'new',
        metadata: {},
        ...(duplicateOf ? { duplicateOf } : {}),
        ...(empty ? { error: EMPTY_FILE_ERROR } : {}),
      },
      'imported',
    );
    // A dropped file's spool copy is its only copy: the clerk hears "imported" only once the row is on
    // disk. Answered earlier, a power cut could roll the row back, and the start-up sweep would delete
    // the copy as an orphan (it deletes only copies no document owns, i.e. imports never answered).
    await store.durable();
    this.health.succeeded(['spool', 'database']);
    this.changed([doc]);
    return toPublic(doc);
  }

  // ---- queries -----------------------------------------------------------------------------------------

  list(q: ListQuery): { documents: Document[]; total: number } {
    const { documents, total } = this.deps.store.list(q);
    return { documents: documents.map((d) => this.withProgress(d)), total };
  }

  get(id: string): Document {
    return this.withProgress(this.require(id));
  }

  /** Where a document's bytes are now (archive or spool), for reading them by range. */
  contentFile(id: string): { path: string; contentType: string } {
    const d = this.require(id);
    const path = d.state === 'archived' && d.archivePath ? d.archivePath : this.deps.spool.pathOf(d.spoolName);
    return { path, contentType: d.contentType };
  }

  async content(id: string): Promise<{ contentType: string; bytes: Buffer }> {
    const d = this.require(id);
    // Until `archived` the bytes are in the spool (archivePath may name where they are about to go).
    const path = d.state === 'archived' && d.archivePath ? d.archivePath : this.deps.spool.pathOf(d.spoolName);
    try {
      return { contentType: d.contentType, bytes: await readFile(path) };
    } catch {
      throw new IntakeError(
        'not_found',
        'file.missing',
        'The file of this document is no longer available (archive retention or deleted).',
      );
    }
  }

  history(q: HistoryQuery): HistoryEntry[] {
    return this.deps.store.history(q);
  }

  /** Why uploading is paused when a configuration error paused it (undefined when running or paused by hand). */
  get pauseReason(): { code: string; message: string } | undefined {
    return this.worker.configurationError;
  }

  status(): QueueStatus {
    const storage = this.health.state;
    return {
      paused: this.worker.isPaused,
      online: this.worker.isOnline,
      counts: this.deps.store.counts(),
      progress: this.worker.progress,
      ...(this.worker.busyUntil === undefined ? {} : { busyUntil: new Date(this.worker.busyUntil).toISOString() }),
      ...(storage.state === 'failing'
        ? { storage: { code: storage.code, reason: storage.reason, since: storage.since, error: storage.error } }
        : {}),
    };
  }

  // ---- commands ----------------------------------------------------------------------------------------

  /** Sets metadata fields; a field given as '' is cleared, fields not given stay. new/tagged/failed → tagged. */
  tag(ids: string[], metadata: Metadata): Document[] {
    const docs = ids.map((id) => this.require(id));
    for (const d of docs) this.requireState(d, EDITABLE, 'tag');
    const at = this.now();
    const out = this.deps.store.transaction(() =>
      docs.map((d) =>
        this.deps.store.update(
          d.id,
          { state: 'tagged', metadata: mergeMetadata(d.metadata, metadata), error: null },
          at,
          'tagged',
        ),
      ),
    );
    this.changed(out);
    return out.map(toPublic);
  }

  /** Queues documents (tagging them first when metadata is given). Duplicates need `confirmDuplicate`. */
  submit(ids: string[], metadata: Metadata | undefined, confirmDuplicate: boolean): Document[] {
    const { store } = this.deps;
    const docs = ids.map((id) => this.require(id));
    const duplicates: { document: StoredDocument; duplicateOf: string }[] = [];
    /** Duplicates the clerk confirmed: sent again on purpose. */
    const confirmed = new Set<string>();
    for (const d of docs) {
      this.requireState(d, SUBMITTABLE, 'submit');
      requireContent(d);
      if (d.error?.code === 'file.empty')
        throw new IntakeError('validation', 'file.empty', `${d.fileName} is empty; nothing to upload.`);
      const duplicateOf = d.duplicateOf ?? store.uploadedWithHash(d.sha256, d.id);
      if (duplicateOf && !confirmDuplicate) duplicates.push({ document: d, duplicateOf });
      // Not for one queued or failed before: its key may have gone out with an upload whose answer was lost.
      else if (duplicateOf && (d.state === 'new' || d.state === 'tagged')) confirmed.add(d.id);
    }
    const [first] = duplicates;
    if (first) {
      const name = first.document.fileName;
      throw new IntakeError(
        'validation',
        DUPLICATE_CONTENT_CODE,
        duplicates.length === 1
          ? `${name} has the same content as a document already uploaded; confirm to upload it again.`
          : `${duplicates.length} documents (${name} …) have the same content as documents already uploaded; confirm to upload them again.`,
        { duplicates: duplicates.map(({ document, duplicateOf }) => ({ documentId: document.id, duplicateOf })) },
      );
    }
    const at = this.now();
    const out = store.transaction(() =>
      docs.map((d) =>
        store.update(
          d.id,
          {
            state: 'queued',
            ...(metadata ? { metadata: mergeMetadata(d.metadata, metadata) } : {}),
            // A duplicate the clerk confirmed is sent again on purpose: its own key, not the scan's, which the
            // platform would answer with the first upload's result.
            ...(confirmed.has(d.id) || !d.idempotencyKey ? { idempotencyKey: randomUUID() } : {}),
            nextAttemptAtMs: null,
            error: null,
            ...(d.state === 'queued' ? {} : { enqueue: true }),
          },
          at,
          'submitted',
        ),
      ),
    );
    this.changed(out);
    this.worker.kick();
    return out.map(toPublic);
  }

  /** Failed → queued; queued (waiting for backoff) → due now; also cuts an offline probe wait short. */
  retry(ids: string[]): Document[] {
    const docs = ids.map((id) => this.require(id));
    for (const d of docs) {
      this.requireState(d, ['failed', 'queued'], 'retry');
      requireContent(d);
    }
    const at = this.now();
    const out = this.deps.store.transaction(() =>
      docs.map((d) =>
        this.deps.store.update(
          d.id,
          {
            state: 'queued',
            nextAttemptAtMs: null,
            ...(d.idempotencyKey ? {} : { idempotencyKey: randomUUID() }),
            ...(d.state === 'failed' ? { error: null, enqueue: true } : {}),
          },
          at,
          'retry',
        ),
      ),
    );
    this.changed(out);
    this.worker.retryNow();
    return out.map(toPublic);
  }

  /** Takes documents out of the queue (back to tagged); an upload in flight is aborted first. */
  async cancel(ids: string[]): Promise<Document[]> {
    const docs = ids.map((id) => this.require(id));
    for (const d of docs) this.requireState(d, CANCELLABLE, 'cancel');
    const out: Document[] = [];
    for (const d of docs) {
      if (this.worker.cancel(d.id)) {
        await this.worker.settled(d.id);
        out.push(this.get(d.id));
        continue;
      }
      const fresh = this.require(d.id);
      if (fresh.state === 'queued' || fresh.state === 'failed') {
        out.push(toPublic(this.apply(d.id, { state: 'tagged', nextAttemptAtMs: null }, 'cancelled')));
      } else out.push(toPublic(fresh));
    }
    return out;
  }

  pause(): QueueStatus {
    this.worker.pause();
    return this.status();
  }

  resume(): QueueStatus {
    this.worker.resume();
    return this.status();
  }

  /** Resolves when nothing is queued or uploading any more (failed and new documents may remain). */
  async drained(pollMs = 100): Promise<void> {
    for (;;) {
      const c = this.deps.store.counts();
      if (c.queued === 0 && c.uploading === 0 && c.uploaded === 0 && this.worker.activeIds.length === 0) return;
      await new Promise((r) => setTimeout(r, pollMs));
    }
  }

  /** Upload concurrency from the settings, applied without a restart. */
  setConcurrency(concurrency: number): void {
    this.worker.setConcurrency(concurrency);
  }

  /** The platform reported the document in its case (case activity): kept, and shown to the clerk. */
  markConfirmed(id: string, at: string): Document {
    this.require(id);
    return toPublic(this.apply(id, { confirmedAt: at }));
  }

  // ---- internals ---------------------------------------------------------------------------------------

  private apply(id: string, patch: DocumentPatch, message?: string): StoredDocument {
    const d = this.deps.store.update(id, patch, this.now(), message);
    if (patch.state && patch.state !== 'uploading') this.progressThrottle.forget(id);
    this.changed([d]);
    return d;
  }

  private withProgress(d: StoredDocument): Document {
    const pub = toPublic(d);
    const progress = d.state === 'uploading' ? this.worker.progressOf(d.id) : undefined;
    return progress ? { ...pub, progress } : pub;
  }

  private require(id: string): StoredDocument {
    const d = this.deps.store.get(id);
    if (!d) throw new IntakeError('not_found', 'document.not_found', `No document with id ${id}.`);
    return d;
  }

  private requireState(d: StoredDocument, allowed: readonly DocumentState[], action: string): void {
    if (!allowed.includes(d.state)) {
      throw new IntakeError('validation', 'document.state', `Cannot ${action} ${d.fileName}: it is ${d.state}.`);
    }
  }

  private changed(docs: StoredDocument[]): void {
    this.deps.bus.emit({ type: 'documents.changed', documents: docs.map(toPublic), removed: [] });
    this.statusChanged();
  }

  /** queue.changed at most every 250 ms: counts are a GROUP BY, and the status bar needs no more. */
  private statusChanged(): void {
    if (this.statusTimer) return;
    this.statusTimer = setTimeout(() => {
      this.statusTimer = undefined;
      this.deps.bus.emit({ type: 'queue.changed', status: this.status() });
    }, 250);
    this.statusTimer.unref();
  }

  private notice(level: Notice['level'], code: NoticeCode, values: NoticeValues, documentId?: string): void {
    this.deps.bus.emit({
      type: 'notice.raised',
      notice: {
        id: randomUUID(),
        level,
        code,
        values,
        count: 1,
        at: this.now(),
        ...(documentId ? { documentId } : {}),
      },
    });
  }
}

/** A `file.unreadable` document has no bytes yet: it goes on by itself once its file can be read. */
function requireContent(d: StoredDocument): void {
  if (d.error?.code === 'file.unreadable') {
    throw new IntakeError(
      'validation',
      'file.unreadable',
      `${d.fileName} could not be read from its folder; it is taken by itself once it can be read (fix its permissions, or close the program holding it).`,
    );
  }
}

function mergeMetadata(base: Metadata, patch: Metadata): Metadata {
  const out: Metadata = { ...base };
  for (const [k, v] of Object.entries(patch) as [keyof Metadata, string | undefined][]) {
    if (v === undefined) continue;
    if (v === '') delete out[k];
    else out[k] = v.normalize('NFC');
  }
  return out;
}
