/**
 * What the stages of capture's line share (capture-intake.ts runs the line): its collaborators, whether a
 * clean stop is under way, the analysis workers and the part worker (each made on first use), the notices,
 * and the progress rows the inbox shows. A stage extends LineStage and reads these as its own.
 */
import { randomUUID } from 'node:crypto';
import type { CaptureBatchProgress } from '../../../../shared/domain/capture';
import type { NoticeCode, NoticeValues } from '../../../../shared/domain/notice';
import type { EventBus } from '../../events/event-bus';
import type { PlaceholderFormats } from '../../intake/file-name-pattern';
import type { Archiver } from '../../queue/archiver';
import type { DocumentQueue } from '../../queue/document-queue';
import type { DocumentStorage } from '../../queue/document-storage';
import type { Spool } from '../../queue/spool';
import type { Clock } from '../../util/clock';
import type { Logger } from '../../util/logger';
import type { CapturePool } from '../analysis/capture-pool';
import type { ScanPageStore } from '../scans/scan-page-store';
import { PartBuilder } from '../split/part-builder';
import { BatchProgress } from './batch-progress';
import type { BatchStorage, CaptureBatch } from './batch-storage';

export interface CaptureIntakeDeps {
  queue: DocumentQueue;
  /**
   * The documents' storage port: a stage's read, check and write are one unit of work (`transaction`), one
   * with the batches' (a part's document and its link to the batch commit together); `durable` before a
   * file is removed or a next step relies on the commit.
   */
  documents: DocumentStorage;
  /** The batches' storage port, beside the documents in one database (batch-storage.ts). */
  batches: BatchStorage;
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

/** The line's shared state: one per CaptureIntake. */
export class CaptureLine {
  /** A clean stop is under way: no stage starts new work. */
  stopping = false;
  poolMade: CapturePool | undefined;
  builderMade: PartBuilder | undefined;
  readonly progress: BatchProgress;
  private readonly forgetters: Array<(batchId: string) => void> = [];

  constructor(readonly deps: CaptureIntakeDeps) {
    this.progress = new BatchProgress(deps.bus);
  }

  now(): string {
    return new Date(this.deps.clock.now()).toISOString();
  }

  pool(): CapturePool {
    this.poolMade ??= this.deps.pool();
    return this.poolMade;
  }

  /** The part builder (a worker thread), made for the first part. */
  builder(): PartBuilder {
    this.builderMade ??= this.deps.partBuilder?.() ?? new PartBuilder();
    return this.builderMade;
  }

  /** A code and the scan's name, as the folders' notices (the renderer's catalog has the sentence). */
  notice(level: 'info' | 'warning', code: NoticeCode, values: NoticeValues): void {
    this.deps.bus.emit({
      type: 'notice.raised',
      notice: { id: randomUUID(), level, code, values, count: 1, at: this.now() },
    });
  }

  advance(
    batch: CaptureBatch,
    change: Partial<Pick<CaptureBatchProgress, 'pages' | 'analysed' | 'documents' | 'scan'>>,
  ) {
    this.progress.advance(batch, change);
  }

  /** The batch has left the line's work (made into documents, held, kept whole): its row goes, and what a stage kept for it. */
  finished(id: string): void {
    for (const forget of this.forgetters) forget(id);
    this.progress.finished(id);
  }

  /** A stage that keeps something per batch lets go of it when the batch is finished. */
  whenFinished(forget: (batchId: string) => void): void {
    this.forgetters.push(forget);
  }
}

/** A stage of the line: the shared state read as its own. */
export abstract class LineStage {
  constructor(protected readonly line: CaptureLine) {}

  protected get deps(): CaptureIntakeDeps {
    return this.line.deps;
  }

  protected get stopping(): boolean {
    return this.line.stopping;
  }

  protected now(): string {
    return this.line.now();
  }

  protected pool(): CapturePool {
    return this.line.pool();
  }

  protected builder(): PartBuilder {
    return this.line.builder();
  }

  protected notice(level: 'info' | 'warning', code: NoticeCode, values: NoticeValues): void {
    this.line.notice(level, code, values);
  }

  protected advance(
    batch: CaptureBatch,
    change: Partial<Pick<CaptureBatchProgress, 'pages' | 'analysed' | 'documents' | 'scan'>>,
  ): void {
    this.line.advance(batch, change);
  }

  protected finished(id: string): void {
    this.line.finished(id);
  }
}
