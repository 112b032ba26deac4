/**
 * Capture in the intake pipeline: a file from a folder whose profile has `capture` is a scanned batch. Its
 * copy is kept as the batch's original, analysed in the capture worker pool (never on this thread), split
 * with the crash-safe split writer, and each part becomes a document of its own (in the inbox, or queued
 * with auto-submit) with the cover sheet's values as metadata. The original and the scanner's file stay
 * until every part is uploaded, then go as any document's do (archived or deleted).
 *
 * Files from other folders go straight to the queue: taking a batch returns once its copy is on disk and the
 * analysis runs in the background, one batch at a time per watched folder (the pool serves the folders'
 * batches in turn, chunk by chunk), so a batch never holds up other files, uploads, or another folder's batch.
 *
 * A bad scan never takes the station down twice: the start of each analysis is committed before the work
 * (BatchStore.markAnalysisStart). An analysis that fails, runs out of its time or loses its worker keeps
 * the batch whole at once (capture.failed); one that was cut off by the process ending is tried once more
 * at the next start (a power cut or a kill during a good batch's analysis), and after a second such end
 * the batch is kept whole without being analysed again (capture.interrupted).
 *
 * A batch's documents appear as its analysis goes on (issue #30 item 6): a document is made as soon as a
 * separator sheet closes it (StreamPlanner), its PDF built in the part worker (never on this thread).
 *
 * Crash safety, step by step (each a commit point; start() finishes or undoes whatever was in between):
 * 1. the original copied into `originals/` (`.partial`, fsync, rename) → the batch row + the file's seen key
 *    in one transaction. Before it: an orphan copy, swept; the scanner file is taken again.
 * 2. per document, in scanner order: its PDF published into `work/<batch>/parts/` (staged, manifest,
 *    renames: split-commit.ts) → copied into the spool → one transaction inserts its document and its
 *    `capture_parts` row, flushed before the next part. Before it: a published part and an orphan spool
 *    copy, both removed at the next start (the work folder, the queue's spool sweep), and the part is made
 *    again. So a part is in the queue exactly when its row is, and a restart resumes the analysis at the
 *    page after the last part's (BatchStore.partsMade): no page lost, no part made twice.
 * 3. after the last part (with the count of parts), the batch is marked split.
 * 4. when the last part is archived: the original's archive path saved, the original archived, the scanner
 *    file removed (if unchanged), the batch done. Only a split batch gets there: the scanner's file stays
 *    until every part is made and uploaded. Idempotent, run again at start.
 */
import { createHash, randomUUID } from 'node:crypto';
import { historyStep, type HistoryStep } from '../../../../shared/domain/history';
import { mkdir, readdir, rm, stat } from 'node:fs/promises';
import { basename, extname, join } from 'node:path';
import type { CaptureBatchProgress, CaptureProblem, HeldBatch, HeldPage } from '../../../../shared/domain/capture';
import { CAPTURE_MAX_PAGES, captureGroupField, releasedSplitProblem } from '../../../../shared/domain/capture';
import type { Document, DocumentError } from '../../../../shared/domain/document';
import type { Metadata } from '../../../../shared/domain/metadata';
import { metadataValueProblem } from '../../../../shared/domain/metadata';
import type { NoticeCode, NoticeValues } from '../../../../shared/domain/notice';
import type { MetadataField } from '../../../../shared/platform/inbox';
import type { EventBus } from '../../events/event-bus';
import type { PlaceholderFormats } from '../../intake/file-name-pattern';
import { inFormat } from '../../intake/file-name-pattern';
import type { IntakeTarget } from '../../intake/hot-folder-service';
import type { Archiver } from '../../queue/archiver';
import type { IncomingFile } from '../../intake/incoming-file';
import type { DocumentQueue } from '../../queue/document-queue';
import type { QueueWork } from '../../queue/queue-work';
import type { Spool } from '../../queue/spool';
import type { Clock } from '../../util/clock';
import type { Logger } from '../../util/logger';
import type { AnalyseFileResult, CapturePool } from '../analysis/capture-pool';
import type { PageAnalysis } from '../../../../shared/domain/capture';
import type { ScannerProblemCode } from '../../../../shared/domain/scanning';
import type { ScanPageStore } from '../scans/scan-page-store';
import { PartBuilder } from '../split/part-builder';
import type { PlannedDocument, PlanPage, SeparationPlan } from '../analysis/planner';
import { separatorTest } from '../analysis/planner';
import { IntakeError } from '../../errors';
import { foundSeparator, partFileName } from '../split/part-name';
import { StreamPlanner } from '../analysis/stream-planner';
import type { BatchStore, CaptureBatch, StoredPlan } from './batch-store';

