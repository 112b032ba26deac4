import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox';
import type { RunningSandbox, StoredUpload } from '../../sandbox';
import type { PrivatePostgres } from '../core/office/test-support/private-postgres';
import { startPrivatePostgres } from '../core/office/test-support/private-postgres';
import { idleMs, waitForProgress } from '../core/util/test-support/box-pace';
import { tempDir } from '../core/util/test-support/temp-dir';
import { agentEnv, sandboxArgs } from './test-support/run-agent';
import type { SpawnedAgent } from './test-support/spawned-agent';
import { spawnAgent } from './test-support/spawned-agent';

// Issue #50 item 3: a submitted document is sent by its station, and by any station online when that one is
// gone. Real agents (own processes, own data folders) on one real PostgreSQL and the embedded sandbox: station
// A takes three scans in and is killed (kill -9) while it uploads the first, slowly; the other two wait in its
// queue. Station B, watching nothing of A's, takes them over once A is silent longer than A's lapse (3 s),
// reads their bytes from the office database and sends each once (one upload each at the platform, the one
// A was cut off in with A's Idempotency-Key). A, started again, sends none of them again, says how many the
// others sent, and its spool no longer holds them. Before item 3 the documents waited for A for ever.
let server: PrivatePostgres;
let sandbox: RunningSandbox;
const dir = tempDir('agent-office-take-over-');
const agents: SpawnedAgent[] = [];
beforeAll(async () => {
  server = await startPrivatePostgres();
  sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
});
afterAll(async () => {
  for (const a of agents) await a.stop().catch(() => undefined);
  await sandbox?.close();
  await server?.destroy();
});

interface Row {
  id: string;
  station_id: string;
  state: string;
  sha256: string;
  idempotency_key: string | null;
  taken_from: string | null;
}

const until = <T>(what: string, look: () => Promise<T>, done: (state: T) => boolean): Promise<T> =>
  waitForProgress(what, look, done, { stallMs: 60_000, ceilingMs: 300_000, pauseMs: 100 });

it(
  'a killed station’s queued documents, and the one it was uploading, are sent by another, each once; it sends none again on return',
  async () => {
    const url = await server.createDatabase();
    const db = new pg.Pool({ connectionString: url, max: 1 });
    try {
      // A's lapse is 3 s (the others judge it by its own); B's is long: B stays alive in A's eyes.
      const settingsOf = async (name: string, lapseSeconds: number) => {
        const file = join(dir, `${name}.json`);
        await writeFile(file, JSON.stringify({ version: 1, locked: { office: { database: url, lapseSeconds } } }));
        return file;
      };
      const scansA = join(dir, 'scans-a');
      const scansB = join(dir, 'scans-b');
      await mkdir(scansA, { recursive: true });
      await mkdir(scansB, { recursive: true });
      const run = async (name: 'a' | 'b', scans: string, lapseSeconds: number) => {
        const agent = spawnAgent(
          [
            'run',
            '--watch',
            scans,
            '--data',
            join(dir, `data-${name}`),
            '--machine-settings',
            await settingsOf(name, lapseSeconds),
            ...sandboxArgs(sandbox),
            '--meta',
            'CaseNumber=CLM-2026-000101',
            '--concurrency',
            '1',
            '--log-level',
            'info',
          ],
          { env: agentEnv(sandbox) },
        );
        agents.push(agent);
        return agent;
      };
      const uploads = async () =>
        (await (await fetch(`${sandbox.adminUrl}/__sandbox/uploads`)).json()) as StoredUpload[];
      const rows = async () =>
        (
          await db.query<Row>(
            `SELECT id, station_id, state, sha256, idempotency_key, taken_from FROM office_documents ORDER BY row_seq`,
          )
        ).rows;
      const inOffice = async () =>
        (await db.query<{ document_id: string }>('SELECT document_id FROM office_document_content')).rows.map(
          (r) => r.document_id,
        );

      // A's uploads crawl: it is cut off in the middle of the first one.
      sandbox.setFaults({ slowUploadBytesPerSec: 2_000 });
      const a = await run('a', scansA, 3);
      await a.untilLog(/joined the office database/, idleMs(60_000));
      const hashes: string[] = [];
      for (let i = 0; i < 3; i++) {
        const bytes = Buffer.concat([Buffer.from(`%PDF-1.4\n% scan ${i}\n`), randomBytes(60_000)]);
        hashes.push(createHash('sha256').update(bytes).digest('hex'));
        await writeFile(join(scansA, `scan-${i}.pdf`), bytes);
      }
      // A took all three in, their bytes are in the office, and it is uploading one.
      const atKill = await until(
        "A's three documents in the office, one uploading",
        async () => ({ rows: await rows(), inOffice: await inOffice() }),
        (s) =>
          s.rows.length === 3 &&
          s.rows.filter((r) => r.state === 'uploading').length === 1 &&
          s.rows.filter((r) => r.state === 'queued').length === 2 &&
          s.rows.every((r) => s.inOffice.includes(r.id)),
      );
      a.child.kill('SIGKILL');
      await a.exited;
      const stationA = atKill.rows[0]?.station_id;
      const cutOff = atKill.rows.find((r) => r.state === 'uploading');
      expect(cutOff?.idempotency_key).toEqual(expect.any(String));
      expect(await uploads()).toEqual([]);

      // B, an ordinary live station: once A is silent past its lapse, B sends A's documents.
      sandbox.clearFaults();
      const b = await run('b', scansB, 60);
      const done = await until(
        'B sent and archived all three, their office copies gone',
        async () => ({ rows: await rows(), inOffice: await inOffice(), uploads: (await uploads()).length }),
        (s) => s.rows.every((r) => r.state === 'archived') && s.inOffice.length === 0,
      );
      const stationB = done.rows[0]?.station_id;
      expect(stationB).not.toBe(stationA);
      expect(done.rows.map((r) => [r.station_id, r.taken_from])).toEqual([
        [stationB, stationA],
        [stationB, stationA],
        [stationB, stationA],
      ]);
      const sent = await uploads();
      expect(sent.map((u) => u.sha256).sort()).toEqual([...hashes].sort());
      // The one A was cut off in went with A's key.
      expect(sent.find((u) => u.sha256 === cutOff?.sha256)?.idempotencyKey).toBe(cutOff?.idempotency_key);
      const history = await db.query<{ document_id: string; code: string; station_id: string }>(
        `SELECT document_id, code, station_id FROM office_history WHERE code = 'takenOver'`,
      );
      expect(history.rows.map((h) => h.station_id)).toEqual([stationB, stationB, stationB]);
      expect(b.log()).toMatch(/"message":"office: took over documents of a silent station"/);

      // A comes back: it sends none of them again, says what the others did, and its spool lets them go.
      const again = await run('a', scansA, 3);
      await again.untilLog(/"message":"queue recovered"/, idleMs(60_000));
      expect(again.log()).toMatch(
        /"message":"office: while this station was silent, other stations took over documents of its queue".*"takenOver":3,"sent":3/,
      );
      expect(await readdir(join(dir, 'data-a', 'spool')).catch(() => [])).toEqual([]);
      await again.stop();
      expect((await uploads()).length).toBe(3);
      expect((await rows()).map((r) => r.state)).toEqual(['archived', 'archived', 'archived']);
      await b.stop();
    } finally {
      await db.end();
    }
  },
  idleMs(400_000),
);
