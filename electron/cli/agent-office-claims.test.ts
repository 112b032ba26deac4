import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivatePostgres } from '../core/office/test-support/private-postgres';
import { startPrivatePostgres } from '../core/office/test-support/private-postgres';
import { waitForProgress } from '../core/util/test-support/box-pace';
import { SHARED_RUN_TEST_TIMEOUT_MS, documentsMade, sharedRun, sharedRunBase } from '../../test/reliability/shared-run';

// Issue #50 item 4: three real agents (own processes, own data folders) with `--office-database` on one scan
// folder and one real PostgreSQL, against a platform that ignores Idempotency-Key (a file taken twice is two
// uploads): each scan is claimed through the database, one row per file, and reaches the platform once.
// No claim renames and no heartbeat files on the share. Before item 4 the agents refused the flag for `run`.
describe('three agents claiming through the office database', () => {
  let server: PrivatePostgres;
  beforeAll(async () => {
    server = await startPrivatePostgres();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it(
    'every scan reaches the platform exactly once, each station takes some, nothing is renamed on the share',
    { timeout: SHARED_RUN_TEST_TIMEOUT_MS },
    async () => {
      const officeDatabase = await server.createDatabase();
      const r = await sharedRun({ ...sharedRunBase({ files: 300, arrivalMs: 10_000 }), officeDatabase });
      expect(r.timedOut).toBe(false);
      expect(r.missing).toEqual([]);
      expect(r.duplicates).toBe(0);
      expect(r.once).toBe(300);
      // Exactly one station made a document of each file (not the platform's key doing the work).
      expect(documentsMade(r.split)).toBe(300);
      expect(r.split.every((n) => n > 0)).toBe(true);
      expect(r.leftInFolder).toEqual([]);
      expect(r.leftClaimed).toEqual([]);
      expect(r.shareEntries).toEqual(['folder-id']);
    },
  );

  // Issue #50, done when: "PostgreSQL restarted during uploads: nothing lost or sent twice". The server is
  // stopped as a crash (`-m immediate`: no checkpoint, every connection cut) while scans arrive and uploads
  // run (the platform answers slowly, so stations hold claims and uploads at that moment), and started again
  // once every station said it lost the database. The platform here stores every upload (it ignores
  // Idempotency-Key), so what a real one would make of them is read from the keys: an upload whose record
  // the crash cut off is sent again with its key (one document at a platform that honours it), never under
  // a second key or by a second station. Before the fix such a document stayed `uploading` until a restart
  // and its scan stayed in the folder.
  it(
    'PostgreSQL crashes and comes back during the uploads: every scan reaches the platform, under one key each',
    { timeout: SHARED_RUN_TEST_TIMEOUT_MS },
    async () => {
      const officeDatabase = await server.createDatabase();
      const lost = 'office database unreachable';
      const back = 'office database reachable again';
      let saidLost = 0;
      const r = await sharedRun({
        ...sharedRunBase({ files: 150, arrivalMs: 10_000 }),
        officeDatabase,
        latencyMs: 100,
        during: {
          afterUploads: 30,
          run: async (logs) => {
            await server.stop('immediate');
            // Every station noticed (its next claim, upload record or heartbeat failed) before it comes back.
            await waitForProgress(
              'every station to say it lost the database',
              () => logs().filter((l) => l.includes(lost)).length,
              (noticed) => noticed === 3,
              { stallMs: 120_000, ceilingMs: 300_000, pauseMs: 100 },
            );
            saidLost = logs().filter((l) => l.includes(lost)).length;
            await server.start();
          },
        },
      });
      expect(saidLost).toBe(3);
      // What the stations said about a file left behind, and every warning and error, for the message.
      const said = r.logs.flatMap((log, i) =>
        log
          .split('\n')
          .filter((l) => r.leftInFolder.some((n) => l.includes(n)) || /"level":"(warn|error)"/.test(l))
          .map((l) => `agent ${i}: ${l}`),
      );
      expect(r.leftInFolder, said.join('\n')).toEqual([]);
      expect(r.timedOut).toBe(false);
      expect(r.missing).toEqual([]);
      expect(r.leftClaimed).toEqual([]);
      // One document per scan, and each scan's uploads under one Idempotency-Key.
      expect(documentsMade(r.split)).toBe(150);
      const keys = new Map<string, Set<string | null>>();
      for (const u of r.uploads) keys.set(u.sha256, (keys.get(u.sha256) ?? new Set()).add(u.idempotencyKey));
      expect(keys.size).toBe(150);
      expect([...keys.values()].filter((k) => k.size !== 1 || k.has(null))).toEqual([]);
      // Each station said it was lost once and back once (not one line per failed try), and no station
      // blamed the platform or failed a document for the database's outage.
      const linesOf = (log: string, text: string) => log.split('\n').filter((l) => l.includes(text)).length;
      expect(r.logs.map((l) => [linesOf(l, lost), linesOf(l, back)])).toEqual([
        [1, 1],
        [1, 1],
        [1, 1],
      ]);
      expect(r.logs.map((l) => linesOf(l, '"platform unreachable"') + linesOf(l, '"document failed"'))).toEqual([
        0, 0, 0,
      ]);
      expect(said.filter((l) => l.includes('"level":"error"'))).toEqual([]);
    },
  );
});
