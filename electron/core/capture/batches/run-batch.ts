/**
 * One batch down capture's line, stage after stage: its pages analysed (analyse-pages.ts) and planned as
 * they come (StreamPlanner), each document a separator sheet closes built (make-parts.ts) and handed to the
 * queue (hand-over.ts) while the analysis goes on, or the whole plan held for the clerk's review
 * (review-hold.ts) and made once released; and the ways out when a batch cannot be split (kept whole, or
 * its rest kept as one document). A file and a scan run the same line.
 */
import { rm } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { PageAnalysis } from '../../../../shared/domain/capture';
import type { DocumentError } from '../../../../shared/domain/document';
import { historyStep, type HistoryStep } from '../../../../shared/domain/history';
import type { NoticeCode } from '../../../../shared/domain/notice';
import type { AnalyseFileResult } from '../analysis/capture-pool';
import type { PlannedDocument, PlanPage } from '../analysis/planner';
import { StreamPlanner } from '../analysis/stream-planner';
import { foundSeparator, partFileName } from '../split/part-name';
import type { PageAnalyser } from './analyse-pages';
import type { BatchPages } from './batch-pages';
import {
  AS_SCANNED,
  GOES_ON_AS_PLAIN,
  INTERRUPTED,
  MAX_ANALYSIS_STARTS,
  NOTHING_TO_SPLIT,
  PartProblem,
  SPECIFIC_NOTICES,
  analysisFailed,
  keptWholeError,
  pageList,
  partError,
  partStep,
  type PartSpec,
} from './batch-plan';
import type { CaptureBatch } from './batch-storage';
import { type CaptureLine, LineStage } from './capture-line';
import type { BatchCompletion } from './complete-batch';
import type { HandOver } from './hand-over';
import type { PartMaker } from './make-parts';
import type { ReviewHold } from './review-hold';

/** The stages a batch passes, in the line's order. */
export interface LineStages {
  batchPages: BatchPages;
  pages: PageAnalyser;
  review: ReviewHold;
  parts: PartMaker;
  handOver: HandOver;
  completion: BatchCompletion;
}

export class BatchRun extends LineStage {
  private readonly batchPages: BatchPages;
  private readonly pages: PageAnalyser;
  private readonly review: ReviewHold;
  private readonly parts: PartMaker;
  private readonly handOver: HandOver;
  private readonly completion: BatchCompletion;

  constructor(line: CaptureLine, stages: LineStages) {
    super(line);
    this.batchPages = stages.batchPages;
    this.pages = stages.pages;
    this.review = stages.review;
    this.parts = stages.parts;
    this.handOver = stages.handOver;
    this.completion = stages.completion;
  }

