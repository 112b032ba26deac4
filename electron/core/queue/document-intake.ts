import { randomUUID } from 'node:crypto';
import { historyStep, type HistoryStep } from '../../../shared/domain/history';
import { stat } from 'node:fs/promises';
import type { Document, DocumentError, DocumentState } from '../../../shared/domain/document';
import type { Metadata } from '../../../shared/domain/metadata';
import type { Notice, NoticeCode, NoticeValues } from '../../../shared/domain/notice';
import type { IncomingFile, IngestResult } from '../intake/incoming-file';
import { scanKeyOf } from '../intake/scan-key';
import type { Logger } from '../util/logger';
import type { ChangesTold } from './clerk-commands';
import { ConcurrencyLimit } from './concurrency-limit';
import { contentTypeOf } from './content-type';
import type { DocumentStorage, StoredDocument } from './document-storage';
import { toPublic } from './document-storage';
import type { ResourceHealth } from './resource-health';
import type { Spool } from './spool';
import type { UploadControl } from './upload-control';

const EMPTY_FILE_ERROR: DocumentError = {
  code: 'file.empty',
  message: 'The file is empty (0 bytes); nothing to upload.',
  retryable: false,
};

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
  step: HistoryStep;
  /**
   * When it arrived, if not now: a batch's parts, made one by one as its analysis goes on, all take the
   * batch's arrival, so they stand together in the inbox in scanner order (issue #30 item 6).
   */
  arrivedAt?: string;
}

/** What intake tells besides a change (the queue's QueueWork tells it all). */
export interface IntakeTold extends ChangesTold {
  /** A spool file a document now owns (the start-up sweep keeps it). */
  spoolNameAdded(name: string): void;
  notice(level: Notice['level'], code: NoticeCode, values: NoticeValues, documentId?: string): void;
}

export interface DocumentIntakeDeps {
  work: IntakeTold;
  /** The queue's storage port: each document is made in one unit of work on it. */
  storage: DocumentStorage;
  spool: Spool;
  uploads: Pick<UploadControl, 'kick'>;
  health: ResourceHealth;
  logger: Logger;
}

/**
 * The queue's intake: a file from a watched folder (spool copy, then its row), the parts capture made
 * (adopted), and bytes dropped onto the window (imported). Each becomes a document in one unit of work on
 * the storage port (document-storage.ts); what changed is told once it committed (documents.changed, the
 * upload worker's kick). A watched folder's file is decided by its seen-file key, recorded first in that
 * unit: on a database several stations share, a second station's unit waits for the first's and finds the
 * file taken, so one file is never two documents.
 */
export class DocumentIntake {
  private readonly ingesting = new Set<string>();
  /**
   * Spool copies at a time. Hundreds found at once (start-up, a batch scan) otherwise all share the disk
   * and finish together; a few at a time, the first documents are queued and uploading within milliseconds.
   */
  private readonly copies = new ConcurrencyLimit(4);

  constructor(private readonly deps: DocumentIntakeDeps) {}

  private get work(): IntakeTold {
    return this.deps.work;
  }

  hasSeen(seenKey: string): Promise<boolean> {
    return this.deps.storage.hasSeen(seenKey);
  }

  /**
   * spool copy → fsync file + folder → record in the database (one unit of work with the seen-file key).
   * The scanner's file stays where it is until the upload succeeded.
   */
  async ingest(file: IncomingFile): Promise<IngestResult> {
    // Taken here already, or being taken: the same file handed over twice (a rescan) is looked at once.
    if (this.ingesting.has(file.seenKey)) return { outcome: 'seen' };
    this.ingesting.add(file.seenKey);
    try {
      if (await this.deps.storage.hasSeen(file.seenKey)) return { outcome: 'seen' };
      return await this.copyAndRecord(file);
    } finally {
      this.ingesting.delete(file.seenKey);
    }
  }

