/**
 * The main thread's side of the part worker: one worker thread builds and publishes a batch's parts, one
 * request at a time, in the order asked (a batch's parts come out in scanner order). A worker that dies or
 * runs over its time budget fails only its request, and the next request starts a new worker.
 */
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { CaptureProblem } from '../../../../shared/domain/capture';
import { CaptureWorkerFailed } from '../analysis/capture-pool';
import { DECODE_LIMITS } from '../pages/decode-limits';
import type { BuildPartRequest, PartReply, PartRequest, PreparePartsRequest } from './part-protocol';

export type BuiltPart = { ok: true; path: string; pages: number[] } | { ok: false; problem: CaptureProblem };

/** Built (out/main): the build's `part-worker` entry; from source the tsx bootstrap next to this file. */
function defaultWorkerUrl(): URL {
  const here = import.meta.url;
  for (const candidate of ['./part-worker.js', '../part-worker.js']) {
    const url = new URL(candidate, here);
    if (here.endsWith('.js') && existsSync(url)) return url;
  }
  return new URL('./part-worker-entry.mjs', here);
}

interface Pending {
  request: PartRequest;
  resolve: (r: PartReply) => void;
  reject: (e: Error) => void;
}

export class PartBuilder {
  private worker: Worker | undefined;
  private readonly waiting: Pending[] = [];
  private current: (Pending & { budget: NodeJS.Timeout }) | undefined;
  private nextId = 1;
  private closed = false;

  constructor(private readonly opts: { workerUrl?: URL; taskBudgetMs?: number } = {}) {}

  /** Builds one part and publishes it into `outDir` (all or nothing, split-commit.ts). */
  async build(req: BuildPartRequest): Promise<BuiltPart> {
    const r = await this.send({ ...req, op: 'build', id: this.nextId++, fromPage: req.fromPage ?? 0 });
    if (r.type === 'built') return { ok: true, path: r.path, pages: r.pages };
    if (r.type === 'problem') return { ok: false, problem: r.problem };
    throw new Error(r.type === 'error' ? r.message : `unexpected reply ${r.type}`);
  }

  /** Starts the worker (it loads pdf-lib and sharp), so the first part does not wait for it. */
  warm(): void {
    if (this.closed || this.worker) return;
    this.worker = this.spawn();
    this.worker.unref();
  }

  /**
   * Opens the batch's original in the worker ahead of its first part, while its first pages are analysed
   * (pdf-lib parses the whole file once). A problem shows again at the first part.
   */
  async prepare(req: PreparePartsRequest): Promise<void> {
    await this.send({ ...req, op: 'prepare', id: this.nextId++ });
  }

  /** Lets the worker drop the batch's source it keeps open (its bytes and pdf-lib's objects). */
  async forget(path: string): Promise<void> {
    if (!this.worker || this.closed) return;
    await this.send({ op: 'forget', id: this.nextId++, path });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.waiting.splice(0)) p.reject(new Error('the part builder was closed'));
    const current = this.current;
    this.current = undefined;
    if (current) {
      clearTimeout(current.budget);
      current.reject(new Error('the part builder was closed'));
    }
    await this.worker?.terminate();
    this.worker = undefined;
  }

  private send(request: PartRequest): Promise<PartReply> {
    if (this.closed) return Promise.reject(new Error('the part builder was closed'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ request, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    if (this.current || this.closed) return;
    const next = this.waiting.shift();
    if (!next) return;
    const worker = (this.worker ??= this.spawn());
    const budgetMs = this.opts.taskBudgetMs ?? DECODE_LIMITS.analysisTaskMs;
    const budget = setTimeout(() => {
      this.lost(new CaptureWorkerFailed(`building a part took more than ${Math.round(budgetMs / 1000)} s`, 'budget'));
    }, budgetMs);
    this.current = { ...next, budget };
    worker.ref();
    worker.postMessage(next.request);
  }

  /** The worker is ended (a runaway pdf-lib cannot be stopped otherwise); its request fails. */
  private lost(e: Error): void {
    const current = this.current;
    this.current = undefined;
    const worker = this.worker;
    this.worker = undefined;
    if (current) {
      clearTimeout(current.budget);
      current.reject(e);
    }
    void worker?.terminate();
    this.pump();
  }

  private spawn(): Worker {
    // A bounded heap, as every capture worker has: pdf-lib holds the batch's original (up to the 512 MB file
    // limit) and its objects; a runaway takes only this worker and its part with it.
    const worker = new Worker(this.opts.workerUrl ?? defaultWorkerUrl(), {
      resourceLimits: { maxOldGenerationSizeMb: 1536 },
    });
    worker.on('message', (r: PartReply) => {
      const current = this.current;
      if (!current || r.id !== current.request.id) return;
      clearTimeout(current.budget);
      this.current = undefined;
      worker.unref(); // an idle builder does not keep the process alive
      current.resolve(r);
      this.pump();
    });
    worker.on('error', (e) => {
      if (this.worker === worker) this.lost(new CaptureWorkerFailed(`the part worker stopped: ${e.message}`, 'died'));
    });
    worker.on('exit', (code) => {
      if (this.worker === worker)
        this.lost(new CaptureWorkerFailed(`the part worker stopped: it exited (code ${code})`, 'died'));
    });
    return worker;
  }
}
