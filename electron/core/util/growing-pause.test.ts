import { describe, expect, it } from 'vitest';
import { GrowingPause } from './growing-pause';

describe('the pause between tries of something out of reach', () => {
  it('doubles after each try up to its ceiling, and starts over after a success', () => {
    const pause = new GrowingPause({ firstMs: 100, maxMs: 500 });
    expect([pause.take(), pause.take(), pause.take(), pause.take(), pause.take()]).toEqual([100, 200, 400, 500, 500]);
    pause.reset();
    expect(pause.take()).toBe(100);
  });

  it('a wait is cut short by wake (every wait under way), and a later wait is not', async () => {
    const pause = new GrowingPause({ firstMs: 3_600_000, maxMs: 3_600_000 });
    let ended = 0;
    const first = pause.wait().then(() => ended++);
    const second = pause.wait().then(() => ended++);
    pause.wake();
    await Promise.all([first, second]);
    expect(ended).toBe(2);
    // Woken before it began: a wake is not kept for the next wait.
    pause.wake();
    const third = pause.wait().then(() => 'waited');
    const outcome = await Promise.race([third, new Promise((r) => setTimeout(() => r('still waiting'), 20))]);
    expect(outcome).toBe('still waiting');
    pause.wake();
    expect(await third).toBe('waited');
  });
});
