import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../util/test-support/temp-dir';
import type { StableFile } from './stability-tracker';
import { StabilityTracker } from './stability-tracker';
import { idleMs } from '../../util/test-support/box-pace';

// Issue #45 item 2: with 30,000 scans waiting, every one was stat'ed and opened on each poll and handed over
// at once (EMFILE, the heap full of waiting hand-overs). At most `maxActive` files are looked at or handed
// over at a time; the others wait their turn, never opened, and still count as pending (`agent --once`).
let tracker: StabilityTracker | undefined;
afterEach(() => tracker?.close());

describe('StabilityTracker: a window of files at a time', () => {
  it('with 40 files waiting and hand-overs held, looks at and hands over at most 8 at a time, and takes them all', async () => {
    const dir = tempDir('intake-window-');
    const names = Array.from({ length: 40 }, (_, i) => `scan_${String(i).padStart(2, '0')}.tif`);
    for (const n of names) await writeFile(join(dir, n), `scan ${n}`);
    const opened = new Set<string>();
    let openNow = 0;
    let mostOpen = 0;
    const held: Array<() => void> = [];
    const taken: string[] = [];
    let handingNow = 0;
    let mostHanding = 0;
    tracker = new StabilityTracker(
      async (f: StableFile) => {
        mostHanding = Math.max(mostHanding, ++handingNow);
        await new Promise<void>((r) => held.push(r));
        handingNow--;
        taken.push(f.path);
        return 'done';
      },
      { pollMs: 20, stableMs: 60, emptyStableMs: 1_000, lockedRetryMs: 100, maxActive: 8 },
      undefined,
      {
        // The quiet rule's open (the only one for a file whose format says nothing), counted.
        tryOpen: async (path) => {
          opened.add(path);
          mostOpen = Math.max(mostOpen, ++openNow);
          await new Promise((r) => setImmediate(r));
          openNow--;
          return undefined;
        },
      },
    );
    for (const n of names) tracker.consider(join(dir, n));
    expect(tracker.size).toBe(40);
    expect(tracker.active).toBe(8);
    for (let done = 0; done < names.length; done++) {
      // Progress: the next file is handed over.
      await expect.poll(() => held.length, { timeout: idleMs(20_000) }).toBeGreaterThan(0);
      expect(tracker.active).toBeLessThanOrEqual(8);
      // Files waiting their turn are not opened: only those taken and the window so far.
      expect(opened.size).toBeLessThanOrEqual(done + 8);
      // Every file not yet taken still counts as pending.
      expect(tracker.size).toBe(names.length - done);
      held.shift()!();
      await expect.poll(() => taken.length).toBe(done + 1);
    }
    expect(mostHanding).toBeLessThanOrEqual(8);
    expect(mostOpen).toBeLessThanOrEqual(8);
    expect(taken.sort()).toEqual(names.map((n) => join(dir, n)));
    expect(tracker.size).toBe(0);
  });
});