  private async copyAndRecord(file: IncomingFile): Promise<IngestResult> {
    const { spool, storage } = this.deps;
    // A file that could not be read before has its failed document already: it is completed, not doubled.
    const inFolder = file.pathInFolder ?? file.sourcePath;
    const unreadableByPath = await this.unreadableDocuments();
    const unreadable = unreadableByPath.get(inFolder);
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
      const empty = copy.size === 0;
      // A scan's key is fixed at intake, also for the inbox: whoever submits it, it is the same scan.
      const scanKey = file.scan && !empty ? scanKeyOf(file.scan.folder, file.scan.name, copy.sha256) : undefined;
      // Not awaited to disk: losing this insert to a power cut only orphans the spool copy (swept at
      // start) while the scanner's file, untouched, is taken again; the upload awaits keyDurable() first.
      const at = this.work.now();
      const doc = await storage.transaction(async (documents) => {
        // The seen-file key first: it decides. Taken meanwhile (here, or by another station): nothing made.
        if (!(await documents.markSeen(file.seenKey, id, at))) return undefined;
        const duplicateOf = await documents.uploadedWithHash(copy.sha256, id);
        const state: DocumentState = empty ? 'failed' : file.autoSubmit && !duplicateOf ? 'queued' : 'new';
        const key = scanKey ?? (state === 'queued' ? randomUUID() : undefined);
        if (unreadable !== undefined && (await documents.get(unreadable))?.state === 'failed') {
          if (moved) await documents.remove(id);
          else
            return documents.update(
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
              historyStep('readableAgain'),
            );
        }
        return documents.insert(
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
            ...(key ? { idempotencyKey: key } : {}),
            ...(duplicateOf ? { duplicateOf } : {}),
            ...(empty ? { error: EMPTY_FILE_ERROR } : {}),
          },
          empty
            ? historyStep('emptyFile')
            : file.station
              ? historyStep('arrivedAtStation', { station: file.station })
              : historyStep('arrived'),
        );
      });
      if (!doc) {
        await spool.remove(id);
        return { outcome: 'seen' };
      }
      this.work.spoolNameAdded(id);
      unreadableByPath.delete(inFolder);
      this.work.changed([doc]);
      if (doc.state === 'queued') this.deps.uploads.kick();
      return { outcome: 'created', document: toPublic(doc) };
    } catch (e) {
      await spool.remove(id).catch(() => undefined);
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return { outcome: 'changed' };
      throw e;
    }
  }

  /**
   * A scanner file that could not be opened for the stability tracker's bound (no permission, held
   * locked): a failed document `file.unreadable` with the OS error, a log line and a notice, so it is not
   * retried every 2 s for ever in silence and `agent --once` can finish. No spool copy and no seen-file key:
   * the watcher takes the file once it opens, and ingest completes this same document.
   */
  async failUnreadable(file: IncomingFile, error: NodeJS.ErrnoException): Promise<Document> {
    const { logger, storage } = this.deps;
    const detail = `${error.code ?? 'error'}: ${error.message}`;
    const docError: DocumentError = {
      code: 'file.unreadable',
      message: `${file.fileName} cannot be read (${detail}). It is taken as soon as it can be read.`,
      retryable: false,
    };
    logger.warn('file unreadable; marked failed', { file: file.sourcePath, code: error.code, error: error.message });
    const id = randomUUID();
    const at = this.work.now();
    const { doc, made } = await storage.transaction(async (documents) => {
      // Read in the unit, not from the cache: two reports of one file at once make one document.
      const known = (await documents.unreadableDocuments()).get(file.sourcePath);
      if (known && (await documents.get(known))?.state === 'failed')
        return { doc: await documents.update(known, { error: docError }, at), made: false };
      const inserted = await documents.insert(
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
          at,
          state: 'failed',
          metadata: file.metadata,
          error: docError,
        },
        historyStep('unreadable', { reason: detail }),
      );
      return { doc: inserted, made: true };
    });
    if (made) (await this.unreadableDocuments()).set(file.sourcePath, doc.id);
    this.work.changed([doc]);
    this.work.notice('warning', 'file.unreadable', { file: file.fileName, reason: error.code ?? 'error' }, doc.id);
    return toPublic(doc);
  }

  private unreadable: Promise<Map<string, string>> | undefined;
  /** Scanner path → its failed `file.unreadable` document (read once, then kept up to date). */
  private unreadableDocuments(): Promise<Map<string, string>> {
    this.unreadable ??= this.deps.storage.unreadableDocuments().catch((e: unknown) => {
      this.unreadable = undefined; // read again next time
      throw e;
    });
    return this.unreadable;
  }

  /**
   * Documents whose spool copies the caller wrote: one unit of work inserts them all together with
   * `alsoInTransaction` (the caller's own record of them), so a crash leaves every one or none. A spool
   * copy without its row is swept at the next start.
   */
  async adopt(
    documents: readonly AdoptedDocument[],
    alsoInTransaction: (created: StoredDocument[]) => void | Promise<void>,
  ): Promise<Document[]> {
    const at = this.work.now();
    const created = await this.deps.storage.transaction(async (tx) => {
      const out: StoredDocument[] = [];
      for (const d of documents) {
        const duplicateOf = await tx.uploadedWithHash(d.copy.sha256, d.id);
        const empty = d.copy.size === 0;
        // The caller decides whether one with a reason waits for the clerk (autoSubmit false) or goes on.
        const state: DocumentState = empty ? 'failed' : d.autoSubmit && !duplicateOf ? 'queued' : 'new';
        out.push(
          await tx.insert(
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
            d.step,
          ),
        );
      }
      await alsoInTransaction(out);
      return out;
    });
    for (const d of created) this.work.spoolNameAdded(d.spoolName);
    this.work.changed(created);
    if (created.some((d) => d.state === 'queued')) this.deps.uploads.kick();
    return created.map(toPublic);
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
    const { spool, storage } = this.deps;
    const id = randomUUID();
    const name = fileName.normalize('NFC');
    const copy = await spool.writeStream(source, id).catch((e: unknown) => {
      this.deps.health.failed(e, 'spool');
      throw e;
    });
    this.work.spoolNameAdded(id);
    const empty = copy.size === 0;
    const at = this.work.now();
    const doc = await storage.transaction(async (documents) => {
      const duplicateOf = await documents.uploadedWithHash(copy.sha256, id);
      return documents.insert(
        {
          id,
          fileName: name,
          sourceFolder: 'import',
          spoolName: id,
          size: copy.size,
          contentType: contentTypeOf(name),
          sha256: copy.sha256,
          at,
          state: empty ? 'failed' : 'new',
          metadata: {},
          ...(duplicateOf ? { duplicateOf } : {}),
          ...(empty ? { error: EMPTY_FILE_ERROR } : {}),
        },
        historyStep('imported'),
      );
    });
    // A dropped file's spool copy is its only copy: the clerk hears "imported" only once the row is on
    // disk. Answered earlier, a power cut could roll the row back, and the start-up sweep would delete
    // the copy as an orphan (it deletes only copies no document owns, i.e. imports never answered).
    await storage.durable();
    this.deps.health.succeeded(['spool', 'database']);
    this.work.changed([doc]);
    return toPublic(doc);
  }
}
