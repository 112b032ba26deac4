/**
 * Text workers: one document per worker at a time, as many workers as capture uses (cores − 1, so the
 * clerk keeps a core; docs/capture.md). A worker that has been idle for `idleMs` is ended: its Tesseract
 * engine holds ~150 MB that an idle desk does not need. A document that runs over its time budget
 * (DECODE_LIMITS.textTaskMs) has its worker ended; a worker that dies takes only its document with it.
 * Either way the read fails with TextWorkerFailed and the pool starts a new worker for the next one.
 */
import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { defaultPoolSize } from '../capture/analysis/capture-pool';
import { DECODE_LIMITS } from '../capture/pages/decode-limits';
import type { PageText } from './page-text';
import type { TextReply, TextRequest, TextWorkerData } from './text-protocol';

export interface TextPoolOptions extends TextWorkerData {
  size?: number;
  idleMs?: number;
  workerUrl?: URL;
  /** Time budget of one document (ms); default DECODE_LIMITS.textTaskMs. */
  taskBudgetMs?: number;
}

/** A read whose worker died or ran over its budget (not a file that has no text: that is `ok: false`). */
export class TextWorkerFailed extends Error {}

export type ReadRequest = Omit<TextRequest, 'id'>;
export type ReadResult = { ok: true; pageCount: number; pages: PageText[] } | { ok: false; message: string };

function defaultWorkerUrl(): URL {
  const here = import.meta.url;
  for (const candidate of ['./text-worker.js', '../text-worker.js']) {
    const url = new URL(candidate, here);
    if (here.endsWith('.js') && existsSync(url)) return url;
  }
  return new URL('./text-worker-entry.mjs', here);
}

interface Job {
  request: ReadRequest;
  onPage?: (p: PageText) => void;
  resolve: (r: ReadResult) => void;
  reject: (e: Error) => void;
}
interface Slot {
  worker: Worker;
  job?: Job & { id: number; pages: PageText[] };
  idleTimer?: NodeJS.Timeout;
  budget?: NodeJS.Timeout;
}

export class TextPool {
  readonly size: number;
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private readonly workerUrl: URL;
  private readonly idleMs: number;
  private readonly taskBudgetMs: number;
  private nextId = 1;
  private closed = false;

  constructor(private readonly opts: TextPoolOptions) {
    this.size = Math.max(1, opts.size ?? defaultPoolSize());
    this.workerUrl = opts.workerUrl ?? defaultWorkerUrl();
    this.idleMs = opts.idleMs ?? 60_000;
    this.taskBudgetMs = opts.taskBudgetMs ?? DECODE_LIMITS.textTaskMs;
  }

  read(request: ReadRequest, onPage?: (p: PageText) => void): Promise<ReadResult> {
    return new Promise((resolve, reject) => {
      if (this.closed) return reject(new Error('the text pool was closed'));
      this.queue.push({ request, resolve, reject, ...(onPage ? { onPage } : {}) });
      this.pump();
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const j of this.queue.splice(0)) j.reject(new Error('the text pool was closed'));
    await Promise.all(
      this.slots.splice(0).map((s) => {
        clearTimeout(s.idleTimer);
        clearTimeout(s.budget);
        return s.worker.terminate();
      }),
    );
  }

  private pump() {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => !s.job);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const job = this.queue.shift()!;
      const id = this.nextId++;
      clearTimeout(slot.idleTimer);
      slot.job = { ...job, id, pages: [] };
      slot.worker.ref();
      const busy = slot;
      busy.budget = setTimeout(() => {
        const overrun = busy.job;
        busy.job = undefined;
        this.drop(busy);
        void busy.worker.terminate();
        overrun?.reject(
          new TextWorkerFailed(
            `reading the text took more than ${Math.round(this.taskBudgetMs / 1000)} s and was stopped`,
          ),
        );
        if (!this.closed) this.pump();
      }, this.taskBudgetMs);
      slot.worker.postMessage({ ...job.request, id } satisfies TextRequest);
    }
  }

  private finish(slot: Slot) {
    slot.job = undefined;
    clearTimeout(slot.budget);
    slot.worker.unref(); // an idle pool does not keep the process alive
    slot.idleTimer = setTimeout(() => {
      if (slot.job) return;
      this.drop(slot);
      void slot.worker.terminate();
    }, this.idleMs);
    slot.idleTimer.unref();
    this.pump();
  }

  private drop(slot: Slot) {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    clearTimeout(slot.budget);
  }

  private spawn(): Slot {
    const worker = new Worker(this.workerUrl, {
      workerData: { stageDir: this.opts.stageDir, languages: this.opts.languages } satisfies TextWorkerData,
      // A small young generation as in capture's workers; the old generation needs room for pdf.js (and
      // tsx's compiler when running from source: 96 MB ran out on a born-digital PDF).
      resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 256 },
    });
    const slot: Slot = { worker };
    worker.on('message', (r: TextReply) => {
      const job = slot.job;
      if (!job || r.id !== job.id) return;
      if (r.type === 'page') {
        job.pages[r.page.page] = r.page;
        job.onPage?.(r.page);
        return;
      }
      if (r.type === 'done') job.resolve({ ok: true, pageCount: r.pageCount, pages: job.pages });
      else if (r.type === 'problem') job.resolve({ ok: false, message: r.message });
      else job.reject(new Error(r.message));
      this.finish(slot);
    });
    const lost = (e: Error) => {
      this.drop(slot);
      clearTimeout(slot.idleTimer);
      // Ended by close(): a clean stop, not the document's doing.
      slot.job?.reject(
        this.closed
          ? new Error('the text pool was closed')
          : new TextWorkerFailed(`the text worker stopped: ${e.message}`),
      );
      slot.job = undefined;
      if (!this.closed) this.pump();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`text worker exited (code ${code})`)));
    this.slots.push(slot);
    return slot;
  }
}