export interface CaptureIntakeDeps {
  queue: DocumentQueue;
  /** The queue's unit of work: a batch's records commit in the queue's transactions, never on their own. */
  work: QueueWork;
  batches: BatchStore;
  /** The queue's spool: the parts' copies go there under their document ids. */
  spool: Spool;
  /** The batches' originals, under their batch ids. */
  originals: Spool;
  /** Per batch `<id>/parts/`: the part worker publishes each part there before it is copied into the spool. */
  workDir: string;
  /** Archives an original as the queue archives a document (its spoolPath reads from `originals`). */
  archiver: Archiver;
  /** Scans from the desk: their pages as they arrive (issue #38). */
  scans?: ScanPageStore;
  /** The analysis workers, made on first use. */
  pool: () => CapturePool;
  /** The worker that builds the part PDFs, made on first use; default a PartBuilder. */
  partBuilder?: () => PartBuilder;
  /**
   * The formats a case number and a document type must have (as for file-name placeholders): a cover-sheet
   * value without its field's format is left out, and that part waits in the inbox.
   */
  formats?: () => PlaceholderFormats;
  bus: EventBus;
  clock: Clock;
  logger: Logger;
}

/** One document of a batch, to be built by the part worker and adopted. */
interface PartSpec {
  /** 0-based, in scanner order. */
  index: number;
  /** 0-based pages of the original; absent: every page from `fromPage` on (what is left of the batch). */
  pages?: number[];
  fromPage?: number;
  metadata: Record<string, string>;
  flagged: number[];
  /** The part's file name (`{pages}`: the range the worker counted). */
  file: string;
  /** Its first history entry, given the pages it holds. */
  step: (pages: number[], index: number) => HistoryStep;
  error?: DocumentError;
  /** Whether it is queued, when not by the folder's rule (a rest kept with a reason). */
  autoSubmit?: boolean;
  /** The batch's last part: its transaction also marks the batch split. */
  last?: boolean;
}

/** A part that could not be built: the reason says what is wrong with the file. */
class PartProblem extends Error {
  constructor(readonly problem: CaptureProblem) {
    super(problem.message);
  }
}

/** Why a batch was kept whole: its document carries this (keepWhole says whether it waits for the clerk). */
function keptWholeError(problem: CaptureProblem): DocumentError {
  const message = `Kept whole, not split: ${problem.message}`;
  switch (problem.code) {
    case 'encrypted':
      return { code: 'capture.encrypted', message, retryable: false };
    case 'damaged':
      return { code: 'capture.damaged', message, retryable: false };
    case 'no-pages':
      return { code: 'capture.no_pages', message, retryable: false };
    case 'unsupported':
      return { code: 'capture.unsupported', message, retryable: false };
    case 'too-large':
      return { code: 'capture.too_large', message, retryable: false };
    case 'too-many-pages':
      return { code: 'capture.too_many_pages', message, retryable: false };
  }
}
const NOTHING_TO_SPLIT: DocumentError = {
  code: 'capture.no_documents',
  message: 'Kept whole, not split: it holds nothing but separator sheets and blank pages.',
  retryable: false,
};
/** The history of a scan in which no separator sheet was found: one document, as the scanner wrote it. */
const AS_SCANNED = historyStep('asScanned');
/** Analyses begun and cut off by the process ending, after which a batch is kept whole unanalysed. */
export const MAX_ANALYSIS_STARTS = 2;
const INTERRUPTED: DocumentError = {
  code: 'capture.interrupted',
  message:
    'Kept whole, not split: its analysis was cut off twice as the program ended (it may have crashed it), so it is not analysed again.',
  retryable: false,
};
/** Kept-whole reasons that say nothing against the file itself: it goes on as a plain document (keepWhole). */
const GOES_ON_AS_PLAIN: ReadonlySet<string> = new Set([
  'capture.too_large',
  'capture.too_many_pages',
  'capture.interrupted',
  'capture.failed',
]);
/** Kept-whole reasons with a notice of their own (the clerk may rescan in parts); others say "kept". */
const SPECIFIC_NOTICES = ['capture.too_large', 'capture.too_many_pages', 'capture.interrupted'] as const;
const analysisFailed = (e: unknown): DocumentError => ({
  code: 'capture.failed',
  message: `Kept whole, not split: the analysis failed (${e instanceof Error ? e.message : String(e)}).`,
  retryable: false,
});

export class CaptureIntake implements IntakeTarget {
  private readonly taking = new Set<string>();
  /**
   * Batches are analysed one after another per watched folder; folders run side by side and the pool
   * gives their files turns, so a long batch in one folder does not hold up another folder's.
   */
  private readonly analysing = new Map<string, Promise<void>>();
  private completing: Promise<void> = Promise.resolve();
  /** Files being taken (copied into the originals, recorded): stop() waits for them. */
  private readonly ingesting = new Set<Promise<unknown>>();
  private stopping = false;
  private unsubscribe: (() => void) | undefined;
  private poolMade: CapturePool | undefined;
  private builderMade: PartBuilder | undefined;
  /** Batches taken and not yet made into all their documents, for the inbox (`capture.batches`). */
  private readonly inProgress = new Map<string, CaptureBatchProgress>();
  /**
   * A scan's pages analysed so far, by page: its analysis pauses when it has caught up with the scanner and
   * resumes with the next page, without analysing its pages again.
   */
  private readonly scanAnalyses = new Map<string, Map<number, PageAnalysis>>();

  constructor(private readonly deps: CaptureIntakeDeps) {}

  private now(): string {
    return new Date(this.deps.clock.now()).toISOString();
  }

  private pool(): CapturePool {
    this.poolMade ??= this.deps.pool();
    return this.poolMade;
  }

