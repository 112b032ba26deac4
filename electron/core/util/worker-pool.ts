/**
 * The one pool of worker threads behind capture's analysis, the part PDFs and document text: the slots,
 * the waiting line, the pump and the spawn, written once (issue #32 item 4). A worker runs one task at a
 * time; a task is a request and the replies that answer it.
 *
 * A worker that dies (out of memory, a crash in a decoder) takes only its task with it: the task fails, the
 * next task starts a new worker. A task that runs over its time budget has its worker ended the same way (a
 * runaway decoder cannot be stopped otherwise). Tasks of one lane (one file) wait in their lane, and lanes
 * take turns task by task (round-robin), so a second file is never stuck behind a long one; a task without a
 * lane is a lane of its own, so such tasks go first come, first served.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import type { ResourceLimits } from 'node:worker_threads';
import { Worker } from 'node:worker_threads';

/**
 * What a worker posts once its modules are loaded and it serves requests (worker-bootstrap.ts). Task ids
 * start at 1, so this is never taken for a reply.
 */
export const WORKER_READY = { id: 0, type: 'worker.ready' } as const;

const isReady = (m: { id: number }) => m.id === WORKER_READY.id && (m as { type?: unknown }).type === WORKER_READY.type;

/** A request as its sender writes it: the pool numbers it. */
export type WithoutId<T> = T extends unknown ? Omit<T, 'id'> : never;

export interface WorkerPoolOptions {
  /** Number of worker threads, at least 1. */
  size: number;
  workerUrl: URL;
  workerData?: unknown;
  resourceLimits?: ResourceLimits;
  /**
   * Time budget of one task (ms), from the moment its worker serves requests: a new worker's start-up
   * (loading its modules, on a loaded box seconds) is not the task's doing.
   */
  taskBudgetMs: number;
  /** Time a new worker has to load and say WORKER_READY, else it is ended (ms); default 60 s. */
  startBudgetMs?: number;
  /** A worker idle this long is ended (its memory given back); default: kept until close(). */
  idleMs?: number;
  /** What a task still waiting or running hears on close(), e.g. "the text pool was closed". */
  closedMessage: string;
  /** The error a task fails with when its worker dies or runs over the budget (each pool's own words). */
  failure: { died: (why: string) => Error; overBudget: (seconds: number) => Error };
}

export interface PoolTask<Req, Reply> {
  /** Tasks of one lane are served in order and take turns with other lanes; default: a lane of its own. */
  lane?: number;
  /**
   * Someone waits on this task now (the document the clerk opened, issue #48 item 3): served before every
   * lane, the newest such task first (a clerk flipping on wants the letter in front of them, then the ones
   * passed). No running task is stopped for it.
   */
  first?: boolean;
  request: WithoutId<Req>;
  /** This task's time budget (ms), when it is not the pool's (a searchable PDF reads every page). */
  budgetMs?: number;
  /** Each reply to this task; true when it is the last. */
  onReply: (reply: Reply) => boolean;
  fail: (e: Error) => void;
}

interface Slot<Req, Reply> {
  worker: Worker;
  /** The worker has said WORKER_READY. */
  ready: boolean;
  task?: PoolTask<Req, Reply> & { id: number };
  budget?: NodeJS.Timeout;
  idle?: NodeJS.Timeout;
}

/** cores − 1, at least 1, so the main thread (uploads, IPC, the UI's answers) keeps a core; `forCli` uses every core. */
export function defaultPoolSize(forCli = false): number {
  const n = availableParallelism();
  return Math.max(1, forCli ? n : n - 1);
}

/**
 * Built (out/main): the build's entry `built` next to the entries (the calling code may sit in a chunk one
 * folder down). From source (tsx, vitest): `sourceEntry`, the bootstrap that registers tsx in the thread.
 */
export function workerUrlFor(here: string, built: string, sourceEntry: string): URL {
  for (const candidate of [`./${built}`, `../${built}`]) {
    const url = new URL(candidate, here);
    if (here.endsWith('.js') && existsSync(url)) return url;
  }
  return new URL(sourceEntry, here);
}

export class WorkerPool<Req extends { id: number }, Reply extends { id: number }> {
  private readonly slots: Slot<Req, Reply>[] = [];
  /** Waiting tasks by lane, in the order lanes are served next. */
  private readonly lanes = new Map<number, PoolTask<Req, Reply>[]>();
  /** Tasks someone waits on (PoolTask.first), oldest first: served from the end. */
  private readonly urgent: PoolTask<Req, Reply>[] = [];
  private readonly size: number;
  private nextId = 1;
  private nextLane = 1;
  private closed = false;

  constructor(private readonly opts: WorkerPoolOptions) {
    this.size = Math.max(1, opts.size);
  }

  /** A lane of its own, for a run of tasks that belong together (one file's requests). */
  newLane(): number {
    return this.nextLane++;
  }

  /** Workers running now (busy or idle). */
  get workers(): number {
    return this.slots.length;
  }

  submit(task: PoolTask<Req, Reply>): void {
    if (this.closed) return task.fail(new Error(this.opts.closedMessage));
    if (task.first) {
      this.urgent.push(task);
      return this.pump();
    }
    const key = task.lane ?? -this.newLane();
    const lane = this.lanes.get(key);
    if (lane) lane.push(task);
    else this.lanes.set(key, [task]);
    this.pump();
  }

