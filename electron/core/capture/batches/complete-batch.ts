/**
 * The end of the line: when the last part of a split batch is archived (uploaded), the original is archived
 * as a document's would be (its archive path saved first) and the scanner's file removed if unchanged, or a
 * scan's page files go; the batch is done. Idempotent, run again at start.
 */
import type { Document } from '../../../../shared/domain/document';
import { LineStage } from './capture-line';

export class BatchCompletion extends LineStage {
  private completing: Promise<void> = Promise.resolve();
  /**
   * A look or a completion was cut off because the storage did not answer (the office database restarting):
   * the split batches are looked at again once it answers (`lookAgain`), not only at the next start.
   */
  private missed = false;

  /** A part archived may complete its batch (asked in the completions' turn, one after another). */
  partChanged(d: Document): void {
    if (d.state !== 'archived') return;
    this.completing = this.completing.then(async () => {
      const link = await this.deps.batches.partOf(d.id).catch((e: unknown) => {
        if (this.outOfReach(e)) return undefined;
        this.deps.logger.error('archived part not looked up; its batch is completed at the next start', {
          document: d.id,
          error: e,
        });
        return undefined;
      });
      if (link) await this.completeNow(link.batchId);
    });
  }

  completeSoon(batchId: string): void {
    this.completing = this.completing.then(() => this.completeNow(batchId));
  }

  /** The storage answers again: what its outage cut off is done now, as the start does (every split batch). */
  lookAgain(): void {
    if (!this.missed || this.stopping) return;
    this.missed = false;
    this.completeEverySplit();
  }

  /**
   * Every split batch is completed now if its parts are all archived (at start, and after an outage): one
   * look, in the completions' turn. Cut off by the storage, it is looked at again once it answers.
   */
  completeEverySplit(): void {
    this.completing = this.completing.then(async () => {
      try {
        for (const b of await this.deps.batches.inState('split')) await this.completeNow(b.id);
      } catch (e) {
        if (!this.outOfReach(e)) this.deps.logger.error('split batches not looked at', { error: e });
      }
    });
  }

  private completeNow(batchId: string): Promise<void> {
    return this.complete(batchId).catch((e: unknown) => {
      if (this.outOfReach(e)) return;
      this.deps.logger.error('original not archived; tried again at the next start', { batch: batchId, error: e });
    });
  }

  /** Out of reach (said once by the storage itself): remembered for lookAgain, not logged per part. */
  private outOfReach(e: unknown): boolean {
    if (!this.deps.documents.outOfReach?.(e)) return false;
    this.missed = true;
    return true;
  }

  private async complete(batchId: string): Promise<void> {
    const { batches, archiver, documents } = this.deps;
    const batch = await batches.get(batchId);
    if (this.stopping || !batch || batch.state !== 'split' || (await batches.partsPending(batchId)) > 0) return;
    if (batch.kind === 'scan') {
      // Every document of the scan is uploaded: its pages are in them (separator sheets and blank pages
      // left out were only paper), and the page files go.
      await this.done(batchId);
      await documents.durable();
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
      await batches.setArchivePath(batchId, planned, this.now());
      await documents.durable();
    }
    await archiver.archive({ ...original, ...(planned ? { archivePath: planned } : {}) }, now);
    await this.done(batchId);
    this.deps.logger.info('batch done; original archived', { batch: batchId });
  }

  /**
   * The batch done, in one unit of work with the check that it is still split: run once at a time here, and
   * by another station's completion on a shared database only once.
   */
  private done(batchId: string): Promise<boolean> {
    return this.deps.batches.transaction(async (tx) => {
      if ((await tx.get(batchId))?.state !== 'split') return false;
      await tx.setState(batchId, 'done', this.now());
      return true;
    });
  }

  /** Resolves when no completion is under way. */
  settled(): Promise<void> {
    return this.completing;
  }
}
