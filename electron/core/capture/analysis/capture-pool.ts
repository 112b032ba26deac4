/**
 * A small pool of analysis workers. Size: one less than the CPUs (at least one), so the main thread —
 * uploads, IPC, the UI's answers — always has a core; a batch under analysis never delays them. Work is
 * handed out in chunks of a few pages, so two workers share one long file; files take turns chunk by
 * chunk (one queue per file, served round-robin), so a second file is never stuck behind a long one.
 *
 * A worker that dies (out of memory, a crash in a decoder) takes only its request with it: the request
 * fails, the pool starts a new worker. A request that runs over its time budget has its worker ended the
 * same way (decode-limits.ts), and the rest of that file's requests are dropped.
 */
import type { CaptureProblem, PageAnalysis } from '../../../../shared/domain/capture';
import { defaultPoolSize, workerUrlFor, WorkerPool } from '../../util/worker-pool';
import type { PoolTask } from '../../util/worker-pool';
import { DECODE_LIMITS } from '../pages/decode-limits';
import type { WorkerReply, WorkerRequest } from './worker-protocol';

export { defaultPoolSize } from '../../util/worker-pool';

export interface CapturePoolOptions {
  /** Number of worker threads; default defaultPoolSize(). */
  size?: number;
  /** The worker script; default the tsx bootstrap next to this file (running from source). */
  workerUrl?: URL;
  /** Pages per request. */
  chunk?: number;
  /** Time budget of one request (ms); default DECODE_LIMITS.analysisTaskMs. */
  taskBudgetMs?: number;
}

export interface AnalyseOptions {
  dpi: number;
  blankThreshold: number;
  formats?: readonly string[];
  /** A file with more pages is not analysed (`too-many-pages`); default: no limit. */
  maxPages?: number;
  /** The first page analysed (a batch resumed after its first parts were made); default 0. */
  fromPage?: number;
  /** Told the file's page count once it is opened, before any page is analysed. */
  onOpened?: (pageCount: number) => void;
}

/** A request whose worker died or ran over its time budget: the file is not analysed (kept whole). */
export class CaptureWorkerFailed extends Error {
  constructor(
    message: string,
    readonly reason: 'died' | 'budget',
  ) {
    super(message);
  }
}

export type AnalyseFileResult = { ok: true; pages: PageAnalysis[] } | { ok: false; problem: CaptureProblem };

/** A request not sent because its file already failed. */
const DROPPED = new Error('not sent: the file already failed');

type Task = PoolTask<WorkerRequest, WorkerReply> & { lane: number };

export class CapturePool {
  private readonly size: number;
  private readonly chunk: number;
  private readonly workers: WorkerPool<WorkerRequest, WorkerReply>;

