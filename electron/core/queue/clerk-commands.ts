import { randomUUID } from 'node:crypto';
import { historyStep } from '../../../shared/domain/history';
import { DUPLICATE_CONTENT_CODE } from '../../../shared/domain/document';
import type { Document, DocumentState } from '../../../shared/domain/document';
import type { Metadata } from '../../../shared/domain/metadata';
import { IntakeError } from '../errors';
import { requireDocument, requireNotHeld, requireState } from './document-checks';
import type { DocumentPatch, DocumentStorage, StorageInTransaction, StoredDocument } from './document-storage';
import { shownDocument, toPublic } from './document-storage';
import type { UploadControl } from './upload-control';

/** The time of a change, and telling it once committed (the queue's unit of work, queue-work.ts, does both). */
export interface ChangesTold {
  now(): string;
  /** documents.changed, and queue.changed soon after. */
  changed(docs: StoredDocument[]): void;
}

/** States in which the clerk (and the page tools) may still change a document. */
export const EDITABLE: readonly DocumentState[] = ['new', 'tagged', 'failed'];
const SUBMITTABLE: readonly DocumentState[] = ['new', 'tagged', 'failed', 'queued'];
const CANCELLABLE: readonly DocumentState[] = ['queued', 'uploading', 'failed'];

/**
 * The clerk's commands on documents (documents.tag/submit/retry/cancel) and the platform's confirmation.
 * Each reads, checks and writes its documents in one unit of work on the storage port (document-storage.ts),
 * so two clerks' commands on one document do not interleave on any engine; what changed is told after the
 * commit (documents.changed, the upload worker's kick).
 */
export class ClerkCommands {
  constructor(
    private readonly work: ChangesTold,
    private readonly storage: DocumentStorage,
    private readonly uploads: Pick<
      UploadControl,
      'kick' | 'retryNow' | 'cancel' | 'settled' | 'applied' | 'progressOf'
    >,
  ) {}

  /** Sets metadata fields; a field given as '' is cleared, fields not given stay. new/tagged/failed → tagged. */
  async tag(ids: string[], metadata: Metadata): Promise<Document[]> {
    const out = await this.storage.transaction(async (documents) => {
      const docs = await requireAll(documents, ids);
      for (const d of docs) {
        requireState(d, EDITABLE, 'tag');
        requireNotHeld(d);
      }
      const at = this.work.now();
      return eachInTurn(docs, (d) =>
        documents.update(
          d.id,
          { state: 'tagged', metadata: mergeMetadata(d.metadata, metadata), error: null },
          at,
          historyStep('tagged'),
        ),
      );
    });
    this.work.changed(out);
    return out.map(toPublic);
  }

