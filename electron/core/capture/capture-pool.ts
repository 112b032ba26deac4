/**
 * A small pool of analysis workers. Size: one less than the CPUs (at least one), so the main thread —
 * uploads, IPC, the UI's answers — always has a core; a batch under analysis never delays them. Work is
 * handed out in chunks of a few pages, so two workers share one long file and a second file is not stuck
 * behind the first for long.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { CaptureProblem, PageAnalysis } from '../../../shared/domain/capture';
import type { WorkerReply, WorkerRequest } from './worker-protocol';

export interface CapturePoolOptions {
  /** Number of worker threads; default defaultPoolSize(). */
  size?: number;
  /** The worker script; default the tsx bootstrap next to this file (running from source). */
  workerUrl?: URL;
  /** Pages per request. */
  chunk?: number;
}

export interface AnalyseOptions {
  dpi: number;
  blankThreshold: number;
  formats?: readonly string[];
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

type Request = WorkerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;
interface Task {
  request: Request;
  onReply: (r: WorkerReply) => boolean; // true when the task is finished
  fail: (e: Error) => void;
}
interface Slot {
  worker: Worker;
  task?: Task & { id: number };
}

export class CapturePool {
  private readonly size: number;
  private readonly workerUrl: URL;
  private readonly chunk: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 1;
  private closed = false;

  constructor(opts: CapturePoolOptions = {}) {
    this.size = Math.max(1, opts.size ?? defaultPoolSize());
    this.workerUrl = opts.workerUrl ?? defaultWorkerUrl();
    this.chunk = Math.max(1, opts.chunk ?? 2);
  }

  get threads(): number {
    return this.size;
  }

  /** Opens the file in a worker: its page count, or why it cannot be read as pages. */
  pageCount(path: string): Promise<{ ok: true; pageCount: number } | { ok: false; problem: CaptureProblem }> {
    return new Promise((resolve, reject) => {
      this.enqueue({
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

  /** Every page of the file analysed, in page order. `onPage` sees each page as soon as it is done. */
  async analyseFile(
    path: string,
    opts: AnalyseOptions,
    onPage?: (a: PageAnalysis) => void,
  ): Promise<AnalyseFileResult> {
    const opened = await this.pageCount(path);
    if (!opened.ok) return opened;
    const pages: PageAnalysis[] = new Array<PageAnalysis>(opened.pageCount);
    const chunks: number[][] = [];
    for (let p = 0; p < opened.pageCount; p += this.chunk)
      chunks.push(Array.from({ length: Math.min(this.chunk, opened.pageCount - p) }, (_, i) => p + i));
    let problem: CaptureProblem | undefined;
    await Promise.all(
      chunks.map(
        (chunk) =>
          new Promise<void>((resolve, reject) => {
            this.enqueue({
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
                  problem = r.problem; // the file changed between open and analyse
                  resolve();
                } else if (r.type === 'error') reject(new Error(r.message));
                else return false;
                return true;
              },
              fail: reject,
            });
          }),
      ),
    );
    if (problem) return { ok: false, problem };
    return { ok: true, pages };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const t of this.queue.splice(0)) t.fail(new Error('the capture pool was closed'));
    await Promise.all(this.slots.splice(0).map((s) => s.worker.terminate()));
  }

  private enqueue(task: Task) {
    if (this.closed) return task.fail(new Error('the capture pool was closed'));
    this.queue.push(task);
    this.pump();
  }

  private pump() {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.task);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const task = this.queue.shift()!;
      const id = this.nextId++;
      slot.task = { ...task, id };
      slot.worker.ref();
      slot.worker.postMessage({ ...task.request, id } satisfies WorkerRequest);
    }
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
        worker.unref(); // an idle pool does not keep the process alive
        this.pump();
      }
    });
    const lost = (e: Error) => {
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      slot.task?.fail(e);
      slot.task = undefined;
      if (!this.closed) this.pump();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`capture worker exited (code ${code})`)));
    this.slots.push(slot);
    return slot;
  }
}
