import { afterEach, describe, expect, it } from 'vitest';
import type { EchoReply, EchoRequest } from './test-support/echo-worker';
import type { WithoutId, WorkerPoolOptions } from './worker-pool';
import { WorkerPool } from './worker-pool';
import { idleMs } from './test-support/box-pace';

class Died extends Error {}
class OverBudget extends Error {}

const workerUrl = new URL('./test-support/echo-worker-entry.mjs', import.meta.url);
const pools: WorkerPool<EchoRequest, EchoReply>[] = [];
afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});

function pool(opts: Partial<WorkerPoolOptions> = {}) {
  const p = new WorkerPool<EchoRequest, EchoReply>({
    size: 1,
    workerUrl,
    taskBudgetMs: 30_000,
    closedMessage: 'the echo pool was closed',
    failure: {
      died: (why) => new Died(`the echo worker stopped: ${why}`),
      overBudget: (s) => new OverBudget(`took more than ${s} s`),
    },
    ...opts,
  });
  pools.push(p);
  return p;
}

const ask = (
  p: WorkerPool<EchoRequest, EchoReply>,
  req: Partial<WithoutId<EchoRequest>>,
  lane?: number,
  budgetMs?: number,
  first?: boolean,
) =>
  new Promise<{ last: EchoReply; parts: number }>((resolve, reject) => {
    let parts = 0;
    p.submit({
      ...(lane !== undefined ? { lane } : {}),
      ...(first ? { first } : {}),
      ...(budgetMs !== undefined ? { budgetMs } : {}),
      request: { op: 'echo', text: '', parts: 0, delayMs: 0, ...req },
      onReply: (r) => {
        if (r.type === 'part') {
          parts++;
          return false;
        }
        resolve({ last: r, parts });
        return true;
      },
      fail: reject,
    });
  });
const threadOf = (r: { last: EchoReply }) => (r.last.type === 'done' ? r.last.thread : -1);

