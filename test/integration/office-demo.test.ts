import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoScans } from '../../electron/core/samples/sample-scans';
import { MemorySecretStore } from '../../electron/core/platform/test-support/connection-harness';
import { waitForProgress } from '../../electron/core/util/test-support/box-pace';
import { startOfficeDemo } from '../../electron/web/office-demo';
import type { RunningOfficeDemo } from '../../electron/web/office-demo';

// `./run demo -- --office` (issue #50 item 7): a private PostgreSQL and two stations on one scanner folder.
let dir: string;
let office: RunningOfficeDemo;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'office-demo-'));
  office = await startOfficeDemo({ dataDir: dir, version: 'test', secretStore: new MemorySecretStore() });
}, 180_000);
afterAll(async () => {
  await office?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('the office demo', () => {
  it("two stations on one office database: each sample scan taken once, by one of them, and both clerks' inboxes list all of them", async () => {
    const samples = demoScans().length;
    const [a, b] = office.stations;
    if (!a || !b) throw new Error('two stations expected');
    const listed = async () => {
      const [inA, inB] = await Promise.all(
        [a, b].map(async (s) => (await s.core.queue.list({ limit: 50, offset: 0 })).documents),
      );
      return { inA: inA ?? [], inB: inB ?? [] };
    };
    await waitForProgress(
      `${samples} documents in both inboxes`,
      async () => {
        const { inA, inB } = await listed().catch(() => ({ inA: [], inB: [] }));
        return [inA.length, inB.length];
      },
      (counts) => counts.every((n) => n === samples),
      { stallMs: 30_000, ceilingMs: 150_000, pauseMs: 100 },
    );
    const { inA, inB } = await listed();
    expect(new Set(inA.map((d) => d.fileName)).size).toBe(samples);
    expect(inB.map((d) => d.id).sort()).toEqual(inA.map((d) => d.id).sort());
    // Taken once each, by one station or the other: the office's rows say which.
    const pool = new pg.Pool({ connectionString: office.officeDatabase, max: 1 });
    const { rows } = await pool
      .query<{ station_id: string; n: number }>(
        'SELECT station_id, count(*)::int AS n FROM office_documents GROUP BY 1',
      )
      .finally(() => pool.end());
    expect(rows.reduce((sum, r) => sum + r.n, 0)).toBe(samples);
  }, 200_000);
});
