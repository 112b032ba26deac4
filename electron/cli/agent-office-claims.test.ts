import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivatePostgres } from '../core/office/test-support/private-postgres';
import { startPrivatePostgres } from '../core/office/test-support/private-postgres';
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
});
