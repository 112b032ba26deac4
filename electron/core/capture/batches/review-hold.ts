/**
 * Batch review (issue #38 item 8): an analysed batch waits for the clerk with its planned split (every
 * page's role, the documents), stored with the state `held` and flushed, so a restart shows it again
 * without analysing it again; the clerk releases it with the split shown, stored (`released`, flushed)
 * before any document is made.
 */
import { basename, join } from 'node:path';
import { rm } from 'node:fs/promises';
import type { HeldBatch, HeldPage } from '../../../../shared/domain/capture';
import { releasedSplitProblem } from '../../../../shared/domain/capture';
import { IntakeError } from '../../errors';
import type { PlanPage, SeparationPlan } from '../analysis/planner';
import { separatorTest } from '../analysis/planner';
import type { CaptureBatch, StoredPlan } from './batch-storage';
import { type CaptureLine, LineStage } from './capture-line';

export class ReviewHold extends LineStage {
  constructor(
    line: CaptureLine,
    /** The released split's documents are made in the batch's folder lane. */
    private readonly releaseSoon: (batch: CaptureBatch) => void,
  ) {
    super(line);
  }

  /**
   * The analysed batch waits for the clerk: its plan (every page's role, the documents) is stored with the
   * state `held` in one transaction and flushed, so a restart shows it again without analysing it again.
   */
  async hold(batch: CaptureBatch, analysed: PlanPage[], plan: SeparationPlan): Promise<void> {
    const { documents, batches, logger } = this.deps;
    const isSeparator = separatorTest(batch.profile);
    const pages: HeldPage[] = [...analysed]
      .sort((a, b) => a.page - b.page)
      .map((p) => ({
        page: p.page,
        role: isSeparator(p) ? 'separator' : p.blank && p.barcodes.length === 0 ? 'blank' : 'content',
      }));
    const stored: StoredPlan = {
      pages,
      documents: plan.documents.map((d) => ({ pages: d.pages, metadata: d.metadata })),
    };
    await batches.setPlan(batch.id, 'held', stored, this.now());
    await documents.durable();
    logger.info('batch held for review', { batch: batch.id, pages: pages.length, documents: stored.documents.length });
    this.finished(batch.id);
    await this.heldChanged();
    this.notice('info', 'capture.held', { file: batch.fileName });
    await rm(join(this.deps.workDir, batch.id), { recursive: true, force: true });
  }

  /** The batches waiting for the clerk's review, oldest first. */
  async held(): Promise<HeldBatch[]> {
    return (await this.deps.batches.inState('held'))
      .filter((b) => b.plan)
      .map((b) => ({
        id: b.id,
        fileName: b.fileName,
        sourceFolder: b.sourceFolder,
        receivedAt: b.receivedAt,
        ...(b.kind === 'scan' ? { scanned: true } : {}),
        pages: b.plan!.pages,
        documents: b.plan!.documents,
      }));
  }

  /** A held batch's original, for the review's page thumbnails (read by the content route, `held-<id>`). */
  async heldOriginal(batchId: string): Promise<{ path: string; fileName: string } | undefined> {
    const b = await this.deps.batches.get(batchId);
    return b?.state === 'held' && b.kind !== 'scan'
      ? { path: this.deps.originals.pathOf(b.id), fileName: b.fileName }
      : undefined;
  }

  /** A held scan's page file, for the review's thumbnails (a scan has no one original). */
  async heldScanPage(batchId: string, page: number): Promise<{ path: string; fileName: string } | undefined> {
    const b = await this.deps.batches.get(batchId);
    if (b?.state !== 'held' || b.kind !== 'scan') return undefined;
    const path = this.deps.scans?.pageFile(batchId, page);
    return path ? { path, fileName: basename(path) } : undefined;
  }

  private async heldChanged(): Promise<void> {
    this.deps.bus.emit({ type: 'capture.held', batches: await this.held() });
  }

  /**
   * The clerk releases a held batch with the split shown: stored (state `released`, flushed) before any
   * document is made, then made through the same adoption as every part (makePart: one transaction per
   * document with its capture_parts row). A restart after a kill makes the documents not made yet, from
   * the stored split: each exactly once. A second release of the same batch is refused.
   */
  async release(batchId: string, documents: number[][]): Promise<{ documents: number }> {
    const { batches, logger } = this.deps;
    // Read, checked and released in one unit of work: of two releases of one batch, the later finds it released.
    const batch = await batches.transaction(async (tx) => {
      const batch = await tx.get(batchId);
      if (!batch || batch.state !== 'held' || !batch.plan)
        throw new IntakeError('validation', 'capture.not_held', 'This batch is not waiting for review any more.');
      const problem = releasedSplitProblem(documents, batch.plan.pages.length);
      if (problem) throw new IntakeError('validation', 'capture.release_plan', `The split cannot be made: ${problem}.`);
      const planned = batch.plan.documents;
      const released: StoredPlan = {
        pages: batch.plan.pages,
        documents: documents.map((pages, i) => ({ pages, metadata: planned[i]?.metadata ?? {} })),
      };
      await tx.setPlan(batchId, 'released', released, this.now());
      return batch;
    });
    await this.deps.documents.durable();
    logger.info('batch released', { batch: batchId, documents: documents.length });
    await this.heldChanged();
    this.releaseSoon(batch);
    return { documents: documents.length };
  }
}
