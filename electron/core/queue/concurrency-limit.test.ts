import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit } from './concurrency-limit';

describe('ConcurrencyLimit', () => {
  it('never runs more than the limit at once, runs every task in arrival order, and survives failures', async () => {
    const limit = new ConcurrencyLimit(2);
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    const releases: (() => void)[] = [];
    const tasks = Array.from({ length: 6 }, (_, i) =>
      limit
        .run(async () => {
          started.push(i);
          running++;
          peak = Math.max(peak, running);
          await new Promise<void>((r) => releases.push(r));
          running--;
          if (i === 1) throw new Error('task 1 failed');
          return i;
        })
        .then(
          () => 'fulfilled',
          () => 'rejected',
        ),
    );
    while (started.length < 6) {
      await new Promise((r) => setTimeout(r, 1));
      expect(running).toBeLessThanOrEqual(2);
      releases.shift()?.();
    }
    releases.forEach((r) => r());
    const results = await Promise.all(tasks);
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5]);
    expect(results).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled']);
  });
});
