import { readFile } from 'node:fs/promises';
import type { Document } from '../../../shared/domain/document';
import type { HistoryEntry } from '../../../shared/domain/queue';
import { IntakeError } from '../errors';
import type { ListQuery, StoredDocument } from './document-store';
import type { HistoryQuery, HistoryStorage } from './history-storage';
import { shownDocument } from './document-storage';
import type { QueueWork } from './queue-work';
import type { Spool } from './spool';
import type { UploadControl } from './upload-control';

/** The read model: documents as the inbox, the viewer and the history show them (documents.* reads). */
export class DocumentReadModel {
  constructor(
    private readonly work: QueueWork,
    private readonly spool: Spool,
    private readonly uploads: Pick<UploadControl, 'progressOf'>,
    private readonly historyStorage: HistoryStorage,
  ) {}

  list(q: ListQuery): { documents: Document[]; total: number } {
    const { documents, total } = this.work.store.list(q);
    return { documents: documents.map((d) => this.withProgress(d)), total };
  }

  get(id: string): Document {
    return this.withProgress(this.work.require(id));
  }

  /** The stored form (queue-internal fields included), for a caller that keeps a document to bring back. */
  stored(id: string): StoredDocument {
    return this.work.require(id);
  }

  /** Where a document's bytes are now (archive or spool), for reading them by range. */
  contentFile(id: string): { path: string; contentType: string } {
    const d = this.work.require(id);
    const path = d.state === 'archived' && d.archivePath ? d.archivePath : this.spool.pathOf(d.spoolName);
    return { path, contentType: d.contentType };
  }

  async content(id: string): Promise<{ contentType: string; bytes: Buffer }> {
    const d = this.work.require(id);
    // Until `archived` the bytes are in the spool (archivePath may name where they are about to go).
    const path = d.state === 'archived' && d.archivePath ? d.archivePath : this.spool.pathOf(d.spoolName);
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

  history(q: HistoryQuery): Promise<HistoryEntry[]> {
    return this.historyStorage.history(q);
  }

  private withProgress(d: StoredDocument): Document {
    return shownDocument(d, (id) => this.uploads.progressOf(id));
  }
}
