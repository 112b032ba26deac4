import { availableParallelism, loadavg } from 'node:os';

/**
 * How many times slower than an idle box this one runs now: runnable processes per core over the last
 * minute (at least 1, at most MAX_SLOWNESS). The suite runs its two lanes, agents and Chromium on two cores,
 * often beside other work (issue #45 item 3): a wait sized for an idle box fails there although the thing
 * waited for is on its way. Read when a deadline is reached, so a wait stretches only while the box is busy.
 */
export function boxSlowness(): number {
  const perCore = (loadavg()[0] ?? 0) / Math.max(1, availableParallelism());
  return Math.min(MAX_SLOWNESS, Math.max(1, perCore));
}

/** A busier box than this is a box in trouble: the wait fails rather than waits for ever. */
const MAX_SLOWNESS = 8;

/** Whether `ms` of an idle box have passed since `startedAt` (performance.now()), at the box's pace now. */
export function pastIdleTime(startedAt: number, ms: number): boolean {
  const elapsed = performance.now() - startedAt;
  return elapsed > ms && elapsed > ms * boxSlowness();
}

/**
 * A deadline that waits for progress: it expires when the watched state has not changed for `stallMs` (at
 * the box's pace), not after a fixed wall time; `ceilingMs` still ends a run that moves for ever.
 */
export function progressDeadline(o: { stallMs: number; ceilingMs: number }) {
  const started = performance.now();
  let lastChange = started;
  let last: string | undefined;
  return {
    /** Records the state now; a different state than last time is progress. */
    saw(state: unknown): void {
      const s = JSON.stringify(state);
      if (s !== last) {
        last = s;
        lastChange = performance.now();
      }
    },
    /** Why the wait is over (no progress for …, or the ceiling), or undefined while it goes on. */
    expired(): string | undefined {
      if (pastIdleTime(lastChange, o.stallMs))
        return `no progress for ${Math.round((performance.now() - lastChange) / 1000)} s (last state ${last ?? 'none'})`;
      if (performance.now() - started > o.ceilingMs) return `still moving after ${Math.round(o.ceilingMs / 1000)} s`;
      return undefined;
    },
  };
}

/**
 * Looks (`look`) every `pauseMs` until `done` says the state is reached, and returns that state; gives up,
 * naming `what` and why, only once the state stops changing for `stallMs` or after `ceilingMs`
 * (progressDeadline): the tests' one wait for progress.
 */
export async function waitForProgress<T>(
  what: string,
  look: () => T | Promise<T>,
  done: (state: T) => boolean,
  o: { stallMs: number; ceilingMs: number; pauseMs?: number },
): Promise<T> {
  const deadline = progressDeadline(o);
  for (;;) {
    const state = await look();
    if (done(state)) return state;
    deadline.saw(state);
    const why = deadline.expired();
    if (why) throw new Error(`waiting for ${what}: ${why}`);
    await new Promise((r) => setTimeout(r, o.pauseMs ?? 50));
  }
}

/** waitForProgress for a condition (`done`) watched by a state of its own (`state`, read only while not done). */
export async function waitUntilDone(
  what: string,
  done: () => boolean | Promise<boolean>,
  state: () => unknown,
  o: { stallMs: number; ceilingMs: number; pauseMs?: number },
): Promise<void> {
  const reached = Symbol('done');
  await waitForProgress(
    what,
    async () => ((await done()) ? reached : await state()),
    (s) => s === reached,
    o,
  );
}

/**
 * An upper bound that tells a prompt answer from a hang (a FIFO not waited on, a budget that ends a task):
 * `ms` on an idle box, stretched by the box's load now. Not for bounds that tell two behaviours apart by time.
 */
export function idleMs(ms: number): number {
  // A whole number: child_process and timers refuse a fraction ("timeout … must be an unsigned integer").
  return Math.ceil(ms * boxSlowness());
}

/** Resolves once `ms` of an idle box have passed, at the box's pace (checked every 100 ms). */
export function idleDelay(ms: number): Promise<void> {
  const started = performance.now();
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      if (!pastIdleTime(started, ms)) return;
      clearInterval(timer);
      resolve();
    }, 100);
    timer.unref();
  });
}
