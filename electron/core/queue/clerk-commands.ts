import { randomUUID } from 'node:crypto';
import { historyStep } from '../../../shared/domain/history';
import { DUPLICATE_CONTENT_CODE } from '../../../shared/domain/document';
import type { Document, DocumentState } from '../../../shared/domain/document';
import type { Metadata } from '../../../shared/domain/metadata';
import { IntakeError } from '../errors';
import type { DocumentReadModel } from './document-read-model';
import type { StoredDocument } from './document-store';
import { toPublic } from './document-store';
import type { QueueWork } from './queue-work';
import type { UploadControl } from './upload-control';

/** States in which the clerk (and the page tools) may still change a document. */
export const EDITABLE: readonly DocumentState[] = ['new', 'tagged', 'failed'];
const SUBMITTABLE: readonly DocumentState[] = ['new', 'tagged', 'failed', 'queued'];
const CANCELLABLE: readonly DocumentState[] = ['queued', 'uploading', 'failed'];

/** The clerk's commands on documents (documents.tag/submit/retry/cancel) and the platform's confirmation. */
export class ClerkCommands {
  constructor(
    private readonly work: QueueWork,
    private readonly uploads: Pick<UploadControl, 'kick' | 'retryNow' | 'cancel' | 'settled' | 'apply'>,
    private readonly documents: Pick<DocumentReadModel, 'get'>,
  ) {}

  /** Sets metadata fields; a field given as '' is cleared, fields not given stay. new/tagged/failed → tagged. */
  tag(ids: string[], metadata: Metadata): Document[] {
    const docs = ids.map((id) => this.work.require(id));
    for (const d of docs) this.work.requireState(d, EDITABLE, 'tag');
    const at = this.work.now();
    const out = this.work.store.transaction(() =>
      docs.map((d) =>
        this.work.store.update(
          d.id,
          { state: 'tagged', metadata: mergeMetadata(d.metadata, metadata), error: null },
          at,
          historyStep('tagged'),
        ),
      ),
    );
    this.work.changed(out);
    return out.map(toPublic);
  }

  /**
   * Queues documents (tagging them first when metadata is given). Duplicates need `confirmDuplicate`.
   * `graceMs` > 0: a newly queued document is due only after that long, so the clerk can still take it
   * back (cancel → tagged); it is queued and durable like any other, so a crash changes nothing. A
   * document submitted again while it waits is due at once (Ctrl+Enter twice).
   */
  submit(ids: string[], metadata: Metadata | undefined, confirmDuplicate: boolean, graceMs = 0): Document[] {
    const { store } = this.work;
    const docs = ids.map((id) => this.work.require(id));
    const duplicates: { document: StoredDocument; duplicateOf: string }[] = [];
    /** Duplicates the clerk confirmed: sent again on purpose. */
    const confirmed = new Set<string>();
    for (const d of docs) {
      this.work.requireState(d, SUBMITTABLE, 'submit');
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
    const at = this.work.now();
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
            nextAttemptAtMs: d.state !== 'queued' && graceMs > 0 ? Date.parse(at) + graceMs : null,
            error: null,
            ...(d.state === 'queued' ? {} : { enqueue: true }),
          },
          at,
          historyStep('submitted'),
        ),
      ),
    );
    this.work.changed(out);
    this.uploads.kick();
    return out.map(toPublic);
  }

  /** Failed → queued; queued (waiting for backoff) → due now; also cuts an offline probe wait short. */
  retry(ids: string[]): Document[] {
    const docs = ids.map((id) => this.work.require(id));
    for (const d of docs) {
      this.work.requireState(d, ['failed', 'queued'], 'retry');
      requireContent(d);
    }
    const at = this.work.now();
    const out = this.work.store.transaction(() =>
      docs.map((d) =>
        this.work.store.update(
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
      ),
    );
    this.work.changed(out);
    this.uploads.retryNow();
    return out.map(toPublic);
  }

  /** Takes documents out of the queue (back to tagged); an upload in flight is aborted first. */
  async cancel(ids: string[]): Promise<Document[]> {
    const docs = ids.map((id) => this.work.require(id));
    for (const d of docs) this.work.requireState(d, CANCELLABLE, 'cancel');
    const out: Document[] = [];
    for (const d of docs) {
      if (this.uploads.cancel(d.id)) {
        await this.uploads.settled(d.id);
        out.push(this.documents.get(d.id));
        continue;
      }
      const fresh = this.work.require(d.id);
      if (fresh.state === 'queued' || fresh.state === 'failed') {
        out.push(
          toPublic(this.uploads.apply(d.id, { state: 'tagged', nextAttemptAtMs: null }, historyStep('cancelled'))),
        );
      } else out.push(toPublic(fresh));
    }
    return out;
  }

  /** The platform reported the document in its case (case activity): kept, and shown to the clerk. */
  markConfirmed(id: string, at: string): Document {
    this.work.require(id);
    return toPublic(this.uploads.apply(id, { confirmedAt: at }));
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