  /**
   * Queues documents (tagging them first when metadata is given). Duplicates need `confirmDuplicate`.
   * `graceMs` > 0: a newly queued document is due only after that long, so the clerk can still take it
   * back (cancel → tagged); it is queued and durable like any other, so a crash changes nothing. A
   * document submitted again while it waits is due at once (Ctrl+Enter twice).
   */
  async submit(
    ids: string[],
    metadata: Metadata | undefined,
    confirmDuplicate: boolean,
    graceMs = 0,
  ): Promise<Document[]> {
    const out = await this.storage.transaction(async (documents) => {
      const docs = await requireAll(documents, ids);
      const duplicates: { document: StoredDocument; duplicateOf: string }[] = [];
      /** Duplicates the clerk confirmed: sent again on purpose. */
      const confirmed = new Set<string>();
      for (const d of docs) {
        requireState(d, SUBMITTABLE, 'submit');
        requireNotHeld(d);
        requireContent(d);
        if (d.error?.code === 'file.empty')
          throw new IntakeError('validation', 'file.empty', `${d.fileName} is empty; nothing to upload.`);
        const duplicateOf = d.duplicateOf ?? (await documents.uploadedWithHash(d.sha256, d.id));
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
      const at = this.work.now();
      return eachInTurn(docs, (d) =>
        documents.update(
          d.id,
          {
            state: 'queued',
            ...(metadata ? { metadata: mergeMetadata(d.metadata, metadata) } : {}),
            // A duplicate the clerk confirmed is sent again on purpose: its own key, not the scan's, which the
            // platform would answer with the first upload's result.
            ...(confirmed.has(d.id) || !d.idempotencyKey ? { idempotencyKey: randomUUID() } : {}),
            nextAttemptAtMs: d.state !== 'queued' && graceMs > 0 ? Date.parse(at) + graceMs : null,
            error: null,
            ...(d.state === 'queued' ? {} : { enqueue: true }),
          },
          at,
          historyStep('submitted'),
        ),
      );
    });
    this.work.changed(out);
    this.uploads.kick();
    return out.map(toPublic);
  }

  /** Failed → queued; queued (waiting for backoff) → due now; also cuts an offline probe wait short. */
  async retry(ids: string[]): Promise<Document[]> {
    const out = await this.storage.transaction(async (documents) => {
      const docs = await requireAll(documents, ids);
      for (const d of docs) {
        requireState(d, ['failed', 'queued'], 'retry');
        requireNotHeld(d);
        requireContent(d);
      }
      const at = this.work.now();
      return eachInTurn(docs, (d) =>
        documents.update(
          d.id,
          {
            state: 'queued',
            nextAttemptAtMs: null,
            ...(d.idempotencyKey ? {} : { idempotencyKey: randomUUID() }),
            ...(d.state === 'failed' ? { error: null, enqueue: true } : {}),
          },
          at,
          historyStep('retry'),
        ),
      );
    });
    this.work.changed(out);
    this.uploads.retryNow();
    return out.map(toPublic);
  }

  /**
   * Takes documents out of the queue (back to tagged); an upload in flight is aborted first, outside any
   * unit of work (the upload worker writes its end meanwhile).
   */
  async cancel(ids: string[]): Promise<Document[]> {
    const docs = await this.storage.transaction(async (documents) => {
      const found = await requireAll(documents, ids);
      for (const d of found) {
        requireState(d, CANCELLABLE, 'cancel');
        requireNotHeld(d); // a failed one another clerk has open (queued and uploading ones no one holds)
      }
      return found;
    });
    const out: Document[] = [];
    for (const d of docs) {
      if (this.uploads.cancel(d.id)) {
        await this.uploads.settled(d.id);
        out.push(shownDocument(await requireDocument(this.storage, d.id), (id) => this.uploads.progressOf(id)));
        continue;
      }
      const patch: DocumentPatch = { state: 'tagged', nextAttemptAtMs: null };
      const cancelled = await this.storage.transaction(async (documents) => {
        const fresh = await requireDocument(documents, d.id);
        if (fresh.state !== 'queued' && fresh.state !== 'failed') return { document: fresh, changed: false };
        requireNotHeld(fresh);
        const document = await documents.update(d.id, patch, this.work.now(), historyStep('cancelled'));
        return { document, changed: true };
      });
      if (cancelled.changed) this.uploads.applied(cancelled.document, patch);
      out.push(toPublic(cancelled.document));
    }
    return out;
  }

  /** The platform reported the document in its case (case activity): kept, and shown to the clerk. */
  async markConfirmed(id: string, at: string): Promise<Document> {
    const patch: DocumentPatch = { confirmedAt: at };
    const d = await this.storage.transaction(async (documents) => {
      await requireDocument(documents, id);
      return documents.update(id, patch, this.work.now());
    });
    return toPublic(this.uploads.applied(d, patch));
  }
}

/** The documents in the order given (the first missing one refuses the command). */
function requireAll(documents: StorageInTransaction, ids: string[]): Promise<StoredDocument[]> {
  return eachInTurn(ids, (id) => requireDocument(documents, id));
}

/** One call after the other, in order: a unit of work's statements run on its one connection. */
async function eachInTurn<A, B>(items: readonly A[], call: (item: A) => Promise<B>): Promise<B[]> {
  const out: B[] = [];
  for (const item of items) out.push(await call(item));
  return out;
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
