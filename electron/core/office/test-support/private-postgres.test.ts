import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrivatePostgres } from './private-postgres';
import { postgresBinDir, startPrivatePostgres } from './private-postgres';
import { tempDir } from '../../util/test-support/temp-dir';

// The harness itself: a real server the tests start, that takes queries, survives a crash-stop with what
// was committed, and leaves nothing behind.
describe('a private PostgreSQL cluster for the tests', () => {
  let server: PrivatePostgres;
  beforeAll(async () => {
    server = await startPrivatePostgres();
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('runs a real PostgreSQL 14 or newer on loopback, one empty database per test', async () => {
    const url = await server.createDatabase();
    const other = await server.createDatabase();
    expect(url).not.toBe(other);
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      const { rows } = await client.query<{ v: string; addr: string }>(
        `SELECT current_setting('server_version_num') AS v, inet_server_addr()::text AS addr`,
      );
      expect(Number(rows[0]?.v)).toBeGreaterThanOrEqual(140000);
      expect(rows[0]?.addr).toBe('127.0.0.1/32');
      const tables = await client.query(`SELECT 1 FROM pg_tables WHERE schemaname = 'public'`);
      expect(tables.rowCount).toBe(0);
    } finally {
      await client.end();
    }
  });

  it('keeps what was committed through a crash-stop, and refuses connections while down', async () => {
    const url = await server.createDatabase();
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('CREATE TABLE t (n int); INSERT INTO t VALUES (42)');
    client.on('error', () => undefined); // the crash cuts it: expected here
    await server.stop('immediate');
    expect(await server.running()).toBe(false);
    const refused = new pg.Client({ connectionString: url });
    await expect(refused.connect()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
    await server.start();
    const again = new pg.Client({ connectionString: url });
    await again.connect();
    try {
      expect((await again.query<{ n: number }>('SELECT n FROM t')).rows).toEqual([{ n: 42 }]);
    } finally {
      await again.end();
    }
    await client.end().catch(() => undefined);
  });

  it('is gone after destroy: no server, no folder', async () => {
    const extra = await startPrivatePostgres();
    const url = await extra.createDatabase('gone');
    await extra.destroy();
    expect(existsSync(extra.dir)).toBe(false);
    expect(await extra.running()).toBe(false);
    await expect(new pg.Client({ connectionString: url }).connect()).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('fails, naming the package, where the server programs are missing (never a skipped test)', () => {
    const root = tempDir('no-postgres-');
    expect(() => postgresBinDir(root)).toThrow(/not found .*install Debian's "postgresql" package/is);
    // Only a client (psql) there is not enough: initdb and pg_ctl are what the tests run.
    mkdirSync(join(root, '15', 'bin'), { recursive: true });
    writeFileSync(join(root, '15', 'bin', 'psql'), '');
    expect(() => postgresBinDir(root)).toThrow(/apt-get install postgresql/);
    for (const v of ['13', '16']) {
      mkdirSync(join(root, v, 'bin'), { recursive: true });
      for (const p of ['initdb', 'pg_ctl']) writeFileSync(join(root, v, 'bin', p), '');
    }
    expect(postgresBinDir(root)).toBe(join(root, '16', 'bin'));
  });
});
