/**
 * The line's hand-over to the queue: a built part, or a batch's original kept whole, copied into the spool
 * and adopted as a document in one unit of work with the batch's own record (the part's `capture_parts`
 * row; the batch split with its last part, done with its original), flushed before the next. So a part is
 * in the queue exactly when its row is, and a restart resumes after it (BatchStorage.partsMade).
 */
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { captureGroupField } from '../../../../shared/domain/capture';
import type { DocumentError } from '../../../../shared/domain/document';
import type { HistoryStep } from '../../../../shared/domain/history';
import type { Metadata } from '../../../../shared/domain/metadata';
import { metadataValueProblem } from '../../../../shared/domain/metadata';
import type { NoticeCode } from '../../../../shared/domain/notice';
import type { MetadataField } from '../../../../shared/platform/inbox';
import type { PlaceholderFormats } from '../../intake/file-name-pattern';
import { inFormat } from '../../intake/file-name-pattern';
import type { PartSpec } from './batch-plan';
import type { MadePart } from './make-parts';
import type { CaptureBatch } from './batch-storage';
import { LineStage } from './capture-line';

export class HandOver extends LineStage {
  /**
   * A built part becomes a document: copied into the spool, its metadata the batch's with the cover
   * sheet's values, adopted with its link to the batch (with the last one, the batch is split).
   */
  async adoptPart(batch: CaptureBatch, spec: PartSpec, built: MadePart, partsDir: string): Promise<void> {
    const { spool, queue, documents, batches } = this.deps;
    const docId = randomUUID();
    const copy = await spool.copyFrom(built.path, docId, partsDir);
    const cover = coverSheetMetadata(spec.metadata, this.deps.formats?.() ?? {});
    const metadata: Metadata = { ...batch.metadata, ...cover.metadata };
    // The cover sheet meant to set these: the batch's own value (e.g. from its file name) is not this part's.
    for (const field of cover.unfit) delete metadata[field];
    await queue.adopt(
      [
        {
          id: docId,
          fileName: basename(built.path),
          sourceFolder: batch.sourceFolder,
          copy,
          metadata,
          autoSubmit:
            spec.autoSubmit ??
            (batch.autoSubmit && cover.unfit.length === 0 && batch.requiredFields.every((f) => !!metadata[f]?.trim())),
          ...(spec.error ? { error: spec.error } : {}),
          step: spec.step(built.pages, spec.index),
          arrivedAt: batch.receivedAt,
        },
      ],
      // In the adoption's unit of work: the part's link commits with its document, or neither does.
      async () => {
        await batches.linkPart({
          documentId: docId,
          batchId: batch.id,
          index: spec.index,
          count: 0,
          pages: built.pages,
        });
        if (spec.last) await this.markSplit(batch.id);
      },
    );
    if (spec.last && !spec.error) this.splitNotice(batch, spec.index + 1);
    await documents.durable();
    await rm(built.path, { force: true });
    this.advance(batch, { documents: spec.index + 1 });
    this.deps.logger.info('batch document made', { batch: batch.id, part: spec.index + 1, pages: built.pages.length });
  }

  /** The original as one document of its folder (its copy becomes the spool copy), the batch done. */
  async adoptOriginal(
    batch: CaptureBatch,
    as: { autoSubmit: boolean; error?: DocumentError; step: HistoryStep; notice?: NoticeCode },
  ): Promise<void> {
    const { originals, spool, queue, documents, batches } = this.deps;
    const docId = randomUUID();
    const copy = await spool.copyFrom(originals.pathOf(batch.id), docId, originals.dir);
    await queue.adopt(
      [
        {
          id: docId,
          fileName: batch.fileName,
          sourceFolder: batch.sourceFolder,
          source: { path: batch.sourcePath, size: batch.sourceSize, mtimeMs: batch.sourceMtimeMs },
          copy,
          metadata: batch.metadata,
          autoSubmit: as.autoSubmit,
          ...(as.error ? { error: as.error } : {}),
          step: as.step,
        },
      ],
      () => batches.setState(batch.id, 'done', this.now()),
    );
    this.finished(batch.id);
    if (as.error) this.deps.logger.warn('batch kept whole', { batch: batch.id, code: as.error.code });
    else this.deps.logger.info('batch is one document: no separator sheet found', { batch: batch.id });
    // Raised with the document, as the clerk sees it arrive.
    if (as.notice) this.notice('warning', as.notice, { file: batch.fileName });
    await documents.durable();
    await originals.remove(batch.id);
    await rm(join(this.deps.workDir, batch.id), { recursive: true, force: true });
  }

  /**
   * One notice for the batch when all its documents are in, never one per part; none when nothing was
   * separated (one document). Raised with the last document, as the clerk sees it arrive.
   */
  splitNotice(batch: CaptureBatch, documents: number): void {
    if (documents > 1) this.notice('info', 'capture.split', { file: batch.fileName });
  }

  /** Every part is made: their number is known now, and the batch is split (in the caller's unit of work). */
  async markSplit(id: string): Promise<void> {
    const { batches } = this.deps;
    await batches.setPartCount(id, (await batches.partsMade(id)).count);
    await batches.setState(id, 'split', this.now());
  }

  /** Whether the folder would submit the scan as it is: auto-submit on and its required fields filled. */
  submitsAsIs(batch: CaptureBatch): boolean {
    return batch.autoSubmit && batch.requiredFields.every((f) => !!batch.metadata[f]?.trim());
  }
}

/**
 * Cover-sheet values by field. A value no metadata field may hold (a control character…), or without its
 * field's format (a case number not in the platform's form, a document type not configured), is left out
 * and listed in `unfit`: that part is not submitted by itself, and does not take the batch's value either.
 */
function coverSheetMetadata(
  values: Record<string, string>,
  formats: PlaceholderFormats,
): { metadata: Metadata; unfit: MetadataField[] } {
  const metadata: Metadata = {};
  const unfit: MetadataField[] = [];
  for (const [group, raw] of Object.entries(values)) {
    const field = captureGroupField(group);
    if (!field) continue; // refused by the settings schema; an older file's pattern may still have one
    const value = raw.normalize('NFC');
    const fitting = metadataValueProblem(value) ? undefined : inFormat(field, value, formats);
    if (fitting !== undefined) metadata[field] = fitting;
    else unfit.push(field);
  }
  return { metadata, unfit };
}