  /** After the queue's start (its spool sweep) and before the folders: recovery, then pending batches. */
  async start(): Promise<void> {
    const { batches, originals, workDir, bus } = this.deps;
    await originals.init();
    await mkdir(workDir, { recursive: true });
    const open = batches.openIds();
    await originals.sweep((name) => open.has(name));
    const received = new Set(batches.inState('received').map((b) => b.id));
    if (this.deps.scans) {
      // A scan's folder no open batch owns (a scan opened and not recorded, or done) goes; an open scan's
      // page that never finished arriving (a `.partial`) goes too: the complete pages are the scan.
      for (const entry of await this.deps.scans.batches())
        if (!open.has(entry)) await this.deps.scans.remove(entry);
        else await this.deps.scans.sweepPartial(entry);
    }
    for (const entry of await readdir(workDir)) {
      if (!received.has(entry)) await rm(join(workDir, entry), { recursive: true, force: true });
    }
    // A part archived may complete its batch (the queue's domain event, not the screen's).
    this.unsubscribe = bus.on('documents.changed', (e) => {
      for (const d of e.documents) this.partChanged(d);
    });
    for (const b of batches.inState('received'))
      this.advance(
        b,
        b.kind === 'scan' ? { pages: (await this.scanPages(b.id)).length, scan: this.scanAfterRestart(b) } : {},
      );
    for (const id of received) this.analyseSoon(id);
    // Released by the clerk before the end: the documents not made yet are made now, exactly as released.
    for (const b of batches.inState('released')) this.releaseSoon(b.id);
    for (const b of batches.inState('split')) this.completeSoon(b.id);
  }

  /** Stops taking work; a batch under analysis stays `received` and is analysed again at the next start. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    // A file still being copied in writes to the data folder: it ends (and is recorded) first.
    while (this.ingesting.size > 0) await Promise.allSettled([...this.ingesting]);
    await this.poolMade?.close();
    await this.builderMade?.close();
    await Promise.all(this.analysing.values());
    await this.completing;
  }

  /**
   * Starts the analysis workers and the part worker now (a station with a folder that splits batches):
   * its first batch then does not wait for them; they stay, as they would after that batch.
   */
  warm(): void {
    if (this.stopping) return;
    void this.pool()
      .warm()
      .catch(() => undefined);
    this.builder().warm();
  }

  /** Batches taken but not yet made into documents (`agent --once` waits for them). */
  pending(): number {
    return (
      this.deps.batches.inState('received').filter((b) => !b.scanOpen).length +
      this.deps.batches.inState('released').length
    );
  }

  /** Resolves when no batch waits for analysis. */
  async idle(): Promise<void> {
    for (;;) {
      const current = [...this.analysing.values()];
      await Promise.all(current);
      const now = [...this.analysing.values()];
      if (now.length === current.length && now.every((p, i) => p === current[i])) return;
    }
  }

  // ---- IntakeTarget --------------------------------------------------------------------------------------

  hasSeen(seenKey: string): boolean {
    return this.deps.queue.hasSeen(seenKey);
  }

  failUnreadable(file: IncomingFile, error: NodeJS.ErrnoException): unknown {
    return this.deps.queue.failUnreadable(file, error);
  }

  ingest(file: IncomingFile): Promise<{ outcome: 'created' | 'seen' | 'changed' }> {
    const taking = this.take(file);
    this.ingesting.add(taking);
    const done = () => void this.ingesting.delete(taking);
    taking.then(done, done);
    return taking;
  }

  private async take(file: IncomingFile): Promise<{ outcome: 'created' | 'seen' | 'changed' }> {
    const capture = file.capture;
    // An empty file has no pages to look at: the queue records it as failed, as for any folder.
    if (!capture || file.size === 0) return this.deps.queue.ingest(file);
    const { work, batches, originals } = this.deps;
    if (this.taking.has(file.seenKey) || work.hasSeen(file.seenKey)) return { outcome: 'seen' };
    this.taking.add(file.seenKey);
    const id = randomUUID();
    try {
      const copy = await originals.copyFrom(file.sourcePath, id, file.folder);
      const after = await stat(file.sourcePath).catch(() => undefined);
      if (!after || after.size !== file.size || Math.trunc(after.mtimeMs) !== file.mtimeMs || copy.size !== file.size) {
        await originals.remove(id);
        return { outcome: 'changed' };
      }
      const at = this.now();
      const batch: CaptureBatch = {
        id,
        fileName: file.fileName,
        sourceFolder: file.folder,
        sourcePath: file.sourcePath,
        sourceSize: file.size,
        sourceMtimeMs: file.mtimeMs,
        size: copy.size,
        sha256: copy.sha256,
        state: 'received',
        profile: capture.profile,
        metadata: file.metadata,
        autoSubmit: capture.autoSubmit,
        requiredFields: capture.requiredFields,
        receivedAt: at,
      };
      const taken = work.transaction(() => {
        if (work.hasSeen(file.seenKey)) return false;
        batches.insert(batch);
        work.markSeen(file.seenKey, id, at);
        return true;
      });
      if (!taken) {
        await originals.remove(id);
        return { outcome: 'seen' };
      }
      this.deps.logger.info('batch received', { batch: id, file: file.fileName, size: copy.size });
      // Its documents appear as it is looked through (the first within seconds): the clerk hears it is coming.
      this.notice('info', 'capture.received', { file: file.fileName });
      this.advance(batch, {});
      this.analyseSoon(id);
      return { outcome: 'created' };
    } catch (e) {
      await originals.remove(id).catch(() => undefined);
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { outcome: 'changed' };
      throw e;
    } finally {
      this.taking.delete(file.seenKey);
    }
  }