  constructor(opts: CapturePoolOptions = {}) {
    this.size = Math.max(1, opts.size ?? defaultPoolSize());
    this.chunk = Math.max(1, opts.chunk ?? 2);
    this.workers = new WorkerPool({
      size: this.size,
      // Built: the build's `capture-worker` entry; from source the tsx bootstrap next to this file.
      workerUrl: opts.workerUrl ?? workerUrlFor(import.meta.url, 'capture-worker.js', './analysis-worker-entry.mjs'),
      // Small JS heaps: the big buffers live in the WASM heaps and as external memory, and a young
      // generation of V8's default size is RSS per worker for nothing (measured: docs/capture.md).
      resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 96 },
      taskBudgetMs: opts.taskBudgetMs ?? DECODE_LIMITS.analysisTaskMs,
      closedMessage: 'the capture pool was closed',
      failure: {
        died: (why) => new CaptureWorkerFailed(`the capture worker stopped: ${why}`, 'died'),
        overBudget: (s) => new CaptureWorkerFailed(`the analysis took more than ${s} s and was stopped`, 'budget'),
      },
    });
  }

  get threads(): number {
    return this.size;
  }

  /** Opens the file in a worker: its page count, or why it cannot be read as pages. */
  pageCount(
    path: string,
    lane = this.workers.newLane(),
  ): Promise<{ ok: true; pageCount: number } | { ok: false; problem: CaptureProblem }> {
    return new Promise((resolve, reject) => {
      this.enqueue({
        lane,
        request: { op: 'open', path },
        onReply: (r) => {
          if (r.type === 'opened') resolve({ ok: true, pageCount: r.pageCount });
          else if (r.type === 'problem') resolve({ ok: false, problem: r.problem });
          else if (r.type === 'error') reject(new Error(r.message));
          else return false;
          return true;
        },
        fail: reject,
      });
    });
  }

  /**
   * Every page of the file (from `opts.fromPage` on) analysed, in page order. `onPage` sees each page as
   * soon as it is done.
   */
  async analyseFile(
    path: string,
    opts: AnalyseOptions,
    onPage?: (a: PageAnalysis) => void,
  ): Promise<AnalyseFileResult> {
    const lane = this.workers.newLane();
    const opened = await this.pageCount(path, lane);
    if (!opened.ok) return opened;
    if (opts.maxPages !== undefined && opened.pageCount > opts.maxPages)
      return {
        ok: false,
        problem: {
          code: 'too-many-pages',
          message: `the file has ${opened.pageCount} pages, more than the ${opts.maxPages} capture analyses per file`,
        },
      };
    opts.onOpened?.(opened.pageCount);
    const pages: PageAnalysis[] = new Array<PageAnalysis>(opened.pageCount);
    const chunks: number[][] = [];
    for (let p = Math.max(0, opts.fromPage ?? 0); p < opened.pageCount; p += this.chunk)
      chunks.push(Array.from({ length: Math.min(this.chunk, opened.pageCount - p) }, (_, i) => p + i));
    let problem: CaptureProblem | undefined;
    const all = Promise.all(
      chunks.map(
        (chunk) =>
          new Promise<void>((resolve, reject) => {
            this.enqueue({
              lane,
              request: {
                op: 'analyse',
                path,
                pages: chunk,
                dpi: opts.dpi,
                blankThreshold: opts.blankThreshold,
                ...(opts.formats ? { formats: [...opts.formats] } : {}),
              },
              onReply: (r) => {
                if (r.type === 'page') {
                  pages[r.analysis.page] = r.analysis;
                  onPage?.(r.analysis);
                  return false;
                }
                if (r.type === 'done') resolve();
                else if (r.type === 'problem') {
                  problem ??= r.problem; // the file changed between open and analyse, or a page is damaged
                  this.dropLane(lane);
                  resolve();
                } else if (r.type === 'error') reject(new Error(r.message));
                else return false;
                return true;
              },
              fail: (e) => (e === DROPPED ? resolve() : reject(e)),
            });
          }),
      ),
    );
    // One failed request fails the file: its other requests are not started (each could run its budget).
    await all.catch((e: unknown) => {
      this.dropLane(lane);
      throw e;
    });
    if (problem) return { ok: false, problem };
    return { ok: true, pages: opts.fromPage ? pages.filter(Boolean) : pages };
  }

  /**
   * Starts every worker and has it load PDFium and the barcode reader, so a station that splits batches
   * does not make its first batch wait for them (they stay once started, as after a first batch). Resolves
   * once all are ready; a failure only means the first batch starts them.
   */
  async warm(): Promise<void> {
    await Promise.all(
      Array.from(
        { length: this.size },
        () =>
          new Promise<void>((resolve) => {
            this.enqueue({
              lane: this.workers.newLane(),
              request: { op: 'warm' },
              onReply: () => {
                resolve();
                return true;
              },
              fail: () => resolve(),
            });
          }),
      ),
    );
  }

  close(): Promise<void> {
    return this.workers.close();
  }

  private enqueue(task: Task) {
    this.workers.submit(task);
  }

  /** The file's waiting requests are not sent (their callers hear DROPPED). */
  private dropLane(lane: number) {
    this.workers.dropLane(lane, DROPPED);
  }
}
