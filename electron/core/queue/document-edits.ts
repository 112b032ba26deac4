import type { Document } from '../../../shared/domain/document';
import type { HistoryStep } from '../../../shared/domain/history';
import { EDITABLE } from './clerk-commands';
import { contentTypeOf } from './content-type';
import type { StoredDocument } from './document-store';
import { toPublic } from './document-store';
import type { QueueWork } from './queue-work';

/**
 * A document's file replaced, taken back or brought back, for the page tools (capture/page-tools): the
 * caller wrote the spool files and records what it did in the same transaction (`alsoInTransaction`).
 */
export class DocumentEdits {
  constructor(private readonly work: QueueWork) {}

  /**
   * Points a document at other bytes the caller wrote into the spool (a page edit, or its undo), in one
   * transaction with `alsoInTransaction` (the caller's record of the file before). Only while the clerk may
   * still edit it (new, tagged, failed): never under an upload. The file before stays where it is.
   */
  replaceContent(
    id: string,
    file: { spoolName: string; fileName: string; size: number; sha256: string },
    step: HistoryStep,
    alsoInTransaction: (before: StoredDocument) => void,
  ): Document {
    const { store } = this.work;
    const out = store.transaction(() => {
      const before = this.work.require(id);
      this.work.requireState(before, EDITABLE, 'edit the pages of');
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
  discard(id: string): string {
    const d = this.work.require(id);
    this.work.requireState(d, EDITABLE, 'take back');
    this.work.store.remove(id);
    this.work.spoolNameGone(d.spoolName);
    this.work.removed(id);
    return d.spoolName;
  }

  /** Brings back a document taken back by `discard` (undoing a merge), as it was; its spool file was kept. */
  readmit(d: StoredDocument, step: HistoryStep): Document {
    const doc = this.work.store.insert(
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
