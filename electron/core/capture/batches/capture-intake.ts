/**
 * Capture in the intake pipeline, run as a line of stages (a newcomer's map: docs/architecture.md, "Capture's
 * line"): take a file (take-file.ts) or a scan (take-scan.ts) → its pages on disk (batch-pages.ts) →
 * analysis (analyse-pages.ts) → plan (batch-plan.ts, StreamPlanner) → review hold (review-hold.ts) → parts
 * (make-parts.ts) → hand-over to the queue (hand-over.ts) → the original once every part is uploaded
 * (complete-batch.ts). run-batch.ts walks one batch down it; this file starts, stops and answers for it.
 *
 * A file from a folder whose profile has `capture` is a scanned batch. Its
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
 * (BatchStorage.markAnalysisStart). An analysis that fails, runs out of its time or loses its worker keeps
 * the batch whole at once (capture.failed); one that was cut off by the process ending is tried once more
 * at the next start (a power cut or a kill during a good batch's analysis), and after a second such end
 * with no document made in between the batch is kept whole without being analysed again
 * (capture.interrupted). An analysis that made a document takes its start back: a station killed again and
 * again during a long batch finishes it, since each run gets further (issue #45).
 *
 * A batch's documents appear as its analysis goes on (issue #30 item 6): a document is made as soon as a
 * separator sheet closes it (StreamPlanner), its PDF built in the part worker (never on this thread).
 *
 * Crash safety, step by step (each a commit point; start() finishes or undoes whatever was in between):
 * 1. the original copied into `originals/` (`.partial`, fsync, rename) → the file's seen key + the batch row
 *    in one unit of work on the storage ports. Before it: an orphan copy, swept; the scanner file is taken
 *    again.
 * 2. per document, in scanner order: its PDF published into `work/<batch>/parts/` (staged, manifest,
 *    renames: split-commit.ts) → copied into the spool → one unit of work over the documents' and the
 *    batches' ports inserts its document and its `capture_parts` row, flushed before the next part. Before
 *    it: a published part and an orphan spool copy, both removed at the next start (the work folder, the
 *    queue's spool sweep), and the part is made again. So a part is in the queue exactly when its row is,
 *    and a restart resumes the analysis at the page after the last part's (BatchStorage.partsMade): no page
 *    lost, no part made twice.
 * 3. after the last part (with the count of parts), the batch is marked split.
 * 4. when the last part is archived: the original's archive path saved, the original archived, the scanner
 *    file removed (if unchanged), the batch done. Only a split batch gets there: the scanner's file stays
 *    until every part is made and uploaded. Idempotent, run again at start.
 */
import type { CaptureBatchProgress, HeldBatch } from '../../../../shared/domain/capture';
import type { CaptureBatch } from './batch-storage';
import type { IntakeTarget } from '../../intake/hot-folder-service';
import type { IncomingFile } from '../../intake/incoming-file';
import { PageAnalyser } from './analyse-pages';
import { BatchPages } from './batch-pages';
import { CaptureLine, type CaptureIntakeDeps } from './capture-line';
import { BatchCompletion } from './complete-batch';
import { HandOver } from './hand-over';
import { PartMaker } from './make-parts';
import { ReviewHold } from './review-hold';
import { BatchRun } from './run-batch';
import { FileIntake } from './take-file';
import { ScanIntake } from './take-scan';

export type { CaptureIntakeDeps } from './capture-line';
export { MAX_ANALYSIS_STARTS } from './batch-plan';

export class CaptureIntake implements IntakeTarget {
  /**
   * Batches are analysed one after another per watched folder; folders run side by side and the pool
   * gives their files turns, so a long batch in one folder does not hold up another folder's.
   */
  private readonly analysing = new Map<string, Promise<void>>();
  /** Files being taken (copied into the originals, recorded): stop() waits for them. */
  private readonly ingesting = new Set<Promise<unknown>>();
  private unsubscribe: (() => void) | undefined;
  private readonly line: CaptureLine;
  private readonly files: FileIntake;
  private readonly scans: ScanIntake;
  private readonly pages: BatchPages;
  private readonly review: ReviewHold;
  private readonly completion: BatchCompletion;
  private readonly run: BatchRun;

  constructor(private readonly deps: CaptureIntakeDeps) {
    const line = new CaptureLine(deps);
    this.line = line;
    this.files = new FileIntake(line, (batch) => this.analyseSoon(batch));
    this.scans = new ScanIntake(
      line,
      (batch) => this.analyseSoon(batch),
      () => this.idle(),
    );
    this.pages = new BatchPages(line);
    this.review = new ReviewHold(line, (batch) => this.releaseSoon(batch));
    this.completion = new BatchCompletion(line);
    this.run = new BatchRun(line, {
      batchPages: this.pages,
      pages: new PageAnalyser(line, this.pages),
      review: this.review,
      parts: new PartMaker(line, this.pages),
      handOver: new HandOver(line),
      completion: this.completion,
    });
  }

