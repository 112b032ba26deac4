/**
 * Scanning from the desk (issue #38): a scanner job's pages go into a capture batch as they arrive. Each
 * page is on disk (fsynced) before the next is asked for (CaptureIntake.addScanPage), and the batch is
 * analysed by the same streamed plan as a folder's batch, so its first document is in the inbox while the
 * feeder still runs. The folder profile the scan goes into gives its capture settings (separator sheets,
 * blank pages, cover-sheet fields), metadata and auto-submit, as for a file dropped into that folder.
 *
 * Nothing scanned is lost: when the scanner stops with trouble (jam, cover open, gone, cancelled) the pages
 * that arrived stay an open batch; the clerk scans more into it (`batchId`) or finishes it. A feeder that
 * simply ran out finishes the batch (unless `keepOpen`).
 */
import type { CaptureBatch } from '../capture/batches/batch-store';
import type { CaptureIntake } from '../capture/batches/capture-intake';
import type { Metadata } from '../../../shared/domain/metadata';
import type { FolderProfile } from '../../../shared/domain/settings';
import type {
  ScanRequest,
  ScannerCapabilities,
  ScannerInfo,
  ScannerProblemCode,
} from '../../../shared/domain/scanning';
import { CaptureProfileSchema } from '../../../shared/domain/capture';
import type { Clock } from '../util/clock';
import type { Logger } from '../util/logger';
import type { ScanJob, ScannerBackend } from './backend/scanner-backend';
import { backendFor, ScannerProblem } from './backend/scanner-backend';

export interface ScanStart {
  scanner: string;
  request: ScanRequest;
  /** The folder profile whose capture settings, metadata and auto-submit the scan takes. */
  folderId: string;
  /** Metadata over the folder's defaults (the CLI's --meta). */
  metadata?: Metadata;
  /** "Scan more into this batch": an open scan's id. */
  batchId?: string;
  /** Leave the batch open when the feeder runs out (the clerk finishes it). */
  keepOpen?: boolean;
}

export interface ScanOutcome {
  batchId: string;
  /** Pages in the batch (this job's and earlier ones'). */
  pages: number;
  /** Why the scanner stopped, when it was not the feeder's end. */
  problem?: ScannerProblemCode;
  detail?: string;
  /** Whether the batch is finished (its last document made or being made). */
  finished: boolean;
}

export interface ScanServiceDeps {
  backends: readonly ScannerBackend[];
  capture: CaptureIntake;
  folders: () => readonly FolderProfile[];
  clock: Clock;
  logger: Logger;
}

/** A scan's file name: what its parts are named after (`scan_2026-11-28_10-04-11_p1-3.pdf`). */
export function scanFileName(at: Date): string {
  const iso = at.toISOString().replace(/\.\d+Z$/, '');
  return `scan_${iso.replace('T', '_').replace(/:/g, '-')}.pdf`;
}

export class ScanService {
  private readonly jobs = new Map<string, ScanJob>();
  private readonly starting = new Set<string>();
  /** A scan's start until its job exists: cancel aborts it there. */
  private readonly starts = new Map<string, AbortController>();

  constructor(private readonly deps: ScanServiceDeps) {}

  async list(signal?: AbortSignal): Promise<ScannerInfo[]> {
    const lists = await Promise.all(this.deps.backends.map((b) => b.list(signal).catch(() => [] as ScannerInfo[])));
    return lists.flat();
  }

  capabilities(scanner: string, signal?: AbortSignal): Promise<ScannerCapabilities> {
    return backendFor(this.deps.backends, scanner).capabilities(scanner, signal);
  }

  /** Scans running now, by batch. */
  running(): string[] {
    return [...this.jobs.keys()];
  }