  async analyse(id: string): Promise<void> {
    const { batches, originals, documents, logger } = this.deps;
    const batch = await batches.get(id);
    if (this.stopping || !batch || batch.state !== 'received') return;
    const partsDir = join(this.deps.workDir, id, 'parts');
    // A part published and not adopted before a crash is made again: only an adopted part counts.
    await rm(join(this.deps.workDir, id), { recursive: true, force: true });
    const made = await batches.partsMade(id);
    this.advance(batch, { documents: made.count, analysed: made.nextPage });
    const starts = batch.analysisStarts ?? 0;
    if (starts >= MAX_ANALYSIS_STARTS) {
      logger.warn('batch analysis was cut off before; kept whole without analysing it', { batch: id, starts });
      return this.keepRest(batch, INTERRUPTED, partsDir);
    }
    // On disk before the work: if the analysis takes the process down, the next start knows it.
    await batches.markAnalysisStart(id, this.now());
    await documents.durable();
    logger.info('batch analysis started', { batch: id, attempt: starts + 1, fromPage: made.nextPage });
    const started = Date.now();
    // Each document is made as soon as a separator sheet closes it, while the analysis goes on; they are
    // made one after another, in scanner order.
    const planner = new StreamPlanner(batch.profile, made.nextPage);
    // Batch review (issue #38 item 8): nothing is made while the analysis runs; the plan is held.
    const review = batch.profile.review === true;
    const analysed: PlanPage[] = [];
    let next = made.count;
    let making: Promise<void> = Promise.resolve();
    let partFailed: unknown;
    // The first document this analysis makes takes its start back: an analysis that got further than the
    // last one is no mark against the batch if the program ends later (an admin's kill, a service restart
    // during a long batch). Only ends with nothing made in between count (MAX_ANALYSIS_STARTS).
    let progressed = false;
    const make = (spec: PartSpec) => {
      making = making.then(async () => {
        if (partFailed !== undefined || this.stopping) return;
        try {
          await this.makePart(batch, spec, partsDir);
        } catch (e) {
          partFailed = e;
          return;
        }
        if (progressed) return;
        progressed = true;
        await batches.unmarkAnalysisStart(id, this.now());
        await documents.durable();
      });
    };
    const closed = (d: PlannedDocument): PartSpec => ({
      index: next++,
      pages: d.pages,
      metadata: d.metadata,
      flagged: d.flaggedBlankPages,
      file: partFileName(batch.fileName, d.pages),
      step: (pages, i) => partStep(batch.fileName, i, pages, d.flaggedBlankPages),
    });
    // The part worker reads and parses the original while the first pages are analysed.
    if (batch.kind !== 'scan')
      this.builder()
        .prepare({ path: originals.pathOf(id), fileName: batch.fileName, sha256: batch.sha256 })
        .catch(() => undefined);
    let result: AnalyseFileResult | 'caught-up';
    const onPage = (page: PageAnalysis) => {
      if (review) analysed.push({ page: page.page, barcodes: page.barcodes, blank: page.blank });
      for (const d of planner.add(page)) if (!review) make(closed(d));
      this.advance(batch, { analysed: made.nextPage + planner.contiguous });
    };
    try {
      result = await this.pages.analyse(batch, made.nextPage, onPage);
    } catch (e) {
      await making;
      if (this.stopping) return this.stoppedDuring(id, progressed);
      logger.error('batch analysis failed; kept whole', { batch: id, error: e });
      return this.keepRest(batch, analysisFailed(e), partsDir);
    }
    await making;
    if (this.stopping) return this.stoppedDuring(id, progressed);
    if (partFailed !== undefined) return this.keepRest(batch, partError(partFailed), partsDir);
    // A scan still open: every page there is analysed and the documents it closed are made; the rest waits
    // for the next page (or the clerk's "finish"). Pausing is no mark against the batch.
    if (result === 'caught-up') return this.stoppedDuring(id, progressed);
    if (!result.ok) return this.keepRest(batch, keptWholeError(result.problem), partsDir);
    const { plan, rest } = planner.finish();
    if (review) return this.review.hold(batch, analysed, plan);
    if (next === 0 && !foundSeparator(plan)) {
      // No separator sheet in it (a one-page letter, a photo): the scan is one document, name and bytes as
      // they came, with no part name and no split notice.
      if (plan.dropped.length === 0 && plan.documents.length === 1 && batch.kind !== 'scan')
        return this.handOver.adoptOriginal(batch, { autoSubmit: this.handOver.submitsAsIs(batch), step: AS_SCANNED });
      if (plan.documents.length === 0) return this.keepWhole(batch, NOTHING_TO_SPLIT);
      // Blank pages left out of it: one PDF with the file's name.
      const only = plan.documents[0]!;
      make({
        index: next++,
        last: true,
        pages: only.pages,
        metadata: only.metadata,
        flagged: only.flaggedBlankPages,
        file: partFileName(batch.fileName, only.pages, false),
        step: (pages) =>
          only.flaggedBlankPages.length > 0
            ? historyStep('pagesNoSeparatorFlagged', {
                pages: pageList(pages),
                file: batch.fileName,
                blank: pageList(only.flaggedBlankPages),
              })
            : historyStep('pagesNoSeparator', { pages: pageList(pages), file: batch.fileName }),
      });
    } else if (next === 0 && plan.documents.length === 0) return this.keepWhole(batch, NOTHING_TO_SPLIT);
    else for (const [i, d] of rest.entries()) make({ ...closed(d), last: i === rest.length - 1 });
    await making;
    if (this.stopping) return this.stoppedDuring(id, progressed);
    if (partFailed !== undefined) return this.keepRest(batch, partError(partFailed), partsDir);
    // Every document is in the queue: the batch is split (its original goes once they are all uploaded);
    // with its last part's transaction, or here when the last document was made before the end (the file
    // ends with separator sheets or blank pages).
    if (await this.markSplit(id)) {
      this.handOver.splitNotice(batch, next);
      await documents.durable();
    }
    logger.info('batch split', { batch: id, documents: next, ms: Date.now() - started });
    this.finished(id);
    await rm(join(this.deps.workDir, id), { recursive: true, force: true });
    this.completion.completeSoon(id);
  }

