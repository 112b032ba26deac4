import { mkdtempSync } from 'node:fs';
import { mkdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { sharedLayout } from '../core/intake/shared-folder/layout';
import { runAgent } from './test-support/run-agent';
import { idleMs } from '../core/util/test-support/box-pace';

// Issue #45 item 2: `status --folder` on a folder with 24,080 committed files printed every name in one
// 337 KB line. It sums each list up (count, oldest, first names) and prints every name only with --names.
let dir: string | undefined;
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

const day = (n: number) => new Date(Date.UTC(2026, 10, n, 8, 0, 0));

describe('intake-agent status --folder: a summary, names on request', () => {
  it(
    'counts, the oldest and the first five of each list; every name only with --names',
    { timeout: idleMs(60_000) },
    async () => {
      dir = mkdtempSync(join(tmpdir(), 'intake-fleet-summary-'));
      const l = sharedLayout(dir, 'pc-a-000001');
      await mkdir(l.taken, { recursive: true });
      await mkdir(l.claimed, { recursive: true });
      // 300 committed files, the oldest not the first by name; 2 claimed; 40 scans waiting in the folder.
      const taken = Array.from({ length: 300 }, (_, i) => `taken_${String(i).padStart(3, '0')}.pdf`);
      for (const [i, n] of taken.entries()) {
        await writeFile(join(l.taken, n), n);
        const t = day(i === 123 ? 1 : 20);
        await utimes(join(l.taken, n), t, t);
      }
      for (const n of ['c1.pdf', 'c2.pdf']) await writeFile(join(l.claimed, n), n);
      const waiting = Array.from({ length: 40 }, (_, i) => `scan_${String(i).padStart(2, '0')}.pdf`);
      for (const [i, n] of waiting.entries()) {
        await writeFile(join(dir, n), n);
        const t = day(i === 7 ? 2 : 21);
        await utimes(join(dir, n), t, t);
      }
      await mkdir(l.stations, { recursive: true });
      await writeFile(
        l.beat,
        JSON.stringify({
          station: 'pc-a-000001',
          host: 'pc-a',
          pid: 4242,
          version: '1.2.3',
          lastBeat: new Date().toISOString(),
          seq: 3,
          leaseMs: 120_000,
          claimed: 2,
          taken: 300,
        }),
      );

      const plain = await runAgent(['status', '--folder', dir]);
      expect(plain.code, plain.stderr).toBe(0);
      const line = plain.stdout.trim();
      expect(line.split('\n')).toHaveLength(1);
      // Small whatever the folder holds (300 names alone would be ~5 KB).
      expect(line.length).toBeLessThan(2_000);
      expect(plain.summary).toMatchObject({
        shared: true,
        stations: [
          {
            station: 'pc-a-000001',
            state: 'alive',
            claimed: { count: 2, first: ['c1.pdf', 'c2.pdf'] },
            taken: {
              count: 300,
              oldest: { name: 'taken_123.pdf', modified: day(1).toISOString() },
              first: taken.slice(0, 5),
            },
          },
        ],
        waitingForTakeover: { count: 0, first: [] },
        heldByGone: { count: 0, first: [] },
        unclaimed: {
          count: 40,
          oldest: { name: 'scan_07.pdf', modified: day(2).toISOString() },
          first: waiting.slice(0, 5),
        },
      });
      expect(line).not.toContain('taken_200.pdf');
      expect(line).not.toContain('"names"');

      const all = await runAgent(['status', '--folder', dir, '--names']);
      expect(all.code, all.stderr).toBe(0);
      expect(all.summary).toMatchObject({
        stations: [{ claimed: { count: 2, names: ['c1.pdf', 'c2.pdf'] }, taken: { count: 300, names: taken } }],
        unclaimed: { count: 40, names: waiting },
      });

      const wrong = await runAgent(['list', '--names', '--data', join(dir, 'data')]);
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toContain('--names is for status --folder');
    },
  );
});
