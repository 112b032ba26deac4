import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox';
import { SHARED_RUN_TEST_TIMEOUT_MS, documentsMade, sharedRun, sharedRunBase } from '../../test/reliability/shared-run';
import { agentEnv, runAgent, sandboxArgs } from './test-support/run-agent';
import { idleMs } from '../core/util/test-support/box-pace';

// Issue #28: three real agents (own processes, own data folders) on one scan folder, against the sandbox,
// while 300 scans arrive (half under a temporary name then renamed, half written in place). Lease 3 s.
// Before #28 the same run put 165 of 300 files at the platform more than once (255 extra uploads), and
// every station made a document of most files (docs/benchmarks.md, "Shared scan folders").
// Issue #37: the agents run with default settings (no --shared: every folder claims by default) against a
// platform that ignores Idempotency-Key, so a file taken twice is two uploads and counted as a duplicate.
// Before #37 the first test gave 324 duplicate uploads for 300 scans.
// SHARED_FOLDER: run the stations on that folder (e.g. a FUSE-mounted SMB share, scripts/smb-share.sh)
// polling every SHARED_POLL_MS (default 1000); several paths separated by commas (one mount, so one SMB
// session, each): the scans are written through the first, station i watches the (i+1)-th.
const base = sharedRunBase({ files: 300, arrivalMs: 10_000 });

describe('three agents on one shared folder', () => {
  it(
    'every file reaches the platform exactly once, and the folder is empty at the end',
    { timeout: SHARED_RUN_TEST_TIMEOUT_MS },
    async () => {
      const r = await sharedRun(base);
      expect(r.timedOut).toBe(false);
      expect(r.missing).toEqual([]);
      expect(r.duplicates).toBe(0);
      expect(r.once).toBe(300);
      // Exactly one station made a document of each file (not the platform's key doing the work).
      expect(documentsMade(r.split)).toBe(300);
      expect(r.split.every((n) => n > 0)).toBe(true);
      expect(r.leftInFolder).toEqual([]);
      expect(r.leftClaimed).toEqual([]);
    },
  );

  it(
    'kill -9 one station mid-run, never restarted: its claimed files are taken over after the lease, each once',
    { timeout: SHARED_RUN_TEST_TIMEOUT_MS },
    async () => {
      // A slow platform, so every station holds claimed files when the kill comes.
      const r = await sharedRun({ ...base, latencyMs: 400, kill: { agent: 0, atMs: 5_000 } });
      expect(r.timedOut).toBe(false);
      expect(r.claimedAtSignal.length).toBeGreaterThan(0);
      expect(r.takenOver).toBeGreaterThanOrEqual(r.claimedAtSignal.length);
      expect(r.leftClaimed).toEqual([]);
      // Everything but what the dead station had committed to is at the platform exactly once …
      expect(r.missing).toEqual([]);
      expect(r.duplicates).toBe(0);
      expect(r.once).toBe(300 - r.heldByKilled.length + r.heldByKilledUploaded);
      expect(r.leftInFolder).toEqual([]);
      // … and nothing is lost: started again, it finishes what it had committed to. What it sends again is
      // only an upload whose answer the kill cut off, with the same Idempotency-Key (this platform ignores
      // keys on purpose; a real one stores it once): never a second station's copy, never a new key.
      const after = r.afterRestart!;
      expect({ missing: after.missing, leftInShare: after.leftInShare }).toEqual({ missing: 0, leftInShare: 0 });
      expect(after.duplicates).toBe(after.resentWithSameKey);
      expect(after.resentWithSameKey).toBeLessThanOrEqual(r.heldByKilledUploaded);
      expect(after.once + after.duplicates).toBe(300);
    },
  );

  it(
    'SIGSTOP one station for longer than the lease, then SIGCONT: no duplicate, nothing lost',
    { timeout: SHARED_RUN_TEST_TIMEOUT_MS },
    async () => {
      const r = await sharedRun({ ...base, latencyMs: 400, freeze: { agent: 0, atMs: 5_000, forMs: 8_000 } });
      expect(r.timedOut).toBe(false);
      expect(r.claimedAtSignal.length).toBeGreaterThan(0);
      expect(r.takenOver).toBeGreaterThanOrEqual(r.claimedAtSignal.length);
      expect(r.missing).toEqual([]);
      expect(r.duplicates).toBe(0);
      expect(r.once).toBe(300);
      // The frozen station, going on, found its claims taken over and made no document of them.
      expect(documentsMade(r.split)).toBe(300);
      expect(r.leftInFolder).toEqual([]);
      expect(r.leftClaimed).toEqual([]);
    },
  );
});

describe('intake-agent status on a shared folder', () => {
  it('shows the stations it can see, with their last heartbeat', { timeout: idleMs(90_000) }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'intake-shared-status-'));
    const sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
    const scans = join(dir, 'scans');
    await mkdir(scans);
    const agents = [0, 1].map((i) =>
      spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          join(import.meta.dirname, 'agent.ts'),
          'run',
          '--watch',
          scans,
          '--shared',
          '--data',
          join(dir, `data-${i}`),
          ...sandboxArgs(sandbox),
          '--log-level',
          'warn',
        ],
        { env: agentEnv(sandbox), stdio: 'ignore' },
      ),
    );
    try {
      let stations: Array<Record<string, unknown>> = [];
      // The status file follows within its 10 s heartbeat.
      for (let t = 0; t < 40 && stations.length < 2; t++) {
        await new Promise((r) => setTimeout(r, 500));
        const r = await runAgent(['status', '--data', join(dir, 'data-0')]);
        const status = r.summary?.status as { sharedFolders?: Array<{ path: string; stations: typeof stations }> };
        stations = status?.sharedFolders?.[0]?.stations ?? [];
        if (stations.length > 0) expect(status.sharedFolders?.[0]?.path).toBe(scans);
      }
      expect(stations).toHaveLength(2);
      expect(stations.filter((s) => s.self)).toHaveLength(1);
      for (const s of stations) {
        expect(s).toMatchObject({
          stale: false,
          version: expect.any(String) as unknown,
          pid: expect.any(Number) as unknown,
        });
        expect(Date.parse(s.lastBeat as string)).toBeGreaterThan(Date.now() - 60_000);
      }
    } finally {
      for (const a of agents) a.kill('SIGTERM');
      await Promise.all(agents.map((a) => new Promise((r) => (a.exitCode === null ? a.once('exit', r) : r(null)))));
      await sandbox.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
