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
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CaptureProblem, PageAnalysis } from '../../../../shared/domain/capture';
import { DECODE_LIMITS } from '../pages/decode-limits';
import type { WorkerReply, WorkerRequest } from './worker-protocol';

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

/**
 * Built (out/main): the build's `capture-worker` entry, next to the entries (this code may sit in a chunk
 * one folder down). From source (tsx, vitest): the bootstrap that registers tsx in the worker thread.
 */
function defaultWorkerUrl(): URL {
  const here = import.meta.url;
  for (const candidate of ['./capture-worker.js', '../capture-worker.js']) {
    const url = new URL(candidate, here);
    if (here.endsWith('.js') && existsSync(url)) return url;
  }
  return new URL('./analysis-worker-entry.mjs', here);
}

/** cores − 1, at least 1; `forCli` uses every core (nothing else runs in that process). */
export function defaultPoolSize(forCli = false): number {
  const n = availableParallelism();
  return Math.max(1, forCli ? n : n - 1);
}

/** A request not sent because its file already failed. */
const DROPPED = new Error('not sent: the file already failed');

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;
interface Task {
  /** Requests of one file share a lane; lanes take turns. */
  lane: number;
  request: Request;
  onReply: (r: WorkerReply) => boolean; // true when the task is finished
  fail: (e: Error) => void;
}
interface Slot {
  worker: Worker;
  task?: Task & { id: number };
  budget?: NodeJS.Timeout;
}

export class CapturePool {
  private readonly size: number;
  private readonly workerUrl: URL;
  private readonly chunk: number;
  private readonly taskBudgetMs: number;
  private readonly slots: Slot[] = [];
  /** Waiting requests by lane, in the order lanes are served next (round-robin). */
  private readonly lanes = new Map<number, Task[]>();
  private nextId = 1;
  private nextLane = 1;
  private closed = false;

  constructor(opts: CapturePoolOptions = {}) {
    this.size = Math.max(1, opts.size ?? defaultPoolSize());
    this.workerUrl = opts.workerUrl ?? defaultWorkerUrl();
    this.chunk = Math.max(1, opts.chunk ?? 2);
    this.taskBudgetMs = opts.taskBudgetMs ?? DECODE_LIMITS.analysisTaskMs;
  }

  get threads(): number {
    return this.size;
  }

  /** Opens the file in a worker: its page count, or why it cannot be read as pages. */
  pageCount(
    path: string,
    lane = this.nextLane++,
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
    const lane = this.nextLane++;
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
              lane: this.nextLane++,
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

  async close(): Promise<void> {
    this.closed = true;
    const waiting = [...this.lanes.values()].flat();
    this.lanes.clear();
    for (const t of waiting) t.fail(new Error('the capture pool was closed'));
    await Promise.all(
      this.slots.splice(0).map((s) => {
        clearTimeout(s.budget);
        return s.worker.terminate();
      }),
    );
  }

  private enqueue(task: Task) {
    if (this.closed) return task.fail(new Error('the capture pool was closed'));
    const lane = this.lanes.get(task.lane);
    if (lane) lane.push(task);
    else this.lanes.set(task.lane, [task]);
    this.pump();
  }

  /** The file's waiting requests are not sent (their callers hear DROPPED). */
  private dropLane(lane: number) {
    const tasks = this.lanes.get(lane) ?? [];
    this.lanes.delete(lane);
    for (const t of tasks) t.fail(DROPPED);
  }

  /** The next request, round-robin over the files waiting. */
  private take(): Task | undefined {
    for (const [key, tasks] of this.lanes) {
      const task = tasks.shift();
      this.lanes.delete(key);
      if (tasks.length > 0) this.lanes.set(key, tasks); // to the back of the line
      if (task) return task;
    }
    return undefined;
  }

  private pump() {
    while (this.lanes.size > 0) {
      let slot = this.slots.find((s) => !s.task);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const task = this.take();
      if (!task) return;
      const id = this.nextId++;
      const busy = slot;
      busy.task = { ...task, id };
      busy.worker.ref();
      busy.budget = setTimeout(() => this.overBudget(busy), this.taskBudgetMs);
      busy.worker.postMessage({ ...task.request, id } satisfies WorkerRequest);
    }
  }

  /** The request ran over its budget: its worker is ended (a runaway decoder cannot be stopped otherwise). */
  private overBudget(slot: Slot) {
    const task = slot.task;
    this.retire(slot);
    void slot.worker.terminate();
    task?.fail(
      new CaptureWorkerFailed(
        `the analysis took more than ${Math.round(this.taskBudgetMs / 1000)} s and was stopped`,
        'budget',
      ),
    );
    if (!this.closed) this.pump();
  }

  /** The slot takes no more work; its task, if any, is the caller's to fail. */
  private retire(slot: Slot) {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    clearTimeout(slot.budget);
    slot.task = undefined;
  }

  private spawn(): Slot {
    // Small JS heaps: the big buffers live in the WASM heaps and as external memory, and a young
    // generation of V8's default size is RSS per worker for nothing (measured: docs/capture.md).
    const worker = new Worker(this.workerUrl, {
      resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 96 },
    });
    const slot: Slot = { worker };
    worker.on('message', (r: WorkerReply) => {
      const task = slot.task;
      if (!task || r.id !== task.id) return;
      if (task.onReply(r)) {
        slot.task = undefined;
        clearTimeout(slot.budget);
        worker.unref(); // an idle pool does not keep the process alive
        this.pump();
      }
    });
    const lost = (e: Error) => {
      const task = slot.task;
      this.retire(slot);
      task?.fail(new CaptureWorkerFailed(`the capture worker stopped: ${e.message}`, 'died'));
      if (!this.closed) this.pump();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`it exited (code ${code})`)));
    this.slots.push(slot);
    return slot;
  }
}
