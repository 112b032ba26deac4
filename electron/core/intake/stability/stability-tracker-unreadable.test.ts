import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StabilityOptions, StableFile, UnreadableFile } from './stability-tracker';
import { StabilityTracker } from './stability-tracker';
import { pastIdleTime } from '../../util/test-support/box-pace';

const OPTIONS: StabilityOptions = {
  pollMs: 20,
  stableMs: 100,
  emptyStableMs: 200,
  lockedRetryMs: 40,
  unreadableAfterMs: 400,
};

/**
 * The EACCES an unprivileged user gets for a chmod 000 file. These tests run as root in CI, and root reads
 * such a file, so the opener is injected; cli/agent-unreadable.test.ts runs the agent as an unprivileged
 * user on a real chmod 000 file.
 */
function eacces(path: string): NodeJS.ErrnoException {
  return Object.assign(new Error(`EACCES: permission denied, open '${path}'`), {
    code: 'EACCES',
    errno: -13,
    syscall: 'open',
    path,
  });
}

let dir: string;
let tracker: StabilityTracker | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'intake-unreadable-'));
});
afterEach(async () => {
  tracker?.close();
  await rm(dir, { recursive: true, force: true });
});

async function until(fn: () => boolean, ms = 5_000): Promise<void> {
  const started = performance.now();
  while (!fn()) {
    if (pastIdleTime(started, ms)) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}

describe('StabilityTracker and a file that cannot be opened', () => {
  it('is given up on after a bounded time, reported once with the OS error, and taken once it opens', async () => {
    const path = join(dir, 'locked.pdf');
    await writeFile(path, 'scan');
    let readable = false;
    let opens = 0;
    const taken: StableFile[] = [];
    const unreadable: UnreadableFile[] = [];
    tracker = new StabilityTracker(
      async (f) => {
        taken.push(f);
        return 'done';
      },
      OPTIONS,
      () => performance.now(),
      {
        onUnreadable: (f) => void unreadable.push(f),
        tryOpen: async (p) => {
          opens++;
          return readable ? undefined : eacces(p);
        },
      },
    );
    const started = performance.now();
    tracker.consider(path);
    await until(() => unreadable.length === 1);
    const after = performance.now() - started;
    expect(after).toBeGreaterThanOrEqual(400);
    expect(after).toBeLessThan(2_000);
    expect(unreadable[0]).toMatchObject({ path, size: 4, error: { code: 'EACCES' } });
    expect(tracker.size).toBe(0); // nothing pending: `agent --once` can finish
    // Offered again (a rescan): one quiet look, no second report, not pending.
    const before = opens;
    tracker.consider(path);
    await new Promise((r) => setTimeout(r, 300));
    expect(opens).toBe(before + 1);
    expect(unreadable).toHaveLength(1);
    expect(tracker.size).toBe(0);
    // Permission fixed (or the lock gone): the next offer takes it as usual.
    readable = true;
    tracker.consider(path);
    await until(() => taken.length === 1);
    expect(taken[0]).toMatchObject({ path, size: 4 });
    expect(unreadable).toHaveLength(1);
  });

  it('counts as pending until its report is recorded: `agent --once` cannot finish in between', async () => {
    const path = join(dir, 'locked.pdf');
    await writeFile(path, 'scan');
    let recorded!: () => void;
    const reported: UnreadableFile[] = [];
    tracker = new StabilityTracker(
      async () => 'done',
      OPTIONS,
      () => performance.now(),
      {
        // The hot folder's report: a stat of the folder, then the queue's record, each a turn of the loop.
        onUnreadable: (f) =>
          new Promise<void>((resolve) => {
            reported.push(f);
            recorded = resolve;
          }),
        tryOpen: async (p) => eacces(p),
      },
    );
    tracker.consider(path);
    await until(() => reported.length === 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(tracker.size).toBe(1); // the record is not written yet
    recorded();
    await until(() => tracker!.size === 0);
  });

  it('a file that opens again within the bound is taken, never reported', async () => {
    const path = join(dir, 'briefly-locked.pdf');
    await writeFile(path, 'scan');
    let fails = 3;
    const taken: StableFile[] = [];
    const unreadable: UnreadableFile[] = [];
    tracker = new StabilityTracker(
      async (f) => {
        taken.push(f);
        return 'done';
      },
      OPTIONS,
      () => performance.now(),
      {
        onUnreadable: (f) => void unreadable.push(f),
        tryOpen: async (p) => (fails-- > 0 ? eacces(p) : undefined),
      },
    );
    tracker.consider(path);
    await until(() => taken.length === 1);
    expect(unreadable).toEqual([]);
  });
});
