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
 * Crash safety, step by step (each a commit point; start() finishes or undoes whatever was in between):
 * 1. the original copied into `originals/` (`.partial`, fsync, rename) → the batch row + the file's seen key
 *    in one transaction. Before it: an orphan copy, swept; the scanner file is taken again.
 * 2. split into `work/<batch>/parts/` (staged, manifest, renames: split-commit.ts), then `plan.json` written
 *    durably. start() rolls a committed split forward and a half one back (recoverSplits); without a
 *    complete plan the batch is analysed again.
 * 3. every part copied into the spool → one transaction inserts all part documents and marks the batch
 *    split. Before it: orphan spool copies (swept by the queue's start) and the batch is still `received`.
 *    So after a crash there is the original alone or the original plus every part, never some parts.
 * 4. when the last part is archived: the original's archive path saved, the original archived, the scanner
 *    file removed (if unchanged), the batch done. Idempotent, run again at start.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import type { CaptureProblem } from '../../../../shared/domain/capture';
import { captureGroupField } from '../../../../shared/domain/capture';
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
import type { AdoptedDocument } from '../../queue/document-intake';
import type { DocumentQueue } from '../../queue/document-queue';
import type { DocumentStore } from '../../queue/document-store';
import type { Spool } from '../../queue/spool';
import { writeFileAtomic } from '../../util/atomic-write';
import type { Clock } from '../../util/clock';
import type { Logger } from '../../util/logger';
import type { CapturePool } from '../capture-pool';
import { recoverSplits } from '../split-commit';
import type { splitFile as SplitFile } from '../split-file';
import type { BatchStore, CaptureBatch } from './batch-store';

export interface CaptureIntakeDeps {
  queue: DocumentQueue;
  store: DocumentStore;
  batches: BatchStore;
  /** The queue's spool: the parts' copies go there under their document ids. */
  spool: Spool;
  /** The batches' originals, under their batch ids. */
  originals: Spool;
  /** Per batch `<id>/parts/` (the split writer's target) and `<id>/plan.json`. */
  workDir: string;
  /** Archives an original as the queue archives a document (its spoolPath reads from `originals`). */
  archiver: Archiver;
  /** The analysis workers, made on first use. */
  pool: () => CapturePool;
  /**
   * The formats a case number and a document type must have (as for file-name placeholders): a cover-sheet
   * value without its field's format is left out, and that part waits in the inbox.
   */
  formats?: () => PlaceholderFormats;
  bus: EventBus;
  clock: Clock;
  logger: Logger;
}

/** What a finished split left for step 3, written after the split's commit (`plan.json`). */
interface PartsPlan {
  parts: Array<{
    id: string;
    file: string;
    pages: number[];
    metadata: Record<string, string>;
    flaggedBlankPages: number[];
  }>;
}

const PLAN = 'plan.json';

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
const AS_SCANNED = 'no separator sheet found: one document, as scanned';
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
  private stopping = false;
  private unsubscribe: (() => void) | undefined;
  private poolMade: CapturePool | undefined;

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
    for (const entry of await readdir(workDir)) {
      if (!received.has(entry)) await rm(join(workDir, entry), { recursive: true, force: true });
    }
    // A part archived may complete its batch (the queue's domain event, not the screen's).
    this.unsubscribe = bus.on('documents.changed', (e) => {
      for (const d of e.documents) this.partChanged(d);
    });
    for (const id of received) this.analyseSoon(id);
    for (const b of batches.inState('split')) this.completeSoon(b.id);
  }

  /** Stops taking work; a batch under analysis stays `received` and is analysed again at the next start. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.unsubscribe?.();
    await this.poolMade?.close();
    await Promise.all(this.analysing.values());
    await this.completing;
  }

  /** Batches taken but not yet made into documents (`agent --once` waits for them). */
  pending(): number {
    return this.deps.batches.inState('received').length;
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

  async ingest(file: IncomingFile): Promise<{ outcome: 'created' | 'seen' | 'changed' }> {
    const capture = file.capture;
    // An empty file has no pages to look at: the queue records it as failed, as for any folder.
    if (!capture || file.size === 0) return this.deps.queue.ingest(file);
    const { store, batches, originals } = this.deps;
    if (this.taking.has(file.seenKey) || store.hasSeen(file.seenKey)) return { outcome: 'seen' };
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
      const taken = store.transaction(() => {
        if (store.hasSeen(file.seenKey)) return false;
        batches.insert(batch);
        store.markSeen(file.seenKey, id, at);
        return true;
      });
      if (!taken) {
        await originals.remove(id);
        return { outcome: 'seen' };
      }
      this.deps.logger.info('batch received', { batch: id, file: file.fileName, size: copy.size });
      // Its documents appear only once it is split (seconds for a long batch): the clerk hears it is coming.
      this.notice('info', 'capture.received', { file: file.fileName });
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
    const folder = this.deps.batches.get(id)?.sourceFolder ?? '';
    const next = (this.analysing.get(folder) ?? Promise.resolve())
      .then(() => this.analyse(id))
      .catch((e: unknown) =>
        this.deps.logger.error('batch not finished; tried again at the next start', { batch: id, error: e }),
      );
    this.analysing.set(folder, next);
  }

  private async analyse(id: string): Promise<void> {
    const { batches, originals, spool, queue, store, logger } = this.deps;
    const batch = batches.get(id);
    if (this.stopping || !batch || batch.state !== 'received') return;
    const work = join(this.deps.workDir, id);
    const partsDir = join(work, 'parts');
    await recoverSplits(partsDir);
    let plan = await readPlan(work, partsDir);
    if (!plan) {
      await rm(work, { recursive: true, force: true });
      const starts = batch.analysisStarts ?? 0;
      if (starts >= MAX_ANALYSIS_STARTS) {
        logger.warn('batch analysis was cut off before; kept whole without analysing it', { batch: id, starts });
        return this.keepWhole(batch, INTERRUPTED);
      }
      // On disk before the work: if the analysis takes the process down, the next start knows it.
      store.transaction(() => batches.markAnalysisStart(id, this.now()));
      await store.durable();
      logger.info('batch analysis started', { batch: id, attempt: starts + 1 });
      const started = Date.now();
      let result: Awaited<ReturnType<typeof SplitFile>>;
      try {
        // pdf-lib and sharp load with the first batch, not at start-up (most stations never split).
        const { splitFile } = await import('../split-file');
        result = await splitFile(
          originals.pathOf(id),
          partsDir,
          batch.profile,
          this.pool(),
          undefined,
          batch.fileName,
          true,
        );
      } catch (e) {
        if (this.stopping) {
          // A clean stop cut it off: that is no mark against the batch.
          store.transaction(() => batches.unmarkAnalysisStart(id, this.now()));
          return;
        }
        logger.error('batch analysis failed; kept whole', { batch: id, error: e });
        return this.keepWhole(batch, analysisFailed(e));
      }
      if (!result.ok) return this.keepWhole(batch, keptWholeError(result.problem));
      // No separator sheet in it (a one-page letter, a photo): the scan is one document, name and bytes as
      // they came, with no part name and no split notice.
      if (result.whole) return this.adoptOriginal(batch, { autoSubmit: this.submitsAsIs(batch), message: AS_SCANNED });
      if (result.written.length === 0) return this.keepWhole(batch, NOTHING_TO_SPLIT);
      logger.info('batch split', {
        batch: id,
        pages: result.pages.length,
        documents: result.written.length,
        dropped: result.plan.dropped.length,
        ms: Date.now() - started,
      });
      plan = {
        parts: result.plan.documents.map((d, i) => ({
          id: randomUUID(),
          file: basename(result.written[i]!),
          pages: d.pages,
          metadata: d.metadata,
          flaggedBlankPages: d.flaggedBlankPages,
        })),
      };
      await writeFileAtomic(join(work, PLAN), JSON.stringify(plan));
    }
    if (this.stopping) return;
    const adopted: AdoptedDocument[] = [];
    for (const [i, part] of plan.parts.entries()) {
      const copy = await spool.copyFrom(join(partsDir, part.file), part.id, partsDir);
      const cover = coverSheetMetadata(part.metadata, this.deps.formats?.() ?? {});
      const metadata: Metadata = { ...batch.metadata, ...cover.metadata };
      // The cover sheet meant to set these: the batch's own value (e.g. from its file name) is not this part's.
      for (const field of cover.unfit) delete metadata[field];
      adopted.push({
        id: part.id,
        fileName: part.file,
        sourceFolder: batch.sourceFolder,
        copy,
        metadata,
        autoSubmit:
          batch.autoSubmit && cover.unfit.length === 0 && batch.requiredFields.every((f) => !!metadata[f]?.trim()),
        message:
          plan.parts.length === 1
            ? `pages ${pageList(part.pages)} of ${batch.fileName}, no separator sheet found${flaggedNote(part.flaggedBlankPages)}`
            : partMessage(batch.fileName, i, plan.parts.length, part.pages, part.flaggedBlankPages),
      });
    }
    const parts = plan.parts;
    queue.adopt(adopted, () => {
      for (const [i, part] of parts.entries())
        batches.linkPart({ documentId: part.id, batchId: id, index: i, count: parts.length, pages: part.pages });
      batches.setState(id, 'split', this.now());
    });
    logger.info('batch documents made', { batch: id, documents: parts.length });
    // One notice for the batch, never one per part; none when nothing was separated (one document).
    if (parts.length > 1) this.notice('info', 'capture.split', { file: batch.fileName });
    await rm(work, { recursive: true, force: true });
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
      message: error.message,
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
    as: { autoSubmit: boolean; error?: DocumentError; message: string; notice?: NoticeCode },
  ): Promise<void> {
    const { originals, spool, queue, store, batches } = this.deps;
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
          message: as.message,
        },
      ],
      () => batches.setState(batch.id, 'done', this.now()),
    );
    if (as.error) this.deps.logger.warn('batch kept whole', { batch: batch.id, code: as.error.code });
    else this.deps.logger.info('batch is one document: no separator sheet found', { batch: batch.id });
    // Raised with the document, as the clerk sees it arrive.
    if (as.notice) this.notice('warning', as.notice, { file: batch.fileName });
    await store.durable();
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
    const { batches, archiver, store } = this.deps;
    const batch = batches.get(batchId);
    if (this.stopping || !batch || batch.state !== 'split' || batches.partsPending(batchId) > 0) return;
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
      store.transaction(() => batches.setArchivePath(batchId, planned, this.now()));
      await store.durable();
    }
    await archiver.archive({ ...original, ...(planned ? { archivePath: planned } : {}) }, now);
    store.transaction(() => batches.setState(batchId, 'done', this.now()));
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
const flaggedNote = (flagged: number[]) =>
  flagged.length > 0 ? `; blank pages kept and flagged: ${pageList(flagged)}` : '';

function partMessage(original: string, i: number, n: number, pages: number[], flagged: number[]): string {
  return `part ${i + 1} of ${n} of ${original}, pages ${pageList(pages)}${flaggedNote(flagged)}`;
}

/** The plan of a split that finished, when every part it names is there. */
async function readPlan(work: string, partsDir: string): Promise<PartsPlan | undefined> {
  let plan: PartsPlan;
  try {
    plan = JSON.parse(await readFile(join(work, PLAN), 'utf8')) as PartsPlan;
  } catch {
    return undefined;
  }
  for (const part of plan.parts) {
    const s = await stat(join(partsDir, part.file)).catch(() => undefined);
    if (!s?.isFile()) return undefined;
  }
  return plan;
}
