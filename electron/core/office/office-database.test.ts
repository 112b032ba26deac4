import pg from 'pg';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../test-support/free-port';
import type { OfficeDatabase } from './office-database';
import { OFFICE_MIGRATIONS, OFFICE_SCHEMA_VERSION } from './office-migrations';
import { officeDatabaseOf } from './test-support/office-fixture';
import type { PrivatePostgres } from './test-support/private-postgres';
import { startPrivatePostgres } from './test-support/private-postgres';

// The office database against a real PostgreSQL (issue #50): its versioned schema, and what a station says
// when the server is out of reach, refuses it, or comes back.
describe('the office database', () => {
  let server: PrivatePostgres;
  const open: OfficeDatabase[] = [];
  const database = (url: string, o: Parameters<typeof officeDatabaseOf>[1] = {}) => {
    const made = officeDatabaseOf(url, o);
    open.push(made.db);
    return made;
  };
  beforeAll(async () => {
    server = await startPrivatePostgres();
  });
  afterEach(async () => {
    for (const db of open.splice(0)) await db.close().catch(() => undefined);
  });
  afterAll(async () => {
    await server?.destroy();
  });

  it('sets up its schema on first open, at this version; the next station finds it done', async () => {
    const url = await server.createDatabase();
    const first = database(url);
    expect(await first.db.open()).toEqual({ schemaVersion: OFFICE_SCHEMA_VERSION, migratedFrom: 0 });
    const { rows } = await first.db.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
    );
    expect(rows.map((r) => r.name)).toEqual([
      'office_capture_batches',
      'office_capture_parts',
      'office_document_chunks',
      'office_document_content',
      'office_documents',
      'office_drafts',
      'office_folder_files',
      'office_history',
      'office_page_edits',
      'office_schema',
      'office_seen_files',
      'office_stations',
    ]);
    const second = database(url);
    expect(await second.db.open()).toEqual({
      schemaVersion: OFFICE_SCHEMA_VERSION,
      migratedFrom: OFFICE_SCHEMA_VERSION,
    });
    expect(first.entries.filter((e) => e.message === 'office database schema brought up to date')).toHaveLength(1);
    expect(second.entries.filter((e) => e.message === 'office database schema brought up to date')).toHaveLength(0);
  });

  it('brings a database of an older version up step by step, keeping its rows', async () => {
    const url = await server.createDatabase();
    // As the version with one step left it (schema 1: no batches' tables), with a station in it.
    const old = new pg.Client({ connectionString: url });
    await old.connect();
    await old.query(OFFICE_MIGRATIONS[0] ?? '');
    await old.query(`CREATE TABLE office_schema (one boolean PRIMARY KEY DEFAULT true CHECK (one), version integer NOT NULL);
      INSERT INTO office_schema (version) VALUES (1);
      INSERT INTO office_stations (id, name) VALUES ('station-a', 'PC A')`);
    await old.end();
    const { db, entries } = database(url);
    expect(await db.open()).toEqual({ schemaVersion: OFFICE_SCHEMA_VERSION, migratedFrom: 1 });
    expect((await db.query('SELECT id, name FROM office_stations')).rows).toEqual([{ id: 'station-a', name: 'PC A' }]);
    expect((await db.query(`SELECT to_regclass('office_capture_batches')::text AS t`)).rows).toEqual([
      { t: 'office_capture_batches' },
    ]);
    expect((await db.query(`SELECT to_regclass('office_page_edits')::text AS t`)).rows).toEqual([
      { t: 'office_page_edits' },
    ]);
    expect(entries.find((e) => e.message === 'office database schema brought up to date')).toMatchObject({
      from: 1,
      to: OFFICE_SCHEMA_VERSION,
    });
  });

  it('stations opening a new database together set it up once', async () => {
    const url = await server.createDatabase();
    const stations = Array.from({ length: 5 }, () => database(url).db);
    const results = await Promise.all(stations.map((s) => s.open()));
    expect(results.filter((r) => r.migratedFrom === 0)).toHaveLength(1);
    expect(results.every((r) => r.schemaVersion === OFFICE_SCHEMA_VERSION)).toBe(true);
  });

  it('refuses a database a newer Intake Desk set up, naming both versions', async () => {
    const url = await server.createDatabase();
    await database(url).db.open();
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query('UPDATE office_schema SET version = $1', [OFFICE_SCHEMA_VERSION + 1]);
    await admin.end();
    const older = database(url);
    await expect(older.db.open()).rejects.toMatchObject({
      code: 'office.schema_newer',
      message: `The office database was set up by a newer Intake Desk (schema ${OFFICE_SCHEMA_VERSION + 1}; this station knows ${OFFICE_SCHEMA_VERSION}): update this station.`,
    });
    expect(older.db.reachability()).toMatchObject({ state: 'refused' });
  });

  it('a server nothing answers at: office.unreachable, said once in the log, whatever the number of calls', async () => {
    const url = `postgres://postgres@127.0.0.1:${await freePort()}/nowhere`;
    const { db, entries } = database(url);
    await expect(db.open()).rejects.toMatchObject({
      code: 'office.unreachable',
      kind: 'unreachable',
      message: expect.stringMatching(
        /^The office database postgres:\/\/postgres@127\.0\.0\.1:\d+\/nowhere cannot be reached: .*ECONNREFUSED/,
      ),
    });
    await expect(db.query('SELECT 1')).rejects.toMatchObject({ code: 'office.unreachable' });
    await expect(db.transaction((c) => c.query('SELECT 1'))).rejects.toMatchObject({ code: 'office.unreachable' });
    expect(db.reachability()).toMatchObject({ state: 'unreachable', code: 'ECONNREFUSED' });
    const warnings = entries.filter((e) => e.level === 'warn');
    expect(warnings.map((e) => e.message)).toEqual([
      'office database unreachable: nothing new is taken until it is back; typed work is kept',
    ]);
  });

  it('a database or user the server does not know: office.refused (an admin must act), not unreachable', async () => {
    const noDatabase = database(server.urlOf('no_such_database'));
    await expect(noDatabase.db.open()).rejects.toMatchObject({
      code: 'office.refused',
      kind: 'configuration',
      message: expect.stringMatching(/refused this station: database "no_such_database" does not exist \(3D000\)/),
    });
    expect(noDatabase.db.reachability()).toMatchObject({ state: 'refused', code: '3D000' });
    expect(noDatabase.entries.map((e) => e.message)).toContain(
      'office database refuses this station: nothing new is taken until an admin fixes it',
    );
    const url = await server.createDatabase();
    const noUser = database(url.replace('postgres://postgres@', 'postgres://nobody_here@'));
    await expect(noUser.db.open()).rejects.toMatchObject({ code: 'office.refused' });
  });

  it('a server restarted under an idle station: no crash, one line when it goes and one when it is back', async () => {
    const url = await server.createDatabase();
    const { db, entries } = database(url);
    await db.open();
    await db.query('SELECT 1'); // the pool keeps this connection idle
    const states: string[] = [];
    // Called on every change of state or reason (the server's "terminating connection", then "refused").
    db.onChange((r) => {
      if (states.at(-1) !== r.state) states.push(r.state);
    });
    await server.stop('immediate');
    // The idle connection's end reaches the pool's 'error' (an unhandled one would end the process).
    await expect.poll(() => db.reachability().state).toBe('unreachable');
    const since = db.reachability();
    await expect(db.query('SELECT 1')).rejects.toMatchObject({ code: 'office.unreachable' });
    // Another reason within the same outage (the connection cut, then refused): still the outage's start.
    expect(db.reachability()).toMatchObject({ state: 'unreachable', since: 'since' in since ? since.since : '' });
    await server.start();
    expect((await db.query<{ n: number }>('SELECT 1 AS n')).rows).toEqual([{ n: 1 }]);
    expect(db.reachability().state).toBe('connected');
    expect(states).toEqual(['unreachable', 'connected']);
    expect(entries.filter((e) => e.level !== 'debug').map((e) => e.message)).toEqual([
      'office database schema brought up to date',
      'office database unreachable: nothing new is taken until it is back; typed work is kept',
      'office database reachable again: taking documents again',
    ]);
  });

  it('a server crashing in the middle of a transaction: office.unreachable, nothing of it committed', async () => {
    const url = await server.createDatabase();
    const { db } = database(url);
    await db.open();
    await db.query('CREATE TABLE probe (n int)');
    const stopped = db.transaction(async (c) => {
      await c.query('INSERT INTO probe VALUES (1)');
      await server.stop('immediate');
      await c.query('INSERT INTO probe VALUES (2)');
    });
    await expect(stopped).rejects.toMatchObject({ code: 'office.unreachable' });
    await server.start();
    expect((await db.query('SELECT n FROM probe')).rows).toEqual([]);
  });
});
