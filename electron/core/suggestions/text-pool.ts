/**
 * Text workers: one document per worker at a time, one worker per core (issue #48 item 3: a stack of
 * letters uses both cores of a 2-core desk; the document the clerk opened is read first; docs/capture.md). A worker that has been idle for `idleMs` is ended: its Tesseract
 * engine holds ~150 MB that an idle desk does not need. A document that runs over its time budget
 * (DECODE_LIMITS.textTaskMs) has its worker ended; a worker that dies takes only its document with it.
 * Either way the read fails with TextWorkerFailed and the pool starts a new worker for the next one.
 */
import { DECODE_LIMITS } from '../capture/pages/decode-limits';
import { defaultPoolSize, workerUrlFor, WorkerPool } from '../util/worker-pool';
import type { PageText } from './page-text';
import type { OutputBuilt, TextReadRequest, TextReply, TextRequest, TextWorkerData } from './text-protocol';

export interface TextPoolOptions extends TextWorkerData {
  size?: number;
  idleMs?: number;
  workerUrl?: URL;
  /** Time budget of one document (ms); default DECODE_LIMITS.textTaskMs. */
  taskBudgetMs?: number;
}

/** A read whose worker died or ran over its budget (not a file that has no text: that is `ok: false`). */
export class TextWorkerFailed extends Error {}

/** Text workers: one per core (a page read is seconds of one core; capture keeps cores − 1). */
export function textPoolSize(): number {
  return defaultPoolSize(true);
}

export type ReadRequest = Omit<TextReadRequest, 'id'>;
export type ReadResult =
  { ok: true; pageCount: number; pages: PageText[]; output?: OutputBuilt } | { ok: false; message: string };

export class TextPool {
  readonly size: number;
  private readonly workers: WorkerPool<TextRequest, TextReply>;

  constructor(opts: TextPoolOptions) {
    // Every core (issue #48 item 3): a stack of letters is read on both cores of a 2-core desk, not one;
    // the clerk's own document goes first (PoolTask.first), and the main thread shares the cores.
    this.size = Math.max(1, opts.size ?? textPoolSize());
    this.workers = new WorkerPool({
      size: this.size,
      // Built: the build's `text-worker` entry; from source the tsx bootstrap in core/text-worker/ (the thread that hosts OCR and the searchable PDF).
      workerUrl:
        opts.workerUrl ?? workerUrlFor(import.meta.url, 'text-worker.js', '../text-worker/text-worker-entry.mjs'),
      workerData: { stageDir: opts.stageDir, languages: opts.languages } satisfies TextWorkerData,
      // A small young generation as in capture's workers; the old generation needs room for pdf.js (and
      // tsx's compiler when running from source: 96 MB ran out on a born-digital PDF).
      resourceLimits: { maxYoungGenerationSizeMb: 4, maxOldGenerationSizeMb: 256 },
      taskBudgetMs: opts.taskBudgetMs ?? DECODE_LIMITS.textTaskMs,
      idleMs: opts.idleMs ?? 60_000,
      closedMessage: 'the text pool was closed',
      failure: {
        died: (why) => new TextWorkerFailed(`the text reader crashed reading it: ${why}`),
        overBudget: (s) => new TextWorkerFailed(`reading the text took more than ${s} s and was stopped`),
      },
    });
  }

  /**
   * `budgetMs`: this read's time budget when it is not the pool's (a searchable PDF's). `first`: the clerk
   * waits on it (the document they opened): read before the waiting ones (WorkerPool, PoolTask.first).
   */
  read(request: ReadRequest, onPage?: (p: PageText) => void, budgetMs?: number, first = false): Promise<ReadResult> {
    const pages: PageText[] = [];
    return new Promise((resolve, reject) => {
      this.workers.submit({
        request,
        ...(first ? { first } : {}),
        ...(budgetMs ? { budgetMs } : {}),
        onReply: (r) => {
          if (r.type === 'page') {
            pages[r.page.page] = r.page;
            onPage?.(r.page);
            return false;
          }
          if (r.type === 'done')
            resolve({ ok: true, pageCount: r.pageCount, pages, ...(r.output ? { output: r.output } : {}) });
          else if (r.type === 'problem') resolve({ ok: false, message: r.message });
          else reject(new Error(r.message));
          return true;
        },
        fail: reject,
      });
    });
  }

  /**
   * Starts every worker and its OCR engine for `languages` ahead of the reads (issue #48 item 3: each worker
   * started its engine on its first page, seconds the clerk waited on a stack's first letter). A worker whose
   * engine runs already answers at once. Never fails: a read that follows starts the engine as before.
   */
  warm(languages: readonly string[]): Promise<void> {
    const one = () =>
      this.workers.request({ warm: [...languages] }).then(
        () => undefined,
        () => undefined,
      );
    return Promise.all(Array.from({ length: this.size }, one)).then(() => undefined);
  }

  close(): Promise<void> {
    return this.workers.close();
  }
}