  // ---- analysis and split --------------------------------------------------------------------------------

  private analyseSoon(id: string): void {
    const batch = this.deps.batches.get(id);
    // A scan has its own lane: it pauses and resumes with the scanner, never holding up a folder's batches.
    const folder = batch?.kind === 'scan' ? `scan:${id}` : (batch?.sourceFolder ?? '');
    const next = (this.analysing.get(folder) ?? Promise.resolve())
      .then(() => this.analyse(id))
      // The part worker lets go of the batch's original (its bytes, pdf-lib's objects).
      .finally(() => this.builderMade?.forget(this.deps.originals.pathOf(id)).catch(() => undefined))
      .catch((e: unknown) =>
        this.deps.logger.error('batch not finished; tried again at the next start', { batch: id, error: e }),
      );
    this.analysing.set(folder, next);
  }

  private async analyse(id: string): Promise<void> {
    const { batches, originals, work, logger } = this.deps;
    const batch = batches.get(id);
    if (this.stopping || !batch || batch.state !== 'received') return;
    const partsDir = join(this.deps.workDir, id, 'parts');
    // A part published and not adopted before a crash is made again: only an adopted part counts.
    await rm(join(this.deps.workDir, id), { recursive: true, force: true });
    const made = batches.partsMade(id);
    this.advance(batch, { documents: made.count, analysed: made.nextPage });
    const starts = batch.analysisStarts ?? 0;
    if (starts >= MAX_ANALYSIS_STARTS) {
      logger.warn('batch analysis was cut off before; kept whole without analysing it', { batch: id, starts });
      return this.keepRest(batch, INTERRUPTED, partsDir);
    }
    // On disk before the work: if the analysis takes the process down, the next start knows it.
    work.transaction(() => batches.markAnalysisStart(id, this.now()));
    await work.durable();
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
    const make = (spec: PartSpec) => {
      making = making.then(async () => {
        if (partFailed !== undefined || this.stopping) return;
        await this.makePart(batch, spec, partsDir).catch((e: unknown) => (partFailed = e));
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
      result =
        batch.kind === 'scan'
          ? await this.analyseScan(batch, made.nextPage, onPage)
          : await this.pool().analyseFile(
              originals.pathOf(id),
              {
                dpi: batch.profile.dpi,
                blankThreshold: batch.profile.blankThreshold,
                // A batch taken before the setting existed has none in its saved profile.
                maxPages: batch.profile.maxPages ?? CAPTURE_MAX_PAGES,
                fromPage: made.nextPage,
                onOpened: (pages) => this.advance(batch, { pages }),
              },
              onPage,
            );
    } catch (e) {
      await making;
      if (this.stopping) return this.stoppedDuring(id);
      logger.error('batch analysis failed; kept whole', { batch: id, error: e });
      return this.keepRest(batch, analysisFailed(e), partsDir);
    }
    await making;
    if (this.stopping) return this.stoppedDuring(id);
    if (partFailed !== undefined) return this.keepRest(batch, this.partError(partFailed), partsDir);
    // A scan still open: every page there is analysed and the documents it closed are made; the rest waits
    // for the next page (or the clerk's "finish"). Pausing is no mark against the batch.
    if (result === 'caught-up') return this.stoppedDuring(id);
    if (!result.ok) return this.keepRest(batch, keptWholeError(result.problem), partsDir);
    const { plan, rest } = planner.finish();
    if (review) return this.hold(batch, analysed, plan);
    if (next === 0 && !foundSeparator(plan)) {
      // No separator sheet in it (a one-page letter, a photo): the scan is one document, name and bytes as
      // they came, with no part name and no split notice.
      if (plan.dropped.length === 0 && plan.documents.length === 1 && batch.kind !== 'scan')
        return this.adoptOriginal(batch, { autoSubmit: this.submitsAsIs(batch), step: AS_SCANNED });
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
    if (this.stopping) return this.stoppedDuring(id);
    if (partFailed !== undefined) return this.keepRest(batch, this.partError(partFailed), partsDir);
    // Every document is in the queue: the batch is split (its original goes once they are all uploaded);
    // with its last part's transaction, or here when the last document was made before the end (the file
    // ends with separator sheets or blank pages).
    if (batches.get(id)?.state === 'received') {
      work.transaction(() => this.markSplit(id));
      this.splitNotice(batch, next);
      await work.durable();
    }
    logger.info('batch split', { batch: id, documents: next, ms: Date.now() - started });
    this.finished(id);
    await rm(join(this.deps.workDir, id), { recursive: true, force: true });
    this.completeSoon(id);
  }

  /**
   * One notice for the batch when all its documents are in, never one per part; none when nothing was
   * separated (one document). Raised with the last document, as the clerk sees it arrive.
   */
  private splitNotice(batch: CaptureBatch, documents: number): void {
    if (documents > 1) this.notice('info', 'capture.split', { file: batch.fileName });
  }

  /** Every part is made: their number is known now, and the batch is split. */
  private markSplit(id: string): void {
    this.deps.batches.setPartCount(id, this.deps.batches.partsMade(id).count);
    this.deps.batches.setState(id, 'split', this.now());
  }

  /** A clean stop cut the analysis off: that is no mark against the batch; it resumes at the next start. */
  private stoppedDuring(id: string): void {
    this.deps.work.transaction(() => this.deps.batches.unmarkAnalysisStart(id, this.now()));
  }

  private partError(e: unknown): DocumentError {
    return e instanceof PartProblem ? keptWholeError(e.problem) : analysisFailed(e);
  }

  /** The part builder (a worker thread), made for the first part. */
  private builder(): PartBuilder {
    this.builderMade ??= this.deps.partBuilder?.() ?? new PartBuilder();
    return this.builderMade;
  }

  /**
   * One document of the batch: built and published in the part worker (split-commit.ts), copied into the
   * spool, then one transaction inserts its document and links it to the batch (with the last one, the
   * batch is split). Flushed before the next: a part in the inbox is on disk, and a restart resumes after
   * it (BatchStore.partsMade), so no page is lost or made twice.
   */
  private async makePart(batch: CaptureBatch, spec: PartSpec, partsDir: string): Promise<void> {
    const { spool, queue, work, batches } = this.deps;
    const built = await this.builder().build({
      path: this.sourceOf(batch),
      fileName: batch.fileName,
      sha256: batch.sha256,
      outDir: partsDir,
      file: spec.file,
      ...(spec.pages ? { pages: spec.pages } : { fromPage: spec.fromPage ?? 0 }),
      index: spec.index,
      metadata: spec.metadata,
      flaggedBlankPages: spec.flagged,
    });
    if (!built.ok) throw new PartProblem(built.problem);
    const docId = randomUUID();
    const copy = await spool.copyFrom(built.path, docId, partsDir);
    const cover = coverSheetMetadata(spec.metadata, this.deps.formats?.() ?? {});
    const metadata: Metadata = { ...batch.metadata, ...cover.metadata };
    // The cover sheet meant to set these: the batch's own value (e.g. from its file name) is not this part's.
    for (const field of cover.unfit) delete metadata[field];
    queue.adopt(
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
      () => {
        batches.linkPart({ documentId: docId, batchId: batch.id, index: spec.index, count: 0, pages: built.pages });
        if (spec.last) this.markSplit(batch.id);
      },
    );
    if (spec.last && !spec.error) this.splitNotice(batch, spec.index + 1);
    await work.durable();
    await rm(built.path, { force: true });
    this.advance(batch, { documents: spec.index + 1 });
    this.deps.logger.info('batch document made', { batch: batch.id, part: spec.index + 1, pages: built.pages.length });
  }

  /**
   * The batch cannot be finished (a failed or cut-off analysis, a part that cannot be built). With no part
   * made yet it is kept whole, as before. With parts in the inbox already, what is left of it (from the
   * page after the last part) is one more document, carrying the reason; if even that cannot be built, the
   * original goes whole as well, so a page may be there twice but none is lost.
   */
  private async keepRest(batch: CaptureBatch, error: DocumentError, partsDir: string): Promise<void> {
    const { batches, work, logger } = this.deps;
    const made = batches.partsMade(batch.id);
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
          autoSubmit: GOES_ON_AS_PLAIN.has(error.code) && this.submitsAsIs(batch),
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
    if (batches.get(batch.id)?.state === 'received') {
      work.transaction(() => this.markSplit(batch.id));
      await work.durable();
    }
    logger.warn('batch not finished; its rest kept as one document', { batch: batch.id, code: error.code });
    this.finished(batch.id);
    this.notice('warning', 'capture.kept', { file: batch.fileName });
    await rm(join(this.deps.workDir, batch.id), { recursive: true, force: true });
    this.completeSoon(batch.id);
  }

  // ---- scans from the desk (issue #38) ---------------------------------------------------------------------

  /**
   * Opens a batch for a scan into a folder profile (its capture settings, metadata and auto-submit, as a
   * file from that folder would have them). Its pages come with addScanPage as the scanner sends them; its
   * documents are made while it is scanned; its last one when it is finished (finishScan).
   */
  async openScan(s: {
    folder: string;
    fileName: string;
    scanner: string;
    metadata: Metadata;
    capture: NonNullable<IncomingFile['capture']>;
  }): Promise<CaptureBatch> {
    const { work, batches } = this.deps;
    if (!this.deps.scans) throw new Error('this station takes no scans');
    const id = randomUUID();
    const at = this.now();
    const batch: CaptureBatch = {
      id,
      kind: 'scan',
      scanOpen: true,
      scanner: s.scanner,
      fileName: s.fileName,
      sourceFolder: s.folder,
      sourcePath: '',
      sourceSize: 0,
      sourceMtimeMs: 0,
      size: 0,
      // No scanner file: the parts are linked to the scan by its id.
      sha256: createHash('sha256').update(`scan:${id}`).digest('hex'),
      state: 'received',
      profile: s.capture.profile,
      metadata: s.metadata,
      autoSubmit: s.capture.autoSubmit,
      requiredFields: s.capture.requiredFields,
      receivedAt: at,
    };
    work.transaction(() => batches.insert(batch));
    await work.durable();
    this.deps.logger.info('scan opened', { batch: id, scanner: s.scanner, folder: s.folder });
    this.advance(batch, {});
    return batch;
  }

  /**
   * One page the scanner sent: on disk (fsynced) before this returns, then analysed with the scan's other
   * pages; a document a separator sheet closes is made at once. Returns the number of pages scanned.
   */
  async addScanPage(batchId: string, bytes: Uint8Array, mediaType: string): Promise<number> {
    const scans = this.deps.scans!;
    const batch = this.deps.batches.get(batchId);
    if (!batch || batch.kind !== 'scan' || !batch.scanOpen || batch.state !== 'received')
      throw new Error(`scan ${batchId} is not open`);
    const pages = (await this.scanPages(batchId)).length;
    await scans.write(batchId, pages, bytes, mediaType);
    this.advance(batch, { pages: pages + 1 });
    this.analyseSoon(batchId);
    return pages + 1;
  }

  /** The scanner's state for the progress row (scanning, stopped with a reason). */
  setScanState(batchId: string, state: 'scanning' | 'stopped', problem?: ScannerProblemCode): void {
    const p = this.inProgress.get(batchId);
    const batch = this.deps.batches.get(batchId);
    if (!p?.scan || !batch) return;
    this.advance(batch, { scan: { scanner: p.scan.scanner, state, ...(problem ? { problem } : {}) } });
  }

  /** "Scan more into this batch": an open scan takes pages again (refused once finished). */
  scanMore(batchId: string): CaptureBatch {
    const batch = this.deps.batches.get(batchId);
    if (!batch || batch.kind !== 'scan' || !batch.scanOpen || batch.state !== 'received')
      throw new Error(`scan ${batchId} cannot take more pages: it is finished`);
    this.setScanState(batchId, 'scanning');
    return batch;
  }

  /** The clerk (or the feeder's end) finished the scan: its last document is made, then it is split. */
  async finishScan(batchId: string): Promise<void> {
    const { work, batches } = this.deps;
    const batch = batches.get(batchId);
    if (!batch || batch.kind !== 'scan') throw new Error(`no scan ${batchId}`);
    if (!batch.scanOpen) return;
    work.transaction(() => batches.setScanOpen(batchId, false, this.now()));
    await work.durable();
    const p = this.inProgress.get(batchId);
    if (p?.scan) this.advance(batch, { scan: { scanner: p.scan.scanner, state: 'finished' } });
    this.analyseSoon(batchId);
  }

  /** Scans still open (a fault, a cancel or a restart stopped them): the clerk continues or finishes each. */
  openScans(): CaptureBatch[] {
    return this.deps.batches.inState('received').filter((b) => b.kind === 'scan' && b.scanOpen);
  }

  /** Resolves when the scan's documents are all made (it was finished and is split, or done). */
  async scanSettled(batchId: string): Promise<void> {
    for (;;) {
      await this.idle();
      const b = this.deps.batches.get(batchId);
      if (!b || b.state !== 'received' || this.stopping) return;
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  private scanPages(batchId: string): Promise<string[]> {
    return this.deps.scans?.pages(batchId) ?? Promise.resolve([]);
  }

  /** After a restart no scanner is sending: an open scan is stopped, waiting for the clerk. */
  private scanAfterRestart(b: CaptureBatch): CaptureBatchProgress['scan'] {
    return { scanner: b.scanner ?? '', state: b.scanOpen ? 'stopped' : 'finished' };
  }

  /** Where the part worker reads a batch's pages: the original's copy, or a scan's page folder. */
  private sourceOf(batch: CaptureBatch): string {
    return batch.kind === 'scan' ? this.deps.scans!.folderOf(batch.id) : this.deps.originals.pathOf(batch.id);
  }

  /**
   * A scan's pages from `fromPage` on, one page file at a time, as they are on disk; each page's analysis is
   * kept, so a scan that pauses (caught up with the scanner) resumes without analysing a page twice.
   * 'caught-up': every page there is analysed and the scan is still open.
   */
  private async analyseScan(
    batch: CaptureBatch,
    fromPage: number,
    onPage: (page: PageAnalysis) => void,
  ): Promise<AnalyseFileResult | 'caught-up'> {
    const seen = this.scanAnalyses.get(batch.id) ?? new Map<number, PageAnalysis>();
    this.scanAnalyses.set(batch.id, seen);
    const pages: PageAnalysis[] = [];
    const ahead = new Map<number, Promise<AnalyseFileResult>>();
    // An analysis started ahead and not awaited (the scan paused or failed first) must not reject unseen.
    const settle = () => {
      for (const p of ahead.values()) p.catch(() => undefined);
    };
    try {
      return await this.scanLoop(batch, fromPage, onPage, seen, pages, ahead);
    } finally {
      settle();
    }
  }

  private async scanLoop(
    batch: CaptureBatch,
    fromPage: number,
    onPage: (page: PageAnalysis) => void,
    seen: Map<number, PageAnalysis>,
    pages: PageAnalysis[],
    ahead: Map<number, Promise<AnalyseFileResult>>,
  ): Promise<AnalyseFileResult | 'caught-up'> {
    for (let n = fromPage; ; n++) {
      if (this.stopping) return { ok: true, pages };
      const files = await this.scanPages(batch.id);
      if (n >= files.length) {
        // Read the open flag after the files: a page written before "finish" is in `files`.
        if (this.deps.batches.get(batch.id)?.scanOpen) return 'caught-up';
        const again = await this.scanPages(batch.id);
        if (n >= again.length) return { ok: true, pages };
      }
      let page = seen.get(n);
      if (!page) {
        // The pages already there go to the pool side by side (one per worker), taken in scanner order.
        const there = await this.scanPages(batch.id);
        for (let k = n; k < Math.min(there.length, n + this.pool().threads); k++)
          if (!seen.has(k) && !ahead.has(k))
            ahead.set(
              k,
              this.pool().analyseFile(
                there[k]!,
                { dpi: batch.profile.dpi, blankThreshold: batch.profile.blankThreshold, maxPages: 1, fromPage: 0 },
                () => undefined,
              ),
            );
        const r = await ahead.get(n)!;
        ahead.delete(n);
        if (!r.ok) return { ok: false, problem: { ...r.problem, message: `page ${n + 1}: ${r.problem.message}` } };
        page = { ...r.pages[0]!, page: n };
        seen.set(n, page);
      }
      pages.push(page);
      onPage(page);
    }
  }

  /** A scan kept whole (a reason, or no separator sheet): one PDF of all its pages, or nothing without pages. */
  private async keepScanWhole(
    batch: CaptureBatch,
    as: { autoSubmit: boolean; error?: DocumentError; step: HistoryStep; notice?: NoticeCode },
  ): Promise<void> {
    const { work, batches } = this.deps;
    if ((await this.scanPages(batch.id)).length === 0) {
      this.finished(batch.id);
      work.transaction(() => batches.setState(batch.id, 'done', this.now()));
      await work.durable();
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
    this.completeSoon(batch.id);
  }

  // ---- batch review (issue #38 item 8) ------------------------------------------------------------------------

  /**
   * The analysed batch waits for the clerk: its plan (every page's role, the documents) is stored with the
   * state `held` in one transaction and flushed, so a restart shows it again without analysing it again.
   */
  private async hold(batch: CaptureBatch, analysed: PlanPage[], plan: SeparationPlan): Promise<void> {
    const { work, batches, logger } = this.deps;
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
    work.transaction(() => batches.setPlan(batch.id, 'held', stored, this.now()));
    await work.durable();
    logger.info('batch held for review', { batch: batch.id, pages: pages.length, documents: stored.documents.length });
    this.finished(batch.id);
    this.heldChanged();
    this.notice('info', 'capture.held', { file: batch.fileName });
    await rm(join(this.deps.workDir, batch.id), { recursive: true, force: true });
  }

  /** The batches waiting for the clerk's review, oldest first. */
  held(): HeldBatch[] {
    return this.deps.batches
      .inState('held')
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
  heldOriginal(batchId: string): { path: string; fileName: string } | undefined {
    const b = this.deps.batches.get(batchId);
    return b?.state === 'held' && b.kind !== 'scan'
      ? { path: this.deps.originals.pathOf(b.id), fileName: b.fileName }
      : undefined;
  }

  /** A held scan's page file, for the review's thumbnails (a scan has no one original). */
  heldScanPage(batchId: string, page: number): { path: string; fileName: string } | undefined {
    const b = this.deps.batches.get(batchId);
    if (b?.state !== 'held' || b.kind !== 'scan') return undefined;
    const path = this.deps.scans?.pageFile(batchId, page);
    return path ? { path, fileName: basename(path) } : undefined;
  }

  private heldChanged(): void {
    this.deps.bus.emit({ type: 'capture.held', batches: this.held() });
  }

  /**
   * The clerk releases a held batch with the split shown: stored (state `released`, flushed) before any
   * document is made, then made through the same adoption as every part (makePart: one transaction per
   * document with its capture_parts row). A restart after a kill makes the documents not made yet, from
   * the stored split: each exactly once. A second release of the same batch is refused.
   */
  async release(batchId: string, documents: number[][]): Promise<{ documents: number }> {
    const { batches, work, logger } = this.deps;
    const batch = batches.get(batchId);
    if (!batch || batch.state !== 'held' || !batch.plan)
      throw new IntakeError('validation', 'capture.not_held', 'This batch is not waiting for review any more.');
    const problem = releasedSplitProblem(documents, batch.plan.pages.length);
    if (problem) throw new IntakeError('validation', 'capture.release_plan', `The split cannot be made: ${problem}.`);
    const planned = batch.plan.documents;
    const released: StoredPlan = {
      pages: batch.plan.pages,
      documents: documents.map((pages, i) => ({ pages, metadata: planned[i]?.metadata ?? {} })),
    };
    const taken = work.transaction(() => {
      if (batches.get(batchId)?.state !== 'held') return false;
      batches.setPlan(batchId, 'released', released, this.now());
      return true;
    });
    if (!taken)
      throw new IntakeError('validation', 'capture.not_held', 'This batch is not waiting for review any more.');
    await work.durable();
    logger.info('batch released', { batch: batchId, documents: documents.length });
    this.heldChanged();
    this.releaseSoon(batchId);
    return { documents: documents.length };
  }

  private releaseSoon(id: string): void {
    const folder = this.deps.batches.get(id)?.sourceFolder ?? '';
    const next = (this.analysing.get(folder) ?? Promise.resolve())
      .then(() => this.makeReleased(id))
      .finally(() => this.builderMade?.forget(this.deps.originals.pathOf(id)).catch(() => undefined))
      .catch((e: unknown) =>
        this.deps.logger.error('released batch not finished; tried again at the next start', { batch: id, error: e }),
      );
    this.analysing.set(folder, next);
  }

  /** The released split's documents not made yet, one after another (resumes after a restart). */
  private async makeReleased(id: string): Promise<void> {
    const { batches, logger } = this.deps;
    const batch = batches.get(id);
    if (this.stopping || !batch || batch.state !== 'released' || !batch.plan) return;
    const partsDir = join(this.deps.workDir, id, 'parts');
    // A part published and not adopted before a crash is made again: only an adopted part counts.
    await rm(join(this.deps.workDir, id), { recursive: true, force: true });
    const documents = batch.plan.documents;
    const blank = new Set(batch.plan.pages.filter((p) => p.role === 'blank').map((p) => p.page));
    const made = batches.partsMade(id).count;
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
      return this.keepRest(batch, this.partError(e), partsDir);
    }
    logger.info('batch split', { batch: id, documents: documents.length, released: true });
    this.finished(id);
    await rm(join(this.deps.workDir, id), { recursive: true, force: true });
    this.completeSoon(id);
  }

  // ---- progress, for the inbox ----------------------------------------------------------------------------

  /** The batches being made into documents, oldest first. */
  progress(): CaptureBatchProgress[] {
    return [...this.inProgress.values()].map((p) => ({ ...p }));
  }

  private advance(
    batch: CaptureBatch,
    change: Partial<Pick<CaptureBatchProgress, 'pages' | 'analysed' | 'documents' | 'scan'>>,
  ) {
    const p = this.inProgress.get(batch.id) ?? {
      id: batch.id,
      fileName: batch.fileName,
      sourceFolder: batch.sourceFolder,
      receivedAt: batch.receivedAt,
      pages: null,
      analysed: 0,
      documents: 0,
      ...(batch.kind === 'scan'
        ? { pages: 0, scan: { scanner: batch.scanner ?? '', state: batch.scanOpen ? 'scanning' : 'finished' } as const }
        : {}),
    };
    const next = { ...p, ...change };
    if (this.inProgress.has(batch.id) && JSON.stringify(next) === JSON.stringify(p)) return;
    this.inProgress.set(batch.id, next);
    this.deps.bus.emit({ type: 'capture.progress', batches: this.progress() });
  }

  private finished(id: string) {
    this.scanAnalyses.delete(id);
    if (this.inProgress.delete(id)) this.deps.bus.emit({ type: 'capture.progress', batches: this.progress() });
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
    await this.adoptOriginal(batch, {
      autoSubmit: GOES_ON_AS_PLAIN.has(error.code) && this.submitsAsIs(batch),
      error,
      step: historyStep('keptWhole', { errorCode: error.code, reason: error.message }),
      notice: specific ?? 'capture.kept',
    });
  }

  /** Whether the folder would submit the scan as it is: auto-submit on and its required fields filled. */
  private submitsAsIs(batch: CaptureBatch): boolean {
    return batch.autoSubmit && batch.requiredFields.every((f) => !!batch.metadata[f]?.trim());
  }

  /** The original as one document of its folder (its copy becomes the spool copy), the batch done. */
  private async adoptOriginal(
    batch: CaptureBatch,
    as: { autoSubmit: boolean; error?: DocumentError; step: HistoryStep; notice?: NoticeCode },
  ): Promise<void> {
    const { originals, spool, queue, work, batches } = this.deps;
    if (batch.kind === 'scan') return this.keepScanWhole(batch, as);
    const docId = randomUUID();
    const copy = await spool.copyFrom(originals.pathOf(batch.id), docId, originals.dir);
    queue.adopt(
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
    await work.durable();
    await originals.remove(batch.id);
    await rm(join(this.deps.workDir, batch.id), { recursive: true, force: true });
  }

  /** A code and the scan's name, as the folders' notices (the renderer's catalog has the sentence). */
  private notice(level: 'info' | 'warning', code: NoticeCode, values: NoticeValues): void {
    this.deps.bus.emit({
      type: 'notice.raised',
      notice: { id: randomUUID(), level, code, values, count: 1, at: this.now() },
    });
  }

  // ---- the original, once every part is uploaded ---------------------------------------------------------

  private partChanged(d: Document): void {
    if (d.state !== 'archived') return;
    const link = this.deps.batches.partOf(d.id);
    if (link) this.completeSoon(link.batchId);
  }

  private completeSoon(batchId: string): void {
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

const pageList = (ps: number[]) => ps.map((p) => p + 1).join(', ');
/** A part's first history entry; the number of parts is not known yet when the first ones are made. */
function partStep(original: string, i: number, pages: number[], flagged: number[]): HistoryStep {
  const values = { n: i + 1, file: original, pages: pageList(pages) };
  return flagged.length > 0
    ? historyStep('partOfFlagged', { ...values, blank: pageList(flagged) })
    : historyStep('partOf', values);
}
