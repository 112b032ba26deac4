import { describe, expect, it } from 'vitest';
import { GroupSync } from './group-sync';

/** A sync whose completion the test controls, recording which writes each sync covered. */
function controlledSync() {
  const written: number[] = [];
  const covered: number[][] = [];
  const pending: (() => void)[] = [];
  const fail: ((e: Error) => void)[] = [];
  const sync = new GroupSync(
    () =>
      new Promise<void>((resolve, reject) => {
        const snapshot = [...written];
        pending.push(() => {
          covered.push(snapshot);
          resolve();
        });
        fail.push(reject);
      }),
  );
  return { sync, written, covered, pending, fail };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('GroupSync', () => {
  it('callers during a running sync share one next sync, which covers their writes', async () => {
    const { sync, written, covered, pending } = controlledSync();
    written.push(1);
    const first = sync.sync();
    written.push(2, 3, 4);
    const waiting = [sync.sync(), sync.sync(), sync.sync()];
    let done = 0;
    for (const w of waiting) void w.then(() => done++);
    pending.shift()!();
    await first;
    await tick();
    expect(done).toBe(0); // the first sync started before writes 2–4: it does not count for them
    expect(pending).toHaveLength(1);
    pending.shift()!();
    await Promise.all(waiting);
    expect(covered).toEqual([[1], [1, 2, 3, 4]]);
  });

  it('a failed sync rejects its callers, and the next call starts a fresh sync', async () => {
    const { sync, pending, fail } = controlledSync();
    const first = sync.sync();
    fail.shift()!(new Error('EIO'));
    pending.shift();
    await expect(first).rejects.toThrow('EIO');
    const second = sync.sync();
    expect(pending).toHaveLength(1);
    pending.shift()!();
    await expect(second).resolves.toBeUndefined();
  });
});
