import { describe, expect, it } from 'vitest';
import { killCliSplits, killCommits } from '../test-support/split-kill-run';
import { idleMs } from '../../util/test-support/box-pace';

// The long version (more kills) is opt-in: `npx tsx bench/capture-kill-test.ts`.
describe('split under kill -9', () => {
  it(
    'publishing parts: after a kill at any moment and recovery, none or every part, byte for byte',
    { timeout: idleMs(180_000) },
    async () => {
      const r = await killCommits({ runs: 8 });
      expect(r.half).toBe(0);
      expect(r.none + r.all).toBe(8);
      // The kills landed: some before the commit point, some after (not all runs may finish first).
      expect(r.killed).toBeGreaterThan(0);
    },
  );

  it(
    'intake-agent split killed at a random moment: none or all parts, original unchanged',
    { timeout: idleMs(300_000) },
    async () => {
      const r = await killCliSplits({ runs: 4 });
      expect(r.half).toBe(0);
      expect(r.originalChanged).toBe(0);
      expect(r.all).toBeGreaterThanOrEqual(1); // run 0 is not killed
    },
  );
});