  /** One request, its replies until `isLast`, as a promise (the last reply). */
  request(request: WithoutId<Req>, isLast: (r: Reply) => boolean = () => true): Promise<Reply> {
    return new Promise((resolve, reject) => {
      this.submit({
        request,
        onReply: (r) => {
          if (!isLast(r)) return false;
          resolve(r);
          return true;
        },
        fail: reject,
      });
    });
  }

  /** The lane's waiting tasks are not sent: each fails with `error`. */
  dropLane(lane: number, error: Error): void {
    const tasks = this.lanes.get(lane) ?? [];
    this.lanes.delete(lane);
    for (const t of tasks) t.fail(error);
  }

  /** Starts the workers ahead of their first task (they load what they need meanwhile). */
  start(): void {
    while (!this.closed && this.slots.length < this.size) this.rest(this.spawn());
  }

  async close(): Promise<void> {
    this.closed = true;
    const closed = new Error(this.opts.closedMessage);
    const waiting = [...this.urgent.splice(0), ...[...this.lanes.values()].flat()];
    this.lanes.clear();
    for (const t of waiting) t.fail(closed);
    await Promise.all(
      this.slots.splice(0).map((s) => {
        const task = s.task;
        this.retire(s);
        task?.fail(closed); // a clean stop, not the task's doing
        return s.worker.terminate();
      }),
    );
  }

  /** The next task: the newest someone waits on, else round-robin over the lanes waiting. */
  private take(): PoolTask<Req, Reply> | undefined {
    const urgent = this.urgent.pop();
    if (urgent) return urgent;
    for (const [key, tasks] of this.lanes) {
      const task = tasks.shift();
      this.lanes.delete(key);
      if (tasks.length > 0) this.lanes.set(key, tasks); // to the back of the line
      if (task) return task;
    }
    return undefined;
  }

  private pump(): void {
    while (!this.closed && (this.urgent.length > 0 || this.lanes.size > 0)) {
      let slot = this.slots.find((s) => !s.task);
      if (!slot && this.slots.length < this.size) slot = this.spawn();
      if (!slot) return;
      const task = this.take();
      if (!task) return;
      const id = this.nextId++;
      const busy = slot;
      clearTimeout(busy.idle);
      busy.task = { ...task, id };
      busy.worker.ref();
      // A worker still starting holds the request (the port queues it) and has its start-up budget running.
      if (busy.ready) this.startBudget(busy);
      busy.worker.postMessage({ ...task.request, id });
    }
  }

  private startBudget(slot: Slot<Req, Reply>): void {
    clearTimeout(slot.budget);
    slot.budget = setTimeout(() => this.overBudget(slot), slot.task?.budgetMs ?? this.opts.taskBudgetMs);
  }

  private get startBudgetMs(): number {
    return this.opts.startBudgetMs ?? 60_000;
  }

  private overBudget(slot: Slot<Req, Reply>, budgetMs = slot.task?.budgetMs ?? this.opts.taskBudgetMs): void {
    const task = slot.task;
    this.retire(slot);
    void slot.worker.terminate();
    task?.fail(this.opts.failure.overBudget(Math.round(budgetMs / 1000)));
    this.pump();
  }

  /** The slot takes no more work; its task, if any, is the caller's to fail. */
  private retire(slot: Slot<Req, Reply>): void {
    const i = this.slots.indexOf(slot);
    if (i >= 0) this.slots.splice(i, 1);
    clearTimeout(slot.budget);
    clearTimeout(slot.idle);
    slot.task = undefined;
  }

  /** An idle worker does not keep the process alive, and is ended after `idleMs` if that is set. */
  private rest(slot: Slot<Req, Reply>): void {
    slot.worker.unref();
    if (this.opts.idleMs === undefined) return;
    slot.idle = setTimeout(() => {
      if (slot.task) return;
      this.retire(slot);
      void slot.worker.terminate();
    }, this.opts.idleMs);
    slot.idle.unref();
  }

  private spawn(): Slot<Req, Reply> {
    const worker = new Worker(this.opts.workerUrl, {
      ...(this.opts.workerData !== undefined ? { workerData: this.opts.workerData } : {}),
      ...(this.opts.resourceLimits ? { resourceLimits: this.opts.resourceLimits } : {}),
    });
    const slot: Slot<Req, Reply> = { worker, ready: false };
    // A worker that never gets ready (stuck loading) is ended like a task over its budget; its task fails.
    slot.budget = setTimeout(() => this.overBudget(slot, this.startBudgetMs), this.startBudgetMs);
    slot.budget.unref();
    worker.on('message', (r: Reply) => {
      if (isReady(r)) {
        if (!this.slots.includes(slot)) return; // ended meanwhile (close, start-up budget)
        slot.ready = true;
        clearTimeout(slot.budget);
        if (slot.task) this.startBudget(slot);
        return;
      }
      const task = slot.task;
      if (!task || r.id !== task.id) return;
      if (!task.onReply(r)) return;
      slot.task = undefined;
      clearTimeout(slot.budget);
      this.rest(slot);
      this.pump();
    });
    const lost = (why: string) => {
      if (!this.slots.includes(slot)) return; // retired already (budget, idle, close)
      const task = slot.task;
      this.retire(slot);
      task?.fail(this.opts.failure.died(why));
      this.pump();
    };
    worker.on('error', (e) => lost(e.message));
    worker.on('exit', (code) => lost(`it exited (code ${code})`));
    this.slots.push(slot);
    return slot;
  }
}
