/**
 * The end of the line: when the last part of a split batch is archived (uploaded), the original is archived
 * as a document's would be (its archive path saved first) and the scanner's file removed if unchanged, or a
 * scan's page files go; the batch is done. Idempotent, run again at start.
 */
import type { Document } from '../../../../shared/domain/document';
import { LineStage } from './capture-line';

export class BatchCompletion extends LineStage {
  private completing: Promise<void> = Promise.resolve();

  partChanged(d: Document): void {
    if (d.state !== 'archived') return;
    const link = this.deps.batches.partOf(d.id);
    if (link) this.completeSoon(link.batchId);
  }

  completeSoon(batchId: string): void {
    this.completing = this.completing
      .then(() => this.complete(batchId))
      .catch((e: unknown) =>
        this.deps.logger.error('original not archived; tried again at the next start', { batch: batchId, error: e }),
      );
  }

  private async complete(batchId: string): Promise<void> {
    const { batches, archiver, work } = this.deps;
    const batch = batches.get(batchId);
    if (this.stopping || !batch || batch.state !== 'split' || batches.partsPending(batchId) > 0) return;
    if (batch.kind === 'scan') {
      // Every document of the scan is uploaded: its pages are in them (separator sheets and blank pages
      // left out were only paper), and the page files go.
      work.transaction(() => batches.setState(batchId, 'done', this.now()));
      await work.durable();
      await this.deps.scans?.remove(batchId);
      this.deps.logger.info('scan done; its pages removed', { batch: batchId });
      return;
    }
    const now = new Date(this.deps.clock.now());
    const original = {
      id: batch.id,
      fileName: batch.fileName,
      spoolName: batch.id,
      sourcePath: batch.sourcePath,
      sourceSize: batch.sourceSize,
      sourceMtimeMs: batch.sourceMtimeMs,
      ...(batch.archivePath ? { archivePath: batch.archivePath } : {}),
    };
    // Where it goes is on disk before it moves, so a crash after the move finds it (as for documents).
    const planned = archiver.plannedPath(original, now);
    if (planned && planned !== batch.archivePath) {
      work.transaction(() => batches.setArchivePath(batchId, planned, this.now()));
      await work.durable();
    }
    await archiver.archive({ ...original, ...(planned ? { archivePath: planned } : {}) }, now);
    work.transaction(() => batches.setState(batchId, 'done', this.now()));
    this.deps.logger.info('batch done; original archived', { batch: batchId });
  }

  /** Resolves when no completion is under way. */
  settled(): Promise<void> {
    return this.completing;
  }
}