  /** After the queue's start (its spool sweep) and before the folders: recovery, then pending batches. */
  async start(): Promise<void> {
    const { batches, bus } = this.deps;
    const received = await this.pages.recover();
    // A part archived may complete its batch (the queue's domain event, not the screen's).
    this.unsubscribe = bus.on('documents.changed', (e) => {
      for (const d of e.documents) this.completion.partChanged(d);
    });
    const waiting = (await batches.inState('received')).filter((b) => received.has(b.id));
    for (const b of waiting)
      this.line.advance(
        b,
        b.kind === 'scan'
          ? { pages: (await this.pages.scanPages(b.id)).length, scan: this.scans.scanAfterRestart(b) }
          : {},
      );
    for (const b of waiting) this.analyseSoon(b);
    // Released by the clerk before the end: the documents not made yet are made now, exactly as released.
    for (const b of await batches.inState('released')) this.releaseSoon(b);
    this.completion.completeEverySplit();
  }

  /**
   * The storage answers again after an outage (the office database back): the batches whose completion it
   * cut off are completed now rather than at the next start.
   */
  storageBack(): void {
    this.completion.lookAgain();
  }

  /** Stops taking work; a batch under analysis stays `received` and is analysed again at the next start. */
  async stop(): Promise<void> {
    this.line.stopping = true;
    this.unsubscribe?.();
    // A file still being copied in writes to the data folder: it ends (and is recorded) first.
    while (this.ingesting.size > 0) await Promise.allSettled([...this.ingesting]);
    await this.line.poolMade?.close();
    await this.line.builderMade?.close();
    await Promise.all(this.analysing.values());
    await this.completion.settled();
  }

  /**
   * Starts the analysis workers and the part worker now (a station with a folder that splits batches):
   * its first batch then does not wait for them; they stay, as they would after that batch.
   */
  warm(): void {
    if (this.line.stopping) return;
    void this.line
      .pool()
      .warm()
      .catch(() => undefined);
    this.line.builder().warm();
  }

  /** Batches taken but not yet made into documents (`agent --once` waits for them). */
  pending(): Promise<number> {
    return this.deps.batches.waiting();
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

  // ---- IntakeTarget: a watched folder's file is the first way in ------------------------------------------

  hasSeen(seenKey: string): Promise<boolean> {
    return this.deps.queue.hasSeen(seenKey);
  }

  failUnreadable(file: IncomingFile, error: NodeJS.ErrnoException): unknown {
    return this.deps.queue.failUnreadable(file, error);
  }

  ingest(file: IncomingFile): Promise<{ outcome: 'created' | 'seen' | 'changed' }> {
    const taking = this.files.take(file);
    this.ingesting.add(taking);
    const done = () => void this.ingesting.delete(taking);
    taking.then(done, done);
    return taking;
  }

  // ---- a scan from the desk is the other (take-scan.ts) ---------------------------------------------------

  openScan: ScanIntake['openScan'] = (s) => this.scans.openScan(s);
  addScanPage: ScanIntake['addScanPage'] = (id, bytes, mediaType) => this.scans.addScanPage(id, bytes, mediaType);
  setScanState: ScanIntake['setScanState'] = (id, state, problem) => this.scans.setScanState(id, state, problem);
  scanMore: ScanIntake['scanMore'] = (id) => this.scans.scanMore(id);
  finishScan: ScanIntake['finishScan'] = (id) => this.scans.finishScan(id);
  openScans: ScanIntake['openScans'] = () => this.scans.openScans();
  scanSettled: ScanIntake['scanSettled'] = (id) => this.scans.scanSettled(id);

  // ---- batch review (review-hold.ts) ----------------------------------------------------------------------

  held(): Promise<HeldBatch[]> {
    return this.review.held();
  }

  heldOriginal: ReviewHold['heldOriginal'] = (id) => this.review.heldOriginal(id);
  heldScanPage: ReviewHold['heldScanPage'] = (id, page) => this.review.heldScanPage(id, page);
  release: ReviewHold['release'] = (id, documents) => this.review.release(id, documents);

  /** The batches being made into documents, oldest first. */
  progress(): CaptureBatchProgress[] {
    return this.line.progress.list();
  }

  // ---- the lanes: one batch at a time per watched folder, a scan in its own -------------------------------

  /** A batch (its lane is its folder's, or a scan's own) is analysed after the batches before it there. */
  private analyseSoon(batch: Lane): void {
    // A scan has its own lane: it pauses and resumes with the scanner, never holding up a folder's batches.
    const folder = batch.kind === 'scan' ? `scan:${batch.id}` : batch.sourceFolder;
    const id = batch.id;
    const next = (this.analysing.get(folder) ?? Promise.resolve())
      .then(() => this.run.analyse(id))
      // The part worker lets go of the batch's original (its bytes, pdf-lib's objects).
      .finally(() => this.line.builderMade?.forget(this.deps.originals.pathOf(id)).catch(() => undefined))
      .catch((e: unknown) =>
        this.deps.logger.error('batch not finished; tried again at the next start', { batch: id, error: e }),
      );
    this.analysing.set(folder, next);
  }

  private releaseSoon(batch: Lane): void {
    const folder = batch.sourceFolder;
    const id = batch.id;
    const next = (this.analysing.get(folder) ?? Promise.resolve())
      .then(() => this.run.makeReleased(id))
      .finally(() => this.line.builderMade?.forget(this.deps.originals.pathOf(id)).catch(() => undefined))
      .catch((e: unknown) =>
        this.deps.logger.error('released batch not finished; tried again at the next start', { batch: id, error: e }),
      );
    this.analysing.set(folder, next);
  }
}

/** What chooses a batch's lane (its folder, or a scan's own): known when it is taken, never changed. */
type Lane = Pick<CaptureBatch, 'id' | 'kind' | 'sourceFolder'>;