  /**
   * Starts a scan; resolves once the batch exists (its id), with `done` resolving when the scanner stops.
   * A problem before the job starts (unknown folder, unsupported settings) is thrown.
   */
  async start(s: ScanStart): Promise<{ batch: CaptureBatch; done: Promise<ScanOutcome> }> {
    const { capture, logger } = this.deps;
    const backend = backendFor(this.deps.backends, s.scanner);
    const folder = this.deps.folders().find((f) => f.id === s.folderId);
    if (!folder) throw new ScannerProblem('scanner.unsupported', `no folder profile ${s.folderId}`);
    if (s.batchId && (this.jobs.has(s.batchId) || this.starting.has(s.batchId)))
      throw new ScannerProblem('scanner.busy', 'this batch is being scanned into already');
    const batch = s.batchId
      ? await capture.scanMore(s.batchId)
      : await capture.openScan({
          folder: folder.path,
          fileName: scanFileName(new Date(this.deps.clock.now())),
          scanner: s.scanner,
          metadata: { ...folder.defaultMetadata, ...s.metadata },
          capture: {
            // A folder without capture keeps a scan whole: one document of all its pages.
            profile: folder.capture ?? CaptureProfileSchema.parse({ separate: false }),
            autoSubmit: folder.autoSubmit,
            requiredFields: folder.requiredFields ?? [],
          },
        });
    this.starting.add(batch.id);
    const done = this.run(batch, backend, s).finally(() => this.starting.delete(batch.id));
    logger.info('scan started', { batch: batch.id, scanner: s.scanner, ...s.request });
    return { batch, done };
  }

  async cancel(batchId: string): Promise<void> {
    // Before the scanner took the job (capabilities asked, ScanJobs answered busy and tried again) there is
    // no job to cancel yet: the start's signal stops it there, and a job made just then cancels itself.
    this.starts.get(batchId)?.abort(new ScannerProblem('scanner.cancelled'));
    await this.jobs.get(batchId)?.cancel();
  }

  /** The clerk finishes an open scan: its last document is made. */
  async finish(batchId: string): Promise<void> {
    if (this.jobs.has(batchId)) await this.cancel(batchId);
    await this.deps.capture.finishScan(batchId);
  }

  private async run(batch: CaptureBatch, backend: ScannerBackend, s: ScanStart): Promise<ScanOutcome> {
    const { capture, logger } = this.deps;
    let pages = capture.progress().find((p) => p.id === batch.id)?.pages ?? 0;
    const before = pages;
    await capture.setScanState(batch.id, 'scanning');
    const start = new AbortController();
    this.starts.set(batch.id, start);
    try {
      const job = await backend.scan(s.scanner, s.request, start.signal);
      this.jobs.set(batch.id, job);
      for await (const page of job.pages()) pages = await capture.addScanPage(batch.id, page.bytes, page.mediaType);
      if (!s.keepOpen) {
        await capture.finishScan(batch.id);
        logger.info('scan finished: the feeder is empty', { batch: batch.id, pages });
        return { batchId: batch.id, pages, finished: true };
      }
      await capture.setScanState(batch.id, 'stopped');
      return { batchId: batch.id, pages, finished: false };
    } catch (e) {
      const problem = e instanceof ScannerProblem ? e : new ScannerProblem('scanner.failed', (e as Error).message);
      logger.warn('scan stopped', { batch: batch.id, code: problem.code, detail: problem.detail, pages });
      // A new scan that got no page at all is no batch: it goes. Pages that came stay for the clerk.
      if (pages === 0 && before === 0 && !s.batchId) {
        await capture.finishScan(batch.id);
        return { batchId: batch.id, pages, problem: problem.code, ...detail(problem), finished: true };
      }
      await capture.setScanState(batch.id, 'stopped', problem.code);
      return { batchId: batch.id, pages, problem: problem.code, ...detail(problem), finished: false };
    } finally {
      this.starts.delete(batch.id);
      this.jobs.delete(batch.id);
    }
  }
}

const detail = (p: ScannerProblem) => (p.detail ? { detail: p.detail } : {});
