import type { Document } from '../../../shared/domain/document';
import type { HistoryStep } from '../../../shared/domain/history';
import type { ChangesTold } from './clerk-commands';
import { EDITABLE } from './clerk-commands';
import { contentTypeOf } from './content-type';
import { requireDocument, requireNotHeld, requireState } from './document-checks';
import type { DocumentStorage, StoredDocument } from './document-storage';
import { toPublic } from './document-storage';

/** What the edits tell besides a change: a document taken back, and the spool files documents now own. */
export interface EditsTold extends ChangesTold {
  removed(id: string): void;
  spoolNameAdded(name: string): void;
}

/**
 * A document's file replaced, taken back or brought back, for the page tools (capture/page-tools): the
 * caller wrote the spool files and records what it did in the same unit of work on the storage port
 * (`alsoInTransaction`, or several edits in `inOneUnit`).
 */
export class DocumentEdits {
  constructor(
    private readonly work: EditsTold,
    private readonly storage: DocumentStorage,
  ) {}

  /** Several edits, and the caller's own records, committed together (a split, a merge). */
  inOneUnit<T>(work: () => Promise<T>): Promise<T> {
    return this.storage.transaction(async () => work());
  }

  /**
   * Points a document at other bytes the caller wrote into the spool (a page edit, or its undo), in one
   * unit of work with `alsoInTransaction` (the caller's record of the file before). Only while the clerk may
   * still edit it (new, tagged, failed): never under an upload. The file before stays where it is.
   */
  async replaceContent(
    id: string,
    file: { spoolName: string; fileName: string; size: number; sha256: string },
    step: HistoryStep,
    alsoInTransaction: (before: StoredDocument) => void | Promise<void>,
  ): Promise<Document> {
    const out = await this.storage.transaction(async (documents) => {
      const before = await requireDocument(documents, id);
      requireState(before, EDITABLE, 'edit the pages of');
      requireNotHeld(before);
      await alsoInTransaction(before);
      const duplicateOf = (await documents.uploadedWithHash(file.sha256, id)) ?? null;
      return documents.update(
        id,
        {
          content: { size: file.size, sha256: file.sha256 },
          file: { spoolName: file.spoolName, fileName: file.fileName, contentType: contentTypeOf(file.fileName) },
          duplicateOf,
          // Edited on purpose: no longer the scan, so not the scan's key (a new one when it is submitted).
          idempotencyKey: null,
        },
        this.work.now(),
        step,
      );
    });
    this.work.spoolNameAdded(file.spoolName);
    this.work.changed([out]);
    return toPublic(out);
  }

  /**
   * Takes back a document the page tools made (undoing a split), while the clerk may still edit it. Its
   * spool file is the caller's to remove once this is on disk.
   */
  async discard(id: string): Promise<string> {
    const d = await this.storage.transaction(async (documents) => {
      const found = await requireDocument(documents, id);
      requireState(found, EDITABLE, 'take back');
      requireNotHeld(found);
      await documents.remove(id);
      return found;
    });
    this.work.removed(id);
    return d.spoolName;
  }

  /** Brings back a document taken back by `discard` (undoing a merge), as it was; its spool file was kept. */
  async readmit(d: StoredDocument, step: HistoryStep): Promise<Document> {
    const doc = await this.storage.insert(
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
      step,
    );
    this.work.spoolNameAdded(doc.spoolName);
    this.work.changed([doc]);
    return toPublic(doc);
  }
}