describe('WorkerPool', { timeout: idleMs(60_000) }, () => {
  it('runs a task in a worker thread: its replies until the last, then the next task on the same worker', async () => {
    const p = pool();
    const a = await ask(p, { text: 'a', parts: 3 });
    expect(a.parts).toBe(3);
    expect(a.last).toMatchObject({ type: 'done', text: 'a' });
    const b = await ask(p, { text: 'b' });
    expect(threadOf(b)).toBe(threadOf(a));
    expect(p.workers).toBe(1);
  });

  it('a worker that dies takes only its task: the others are answered, by a new worker', async () => {
    const p = pool({ size: 2 });
    const first = ask(p, { text: 'first', delayMs: 300 });
    const dies = ask(p, { op: 'die' });
    const after = [ask(p, { text: 'x' }), ask(p, { text: 'y' })];
    await expect(dies).rejects.toThrow(Died);
    await expect(dies).rejects.toThrow('the echo worker stopped: it exited (code 3)');
    expect((await first).last).toMatchObject({ text: 'first' });
    expect((await Promise.all(after)).map((r) => r.last)).toMatchObject([{ text: 'x' }, { text: 'y' }]);
  });

  it('a task over its time budget has its worker ended; the next task gets a new worker', async () => {
    const p = pool({ taskBudgetMs: 500 });
    // The pool's 500 ms is for the hang; the others have their own ample budget (a task on a busy box).
    const before = await ask(p, { text: 'warm' }, undefined, 30_000);
    const started = performance.now();
    await expect(ask(p, { op: 'hang' })).rejects.toThrow(OverBudget);
    expect(performance.now() - started).toBeLessThan(idleMs(10_000));
    const next = await ask(p, { text: 'next' }, undefined, 30_000);
    expect(next.last).toMatchObject({ text: 'next' });
    expect(threadOf(next)).not.toBe(threadOf(before));
  });

  it("a new worker's start-up is not part of its first task's time budget, and has a budget of its own", async () => {
    // Start-up takes three times the task budget: the task still has its whole budget once the worker serves.
    const p = pool({ taskBudgetMs: 600, workerData: { startupMs: 1_800 } });
    const started = performance.now();
    const first = await ask(p, { text: 'first', delayMs: 100 });
    expect(first.last).toMatchObject({ type: 'done', text: 'first' });
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_800);
    // And a task that runs over its budget on a worker that took long to start is still ended.
    await expect(ask(p, { op: 'hang' })).rejects.toThrow(OverBudget);
    // A worker that never gets ready is ended after its start budget: its task fails, not waits forever.
    const stuck = pool({ taskBudgetMs: 30_000, startBudgetMs: 1_500, workerData: { startupMs: 60_000 } });
    const since = performance.now();
    await expect(ask(stuck, { text: 'never' })).rejects.toThrow(OverBudget);
    expect(performance.now() - since).toBeLessThan(idleMs(10_000));
  });

  it('an error in the handler or a bad request is an error reply; the worker stays', async () => {
    const p = pool();
    const before = await ask(p, { text: 'a' });
    expect((await ask(p, { op: 'throw', text: 'boom' })).last).toEqual({
      id: expect.any(Number),
      type: 'error',
      message: 'asked to throw: boom',
    });
    const bad = await p.request({ op: 'nonsense' } as unknown as WithoutId<EchoRequest>);
    expect(bad).toMatchObject({ type: 'error', message: expect.stringMatching(/^bad request/) });
    expect(threadOf(await ask(p, { text: 'b' }))).toBe(threadOf(before));
  });

  it('lanes take turns task by task; tasks without a lane go first come, first served', async () => {
    const p = pool();
    const done: string[] = [];
    const run = (text: string, lane?: number) => ask(p, { text, delayMs: 20 }, lane).then(() => done.push(text));
    const a = p.newLane();
    const b = p.newLane();
    await Promise.all([run('a1', a), run('a2', a), run('a3', a), run('b1', b), run('b2', b)]);
    // a1 is sent at once; then the lanes alternate.
    expect(done).toEqual(['a1', 'a2', 'b1', 'a3', 'b2']);
    done.length = 0;
    await Promise.all(['1', '2', '3', '4'].map((t) => run(t)));
    expect(done).toEqual(['1', '2', '3', '4']);
  });

  it('a task someone waits on (first) goes before every waiting lane, the newest such first (issue #48 item 3)', async () => {
    const p = pool();
    const done: string[] = [];
    const run = (text: string, first = false, lane?: number) =>
      ask(p, { text, delayMs: 20 }, lane, undefined, first).then(() => done.push(text));
    const lane = p.newLane();
    // A stack being read in the background; the clerk opens one letter, then another before it was read.
    const all = [run('bg1', false, lane), run('bg2', false, lane), run('bg3'), run('open1', true), run('open2', true)];
    await Promise.all(all);
    // bg1 was sent at once (a running task is not stopped); then the clerk's, newest first; then the rest.
    expect(done).toEqual(['bg1', 'open2', 'open1', 'bg2', 'bg3']);
    // close() fails a waiting first task as closed, as any other.
    const running = ask(p, { text: 'running', delayMs: 200 });
    const waiting = ask(p, { text: 'waiting' }, undefined, undefined, true);
    // Handled before close() fails them: awaited after it, they were unhandled rejections for a moment.
    const failed = [
      expect(waiting).rejects.toThrow('the echo pool was closed'),
      expect(running).rejects.toThrow('the echo pool was closed'),
    ];
    await p.close();
    await Promise.all(failed);
  });

  it("dropLane fails a lane's waiting tasks with the given error; the running one is answered", async () => {
    const p = pool();
    const lane = p.newLane();
    const running = ask(p, { text: 'running', delayMs: 200 }, lane);
    const waiting = [ask(p, { text: 'w1' }, lane), ask(p, { text: 'w2' }, lane)];
    const other = ask(p, { text: 'other' });
    const dropped = new Error('dropped');
    p.dropLane(lane, dropped);
    for (const w of waiting) await expect(w).rejects.toBe(dropped);
    expect((await running).last).toMatchObject({ text: 'running' });
    expect((await other).last).toMatchObject({ text: 'other' });
  });

  it('close() fails the running and the waiting tasks as closed (not as a dead worker), and later ones', async () => {
    const p = pool();
    const running = ask(p, { text: 'running', delayMs: 5_000 }).catch((e: unknown) => e);
    const waiting = ask(p, { text: 'waiting' }).catch((e: unknown) => e);
    await new Promise((r) => setTimeout(r, 200));
    await p.close();
    expect(await running).toEqual(new Error('the echo pool was closed'));
    expect(await running).not.toBeInstanceOf(Died);
    expect(await waiting).toEqual(new Error('the echo pool was closed'));
    await expect(ask(p, { text: 'late' })).rejects.toThrow('the echo pool was closed');
    expect(p.workers).toBe(0);
  });

  it('ends a worker idle for idleMs, and starts a new one for the next task', async () => {
    const p = pool({ idleMs: 200 });
    const first = await ask(p, { text: 'a' });
    expect(p.workers).toBe(1);
    await new Promise((r) => setTimeout(r, 600));
    expect(p.workers).toBe(0);
    const second = await ask(p, { text: 'b' });
    expect(threadOf(second)).not.toBe(threadOf(first));
  });

  it('start() brings up every worker ahead of the first task; without idleMs they stay', async () => {
    const p = pool({ size: 2 });
    p.start();
    expect(p.workers).toBe(2);
    await new Promise((r) => setTimeout(r, 300));
    expect(p.workers).toBe(2);
    const threads = new Set(
      (await Promise.all([ask(p, { text: 'a', delayMs: 100 }), ask(p, { text: 'b', delayMs: 100 })])).map(threadOf),
    );
    expect(threads.size).toBe(2);
    expect(p.workers).toBe(2);
  });
});
