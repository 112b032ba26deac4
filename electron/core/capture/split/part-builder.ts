/**
 * The main thread's side of the part worker: one worker thread builds and publishes a batch's parts, one
 * request at a time, in the order asked (a batch's parts come out in scanner order). A worker that dies or
 * runs over its time budget fails only its request, and the next request starts a new worker.
 */
import type { CaptureProblem } from '../../../../shared/domain/capture';
import { workerUrlFor, WorkerPool } from '../../util/worker-pool';
import type { WithoutId } from '../../util/worker-pool';
import { CaptureWorkerFailed } from '../analysis/capture-pool';
import { DECODE_LIMITS } from '../pages/decode-limits';
import type { BuildPartRequest, PartReply, PartRequest, PreparePartsRequest } from './part-protocol';

export type BuiltPart = { ok: true; path: string; pages: number[] } | { ok: false; problem: CaptureProblem };

export class PartBuilder {
  /** One worker: the parts come out one at a time, in the order asked. */
  private readonly workers: WorkerPool<PartRequest, PartReply>;

  constructor(opts: { workerUrl?: URL; taskBudgetMs?: number } = {}) {
    this.workers = new WorkerPool({
      size: 1,
      // Built: the build's `part-worker` entry; from source the tsx bootstrap next to this file.
      workerUrl: opts.workerUrl ?? workerUrlFor(import.meta.url, 'part-worker.js', './part-worker-entry.mjs'),
      // A bounded heap, as every capture worker has: pdf-lib holds the batch's original (up to the 512 MB file
      // limit) and its objects; a runaway takes only this worker and its part with it.
      resourceLimits: { maxOldGenerationSizeMb: 1536 },
      taskBudgetMs: opts.taskBudgetMs ?? DECODE_LIMITS.analysisTaskMs,
      closedMessage: 'the part builder was closed',
      failure: {
        died: (why) => new CaptureWorkerFailed(`the part worker stopped: ${why}`, 'died'),
        overBudget: (s) => new CaptureWorkerFailed(`building a part took more than ${s} s`, 'budget'),
      },
    });
  }

  /** Builds one part and publishes it into `outDir` (all or nothing, split-commit.ts). */
  async build(req: BuildPartRequest): Promise<BuiltPart> {
    const r = await this.send({ ...req, op: 'build', fromPage: req.fromPage ?? 0 });
    if (r.type === 'built') return { ok: true, path: r.path, pages: r.pages };
    if (r.type === 'problem') return { ok: false, problem: r.problem };
    throw new Error(r.type === 'error' ? r.message : `unexpected reply ${r.type}`);
  }

  /** Starts the worker (it loads pdf-lib and sharp), so the first part does not wait for it. */
  warm(): void {
    this.workers.start();
  }

  /**
   * Opens the batch's original in the worker ahead of its first part, while its first pages are analysed
   * (pdf-lib parses the whole file once). A problem shows again at the first part.
   */
  async prepare(req: PreparePartsRequest): Promise<void> {
    await this.send({ ...req, op: 'prepare' });
  }

  /** Lets the worker drop the batch's source it keeps open (its bytes and pdf-lib's objects). */
  async forget(path: string): Promise<void> {
    if (this.workers.workers === 0) return; // no worker, nothing kept (or closed)
    await this.send({ op: 'forget', path });
  }

  close(): Promise<void> {
    return this.workers.close();
  }

  private send(request: WithoutId<PartRequest>): Promise<PartReply> {
    return this.workers.request(request);
  }
}
