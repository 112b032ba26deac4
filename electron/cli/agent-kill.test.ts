import { describe, expect, it } from 'vitest';
import { killRun } from '../../test/reliability/kill-run';
import { idleMs } from '../core/util/test-support/box-pace';

// The long version (≥ 20 kills over 200 files) is opt-in: `npx tsx bench/kill-test.ts`.
describe('agent under kill -9', () => {
  it('loses nothing and leaves nothing half-way after random kills', { timeout: idleMs(120_000) }, async () => {
    const r = await killRun({ files: 40, kills: 3 });
    expect(r.endedByThemselves).toEqual([]);
    expect(r.finalExitCode).toBe(0);
    expect(r.missing).toBe(0);
    expect(r.uploaded).toBe(40);
    expect(r.leftInFolder).toBe(0);
    expect(r.leftInSpool).toBe(0);
    // At most what was in flight at each kill (concurrency 2), and the sandbox honours the key, so 0 expected.
    expect(r.duplicates).toBeLessThanOrEqual(2 * r.kills);
  });
});