  /**
   * A clean stop cut the analysis off: that is no mark against the batch; it resumes at the next start.
   * (Taken back once: an analysis that made a document took its start back already.)
   */
  private async stoppedDuring(id: string, progressed: boolean): Promise<void> {
    if (progressed) return;
    await this.deps.batches.unmarkAnalysisStart(id, this.now());
  }

  /**
   * A batch still received is marked split (its parts counted), in one unit of work with the check; false
   * when its last part's unit marked it already.
   */
  private markSplit(id: string): Promise<boolean> {
    return this.deps.batches.transaction(async (tx) => {
      if ((await tx.get(id))?.state !== 'received') return false;
      await this.handOver.markSplit(id);
      return true;
    });
  }

  /**
   * One document of the batch: built and published in the part worker (make-parts.ts), then handed over
   * to the queue (hand-over.ts: copied into the spool, adopted with its link to the batch, flushed).
   */
  async makePart(batch: CaptureBatch, spec: PartSpec, partsDir: string): Promise<void> {
    const built = await this.parts.build(batch, spec, partsDir);
    await this.handOver.adoptPart(batch, spec, built, partsDir);
  }

  /**
   * The batch cannot be finished (a failed or cut-off analysis, a part that cannot be built). With no part
   * made yet it is kept whole, as before. With parts in the inbox already, what is left of it (from the
   * page after the last part) is one more document, carrying the reason; if even that cannot be built, the
   * original goes whole as well, so a page may be there twice but none is lost.
   */
  private async keepRest(batch: CaptureBatch, error: DocumentError, partsDir: string): Promise<void> {
    const { batches, documents, logger } = this.deps;
    const made = await batches.partsMade(batch.id);
    if (made.count === 0) return this.keepWhole(batch, error);
    try {
      await this.makePart(
        batch,
        {
          index: made.count,
          fromPage: made.nextPage,
          metadata: {},
          flagged: [],
          file: `${basename(batch.fileName, extname(batch.fileName))}_p{pages}.pdf`,
          step: (pages) =>
            historyStep('pagesNotSplit', {
              pages: pageList(pages),
              file: batch.fileName,
              errorCode: error.code,
              reason: error.message,
            }),
          error,
          autoSubmit: GOES_ON_AS_PLAIN.has(error.code) && this.handOver.submitsAsIs(batch),
          last: true,
        },
        partsDir,
      );
    } catch (e) {
      const none = e instanceof PartProblem && e.problem.code === 'no-pages';
      if (!none) {
        logger.error('rest of the batch not built; the original goes whole as well', { batch: batch.id, error: e });
        return this.keepWhole(batch, error);
      }
    }
    if (await this.markSplit(batch.id)) await documents.durable();
    logger.warn('batch not finished; its rest kept as one document', { batch: batch.id, code: error.code });
    this.finished(batch.id);
    this.notice('warning', 'capture.kept', { file: batch.fileName });
    await rm(join(this.deps.workDir, batch.id), { recursive: true, force: true });
    this.completion.completeSoon(batch.id);
  }

