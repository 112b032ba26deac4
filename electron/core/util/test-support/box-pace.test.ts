import { describe, expect, it, vi } from 'vitest';
import { boxSlowness, progressDeadline } from './box-pace';

describe('waits that follow progress, not the wall clock (issue #45 item 3)', () => {
  it('a deadline expires only after the stall time without a change, and a change starts it again', () => {
    let now = 0;
    const spy = vi.spyOn(performance, 'now').mockImplementation(() => now);
    try {
      const d = progressDeadline({ stallMs: 1_000, ceilingMs: 60_000 });
      d.saw({ uploaded: 1 });
      now = 900;
      expect(d.expired()).toBeUndefined();
      d.saw({ uploaded: 2 });
      now = 1_800; // 1.8 s since the start, 0.9 s since the last change
      expect(d.expired()).toBeUndefined();
      d.saw({ uploaded: 2 });
      now = 1_800 + 1_000 * boxSlowness() + 100;
      expect(d.expired()).toMatch(/^no progress for \d+ s \(last state \{"uploaded":2\}\)$/);
    } finally {
      spy.mockRestore();
    }
  });

  it('a run that keeps moving still ends at its ceiling', () => {
    let now = 0;
    const spy = vi.spyOn(performance, 'now').mockImplementation(() => now);
    try {
      const d = progressDeadline({ stallMs: 1_000, ceilingMs: 5_000 });
      for (let i = 0; i < 10; i++) {
        now += 600;
        d.saw(i);
      }
      expect(d.expired()).toBe('still moving after 5 s');
    } finally {
      spy.mockRestore();
    }
  });

  it('the box is never counted faster than idle, nor slower than the cap', () => {
    expect(boxSlowness()).toBeGreaterThanOrEqual(1);
    expect(boxSlowness()).toBeLessThanOrEqual(8);
  });
});
