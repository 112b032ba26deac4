import { access, readFile } from 'node:fs/promises';
import type { Document } from '../../../shared/domain/document';
import type { HistoryEntry } from '../../../shared/domain/queue';
import { IntakeError } from '../errors';
import { requireDocument } from './document-checks';
import type { DocumentStorage, ListQuery, StoredDocument } from './document-storage';
import { shownDocument } from './document-storage';
import type { HistoryQuery, HistoryStorage } from './history-storage';
import type { Spool } from './spool';
import type { UploadControl } from './upload-control';

/**
 * The read model: documents as the inbox, the viewer and the history show them (documents.* reads), read
 * through the storage ports. It decides nothing, so it reads outside any unit of work: each read is one call
 * of the port, which sees a unit's writes all or none, and locks nothing an office's clerk waits for.
 */
export class DocumentReadModel {
  constructor(
    private readonly storage: DocumentStorage,
    private readonly spool: Pick<Spool, 'pathOf'>,
    private readonly uploads: Pick<UploadControl, 'progressOf'>,
    private readonly historyStorage: HistoryStorage,
    /**
     * Brings a document's bytes to `toPath` when they are not on this station (an office's document another
     * station took in: office/office-document-bytes.ts); none for a station alone.
     */
    private readonly fetchContent?: (d: StoredDocument, toPath: string) => Promise<void>,
  ) {}

  async list(q: ListQuery): Promise<{ documents: Document[]; total: number }> {
    const { documents, total } = await this.storage.list(q);
    return { documents: documents.map((d) => this.withProgress(d)), total };
  }

  async get(id: string): Promise<Document> {
    return this.withProgress(await requireDocument(this.storage, id));
  }

  /** The stored form (queue-internal fields included), for a caller that keeps a document to bring back. */
  stored(id: string): Promise<StoredDocument> {
    return requireDocument(this.storage, id);
  }

  /** Where a document's bytes are now (archive or spool), for reading them by range. */
  async contentFile(id: string): Promise<{ path: string; contentType: string }> {
    const d = await requireDocument(this.storage, id);
    return { path: await this.localPathOf(d), contentType: d.contentType };
  }

  async content(id: string): Promise<{ contentType: string; bytes: Buffer }> {
    const d = await requireDocument(this.storage, id);
    await this.localPathOf(d);
    try {
      return { contentType: d.contentType, bytes: await readFile(this.pathOf(d)) };
    } catch {
      throw new IntakeError(
        'not_found',
        'file.missing',
        'The file of this document is no longer available (archive retention or deleted).',
      );
    }
  }

  history(q: HistoryQuery): Promise<HistoryEntry[]> {
    return this.historyStorage.history(q);
  }

  /** The document's file on this station, fetched first where it is not here and can be (an office's). */
  private async localPathOf(d: StoredDocument): Promise<string> {
    const path = this.pathOf(d);
    if (!this.fetchContent || d.state === 'archived') return path;
    const here = await access(path).then(
      () => true,
      () => false,
    );
    if (!here) await this.fetchContent(d, path);
    return path;
  }

  /** Until `archived` the bytes are in the spool (archivePath may name where they are about to go). */
  private pathOf(d: StoredDocument): string {
    return d.state === 'archived' && d.archivePath ? d.archivePath : this.spool.pathOf(d.spoolName);
  }

  private withProgress(d: StoredDocument): Document {
    return shownDocument(d, (id) => this.uploads.progressOf(id));
  }
}
