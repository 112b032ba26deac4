import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { mkdir, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { scanKeyOf } from '../core/intake/scan-key';
import {
  SHARED_RUN_TEST_TIMEOUT_MS,
  sharedFolderFromEnv,
  documentsMade,
  sharedRun,
  sharedRunBase,
} from '../../test/reliability/shared-run';

// Issue #37 item 2: every file exactly once in the hard cases, each with real agents (own processes, own
// data folders) with default settings, against a platform that ignores Idempotency-Key (so a file taken
// twice is two uploads, counted as a duplicate). SHARED_FOLDER runs them on a share (scripts/test-smb.mjs);
// the two-paths case makes its own mount points and the 5 × 1,000 run is the volume: both local only.
const share = sharedFolderFromEnv();
const base = sharedRunBase({ files: 150, arrivalMs: 5_000 });
const FAKETIME = '/usr/lib/x86_64-linux-gnu/faketime/libfaketime.so.1';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('hard cases of a shared folder, real agents', () => {
  it(
    'kill -9 right after a commit rename: the committed file waits in taken/, the restart sends it, each file once',
    { timeout: SHARED_RUN_TEST_TIMEOUT_MS },
    async () => {
      // A slow platform, so the station holds claimed files besides the one it just committed to.
      const r = await sharedRun({ ...base, latencyMs: 300, selfKill: { agent: 0, afterCommits: 8 } });
      expect(r.timedOut).toBe(false);
      // The process died in the commit (INTAKE_TEST_KILL_AFTER_COMMIT): its last commit has no document.
      expect(r.heldByKilled.length).toBeGreaterThan(0);
      expect(r.leftClaimed).toEqual([]);
      expect(r.missing).toEqual([]);
      expect(r.duplicates).toBe(0);
      expect(r.once).toBe(base.files - r.heldByKilled.length + r.heldByKilledUploaded);
      // The restart sends again only an upload the kill cut off, with its key (agent-shared.test.ts says why).
      const after = r.afterRestart!;
      expect({ missing: after.missing, leftInShare: after.leftInShare }).toEqual({ missing: 0, leftInShare: 0 });
      expect(after.duplicates).toBe(after.resentWithSameKey);
      expect(after.resentWithSameKey).toBeLessThanOrEqual(r.heldByKilledUploaded);
      expect(after.once + after.duplicates).toBe(base.files);
    },
  );

  it(
    'stations whose clocks are minutes off (+7 min, −4 min): no live station taken over, each file once',
    { timeout: SHARED_RUN_TEST_TIMEOUT_MS },
    async () => {
      expect(existsSync(FAKETIME), `needs libfaketime (apt-get install libfaketime): ${FAKETIME}`).toBe(true);
      const offset = ['', '+7m', '-4m'];
      const r = await sharedRun({
        ...base,
        latencyMs: 200,
        // On a share through FUSE on a busy machine a heartbeat write can wait seconds behind the uploads'
        // reads: a 3 s lease would take over a station that is only slow (safe, but not what this test is
        // about). 10 s there keeps the test about clocks.
        ...(share.folder !== undefined ? { leaseSeconds: 10 } : {}),
        envOf: (i) => (offset[i] ? { LD_PRELOAD: FAKETIME, FAKETIME: offset[i], FAKETIME_DONT_RESET: '1' } : {}),
      });
      // The offsets took: the stations' own clocks, as their heartbeats say.
      expect(Math.abs(r.clockSkewMs[0]!)).toBeLessThan(30_000);
      expect(r.clockSkewMs[1]!).toBeGreaterThan(6 * 60_000);
      expect(r.clockSkewMs[2]!).toBeLessThan(-3 * 60_000);
      expect(r.timedOut).toBe(false);
      expect(r.takenOver).toBe(0);
      expect(r.missing).toEqual([]);
      expect(r.duplicates).toBe(0);
      expect(r.once).toBe(base.files);
      expect(documentsMade(r.split)).toBe(base.files);
      expect(r.split.every((n) => n > 0)).toBe(true);
      expect(r.leftInFolder).toEqual([]);
    },
  );

  it(
    'a file written again under the same name while a station holds the first claimed: both versions, each once',
    { timeout: SHARED_RUN_TEST_TIMEOUT_MS },
    async () => {
      const r = await sharedRun({ ...base, latencyMs: 300, replaceWhileClaimed: 5 });
      expect(r.timedOut).toBe(false);
      expect(r.replaced).toHaveLength(5);
      expect(r.missing).toEqual([]);
      expect(r.duplicates).toBe(0);
      expect(r.once).toBe(base.files + 5);
      expect(documentsMade(r.split)).toBe(base.files + 5);
      expect(r.leftInFolder).toEqual([]);
      expect(r.leftClaimed).toEqual([]);
    },
  );

  it.skipIf(share.folder !== undefined)(
    'one folder reached by three paths (its own, a bind mount, a symlinked parent): one folder id, each file once',
    { timeout: SHARED_RUN_TEST_TIMEOUT_MS },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'intake-two-paths-'));
      cleanups.push(() => rm(dir, { recursive: true, force: true }));
      const scans = join(dir, 'scans');
      await mkdir(scans);
      // A second mount point of the same folder (as root: a bind mount; the test box and CI run as root).
      const bound = join(dir, 'mnt-b');
      await mkdir(bound);
      const root = process.getuid?.() === 0;
      if (root) {
        execFileSync('mount', ['--bind', scans, bound]);
        cleanups.push(async () => {
          execFileSync('umount', ['-l', bound]);
        });
      }
      // A path through a link above the folder (a mapped drive, /mnt/scans → /srv/share): the folder itself is no link.
      await symlink(dir, join(dir, 'alias'));
      const paths = [scans, root ? bound : join(dir, 'alias', 'scans'), join(dir, 'alias', 'scans')];
      const r = await sharedRun({ ...base, folder: scans, pathOf: (i) => paths[i]!, latencyMs: 100 });
      expect(r.timedOut).toBe(false);
      expect(r.missing).toEqual([]);
      expect(r.duplicates).toBe(0);
      expect(r.once).toBe(base.files);
      expect(documentsMade(r.split)).toBe(base.files);
      expect(r.split.every((n) => n > 0)).toBe(true);
      // The scan's key names the share by its .intake/folder-id, whatever path the station took it by.
      expect(r.folderId).toMatch(/^[0-9a-f-]{36}$/);
      for (const u of r.uploads) expect(u.idempotencyKey).toBe(scanKeyOf(r.folderId!, u.fileName, u.sha256));
    },
  );

  // On a share (SMB through FUSE, scripts/test-smb.mjs) the three-station runs prove the share; the volume
  // run stays on the local folder, where it takes about a minute.
  it.skipIf(share.folder !== undefined)(
    'five stations and 1,000 files: each once, every station takes part',
    { timeout: SHARED_RUN_TEST_TIMEOUT_MS },
    async () => {
      const r = await sharedRun({
        ...base,
        agents: 5,
        files: 1_000,
        arrivalMs: 8_000,
        fileBytes: 1_000,
      });
      expect(r.timedOut).toBe(false);
      expect(r.missing).toEqual([]);
      expect(r.duplicates).toBe(0);
      expect(r.once).toBe(1_000);
      expect(documentsMade(r.split)).toBe(1_000);
      expect(r.split.every((n) => n > 0)).toBe(true);
      expect(r.leftInFolder).toEqual([]);
      expect(r.leftClaimed).toEqual([]);
    },
  );
});
