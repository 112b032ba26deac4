import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConnectionWatch } from './connection-watch';

describe('ConnectionWatch (issue #48 item 10)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('looks again and again while idle, one look at a time, and not after stop', async () => {
    let looks = 0;
    let release: () => void = () => undefined;
    const watch = new ConnectionWatch(async () => {
      looks++;
      // The second look hangs (a platform that does not answer) until released.
      if (looks === 2) await new Promise<void>((r) => (release = r));
    }, 1_000);
    watch.start();
    expect(looks).toBe(0);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(looks).toBe(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(looks).toBe(2);
    // Held on the hanging look: no other one meanwhile, however long it takes.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(looks).toBe(2);
    release();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(looks).toBe(3);
    watch.stop();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(looks).toBe(3);
  });

  it('a look that fails is followed by the next', async () => {
    let looks = 0;
    const watch = new ConnectionWatch(() => {
      looks++;
      return Promise.reject(new Error('unreachable'));
    }, 1_000);
    watch.start();
    await vi.advanceTimersByTimeAsync(3_000);
    expect(looks).toBe(3);
    watch.stop();
  });
});