  /** A scan kept whole (a reason, or no separator sheet): one PDF of all its pages, or nothing without pages. */
  private async keepScanWhole(
    batch: CaptureBatch,
    as: { autoSubmit: boolean; error?: DocumentError; step: HistoryStep; notice?: NoticeCode },
  ): Promise<void> {
    const { documents, batches } = this.deps;
    if ((await this.batchPages.scanPages(batch.id)).length === 0) {
      this.finished(batch.id);
      await batches.setState(batch.id, 'done', this.now());
      await documents.durable();
      await this.deps.scans?.remove(batch.id);
      return;
    }
    await this.makePart(
      batch,
      {
        index: 0,
        fromPage: 0,
        metadata: {},
        flagged: [],
        file: batch.fileName,
        // The scan's pages, with the reason it was kept whole (a scanner's pages have no file to keep as it is).
        step: (pages) =>
          as.error
            ? historyStep('pagesNotSplit', {
                pages: pageList(pages),
                file: batch.fileName,
                errorCode: as.error.code,
                reason: as.error.message,
              })
            : historyStep('pagesNoSeparator', { pages: pageList(pages), file: batch.fileName }),
        ...(as.error ? { error: as.error } : {}),
        autoSubmit: as.autoSubmit,
        last: true,
      },
      join(this.deps.workDir, batch.id, 'parts'),
    );
    this.finished(batch.id);
    if (as.notice) this.notice('warning', as.notice, { file: batch.fileName });
    await rm(join(this.deps.workDir, batch.id), { recursive: true, force: true });
    this.completion.completeSoon(batch.id);
  }

  /**
   * The batch as one document, with the reason; the original's copy is its spool copy. One refused by a
   * limit or cut off by a crash (GOES_ON_AS_PLAIN) is a plain document of its folder: auto-submitted when
   * the folder would submit it, so an unattended station still delivers the scan as it is. One the program
   * cannot read as pages (encrypted, damaged, no pages) waits in the inbox for the clerk.
   */
  private async keepWhole(batch: CaptureBatch, error: DocumentError): Promise<void> {
    // A limit or a crash says which (the clerk may rescan in parts); other reasons the generic sentence.
    const specific = SPECIFIC_NOTICES.find((code) => code === error.code);
    await this.keepOriginal(batch, {
      autoSubmit: GOES_ON_AS_PLAIN.has(error.code) && this.handOver.submitsAsIs(batch),
      error,
      step: historyStep('keptWhole', { errorCode: error.code, reason: error.message }),
      notice: specific ?? 'capture.kept',
    });
  }

  /** The batch as one document: a file's original handed over as it is, a scan's pages made into one PDF. */
  private keepOriginal(batch: CaptureBatch, as: Parameters<HandOver['adoptOriginal']>[1]): Promise<void> {
    return batch.kind === 'scan' ? this.keepScanWhole(batch, as) : this.handOver.adoptOriginal(batch, as);
  }

  /** The released split's documents not made yet, one after another (resumes after a restart). */
  async makeReleased(id: string): Promise<void> {
    const { batches, logger } = this.deps;
    const batch = await batches.get(id);
    if (this.stopping || !batch || batch.state !== 'released' || !batch.plan) return;
    const partsDir = join(this.deps.workDir, id, 'parts');
    // A part published and not adopted before a crash is made again: only an adopted part counts.
    await rm(join(this.deps.workDir, id), { recursive: true, force: true });
    const documents = batch.plan.documents;
    const blank = new Set(batch.plan.pages.filter((p) => p.role === 'blank').map((p) => p.page));
    const made = (await batches.partsMade(id)).count;
    this.advance(batch, { pages: batch.plan.pages.length, analysed: batch.plan.pages.length, documents: made });
    try {
      for (let i = made; i < documents.length; i++) {
        if (this.stopping) return;
        const d = documents[i]!;
        const flagged = d.pages.filter((p) => blank.has(p));
        await this.makePart(
          batch,
          {
            index: i,
            pages: d.pages,
            metadata: d.metadata,
            flagged,
            file: partFileName(batch.fileName, d.pages),
            step: (pages, k) => partStep(batch.fileName, k, pages, flagged),
            last: i === documents.length - 1,
          },
          partsDir,
        );
      }
    } catch (e) {
      if (this.stopping) return;
      logger.error('released batch: a document could not be made', { batch: id, error: e });
      return this.keepRest(batch, partError(e), partsDir);
    }
    logger.info('batch split', { batch: id, documents: documents.length, released: true });
    this.finished(id);
    await rm(join(this.deps.workDir, id), { recursive: true, force: true });
    this.completion.completeSoon(id);
  }
}
