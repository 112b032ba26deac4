import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../core/test-support/free-port';
import { addOfficeDocument, joinTestStation } from '../core/office/test-support/office-fixture';
import type { PrivatePostgres } from '../core/office/test-support/private-postgres';
import { startPrivatePostgres } from '../core/office/test-support/private-postgres';
import { tempDir } from '../core/util/test-support/temp-dir';
import { parseAgentArgs } from './agent-args';
import { loadAgentConfig } from './agent-config';
import { recordingLogger } from '../core/office/test-support/office-fixture';
import { systemClock } from '../core/util/clock';
import { runAgent } from './test-support/run-agent';

const PASSWORD = 'Office pw: 50%';

describe('intake-agent --office-database (issue #50)', () => {
  it('says what is wrong with the URL, and where the flag does not apply yet', () => {
    const problem = (argv: string[]) => {
      try {
        parseAgentArgs(argv);
        return 'ok';
      } catch (e) {
        return (e as Error).message;
      }
    };
    expect(problem(['status', '--office', '--office-database', 'https://db/office'])).toBe(
      '--office-database: use a PostgreSQL URL: postgres://USER@HOST:PORT/DATABASE',
    );
    expect(problem(['status', '--office', '--office-database', 'postgres://db.office.example/office'])).toMatch(
      /^--office-database: name the database user/,
    );
    expect(problem(['status', '--office', '--office-database', 'postgres://intake:pw@db/office?sslmode=on'])).toMatch(
      /^--office-database: sslmode must be one of/,
    );
    // `run` claims its watched folders through it (issue #50 item 4); the queue's commands do not use it yet.
    expect(problem(['run', '--office-database', 'postgres://intake@db/office'])).toBe('ok');
    expect(problem(['list', '--office-database', 'postgres://intake@db/office'])).toMatch(
      /^--office-database is for run and status --office in this version/,
    );
    expect(problem(['list', '--office'])).toBe('--office is for status');
    expect(problem(['status', '--office', '--folder', '/scans'])).toBe('status takes --office or --folder, not both');
    expect(
      parseAgentArgs(['status', '--office', '--office-database', 'postgres://intake:p%40ss@db:6543/office']),
    ).toMatchObject({
      office: true,
      officeDatabase: { user: 'intake', password: 'p@ss', host: 'db', port: 6543, database: 'office' },
    });
  });
});

describe('a station whose settings name an office database', () => {
  // Joining moves everything of the station's own queue that is not done (documents, capture batches, drafts,
  // page edits: office/office-joining.ts), so there is nothing left to warn of at load: the settings load
  // without a warning (the window's start with a batch moved: electron/core/app-office-not-used.test.ts).
  it('loads them without a warning that something stays behind in the station own queue', async () => {
    const dir = tempDir('office-run-');
    const machine = join(dir, 'machine.json');
    writeFileSync(
      machine,
      JSON.stringify({ version: 1, locked: { office: { database: 'postgres://intake@db/office' } } }),
    );
    const { logger, entries } = recordingLogger();
    const config = await loadAgentConfig(parseAgentArgs(['run', '--machine-settings', machine]), {
      clock: systemClock,
      logger,
      requirePlatform: false,
    });
    expect(config.settings.office).toEqual({ database: 'postgres://intake@db/office' });
    expect(entries.filter((e) => e.level === 'warn')).toEqual([]);
  });
});

// The agent as an admin runs it, against a real PostgreSQL that asks for a password (scram-sha-256).
describe('intake-agent status --office against a real PostgreSQL', () => {
  let server: PrivatePostgres;
  beforeAll(async () => {
    server = await startPrivatePostgres({ password: PASSWORD });
  });
  afterAll(async () => {
    await server?.destroy();
  });
  const env = (extra: Record<string, string> = {}) => {
    const e: NodeJS.ProcessEnv = { ...process.env, ...extra };
    // No keychain: the password comes from the URL or the environment here.
    delete e.DBUS_SESSION_BUS_ADDRESS;
    return e;
  };
  const line = (stdout: string) => JSON.parse(stdout.trim().split('\n').at(-1) ?? '{}') as Record<string, unknown>;

  it('with $INTAKE_OFFICE_PASSWORD: the stations, who is alive, what waits and what is held', async () => {
    const url = await server.createDatabase();
    const fresh = await runAgent(['status', '--office', '--office-database', url], {
      env: env({ INTAKE_OFFICE_PASSWORD: PASSWORD }),
    });
    expect(fresh.code).toBe(0);
    expect(line(fresh.stdout)).toMatchObject({ office: url, state: 'connected', schemaVersion: 0, stations: [] });
    const withPassword = url.replace('postgres://postgres@', `postgres://postgres:${encodeURIComponent(PASSWORD)}@`);
    const a = await joinTestStation(withPassword, 'station-a');
    try {
      await addOfficeDocument(a.db, { id: 'doc-1', stationId: 'station-a' });
      await addOfficeDocument(a.db, { id: 'doc-2', stationId: 'station-a' });
      expect(await a.holds.take('doc-1', 'anna')).toMatchObject({ taken: true });
      // The password in the URL (percent-encoded) does as well; it is never printed.
      const run = await runAgent(['status', '--office', '--office-database', withPassword], { env: env() });
      expect(run.code).toBe(0);
      expect(line(run.stdout)).toMatchObject({
        office: url,
        state: 'connected',
        schemaVersion: expect.any(Number),
        stations: [{ id: 'station-a', name: 'PC station-a', alive: true, lastSeen: expect.any(String) }],
        documents: { waiting: 2, held: 1, queued: 0, oldestWaiting: expect.any(String) },
        // The supervisor's view (issue #50 item 6), after the fields above.
        waitingByFolder: [{ folder: '/scans', waiting: 2, oldest: expect.any(String) }],
        waitingByType: [{ documentType: null, waiting: 2, oldest: expect.any(String) }],
        sentToday: { sent: 0, byClerk: [], since: expect.any(String), timeZone: expect.any(String) },
      });
      expect(run.stdout + run.stderr).not.toContain('pw: 50');
    } finally {
      await a.close();
    }
  });

  it('a wrong password: refused, exit 2, said plainly, the password nowhere in the output', async () => {
    const url = await server.createDatabase();
    const run = await runAgent(['status', '--office', '--office-database', url], {
      env: env({ INTAKE_OFFICE_PASSWORD: 'not-the-password' }),
    });
    expect(run.code).toBe(2);
    expect(line(run.stdout)).toMatchObject({
      office: url,
      state: 'refused',
      error: 'office.refused',
      message: expect.stringMatching(/refused this station: password authentication failed for user "postgres"/),
    });
    expect(run.stdout + run.stderr).not.toContain('not-the-password');
    expect(run.log.map((l) => l['message'])).toContain(
      'office database refuses this station: nothing new is taken until an admin fixes it',
    );
  });

  it('the server out of reach: unreachable, exit 2, said plainly', async () => {
    const url = `postgres://postgres@127.0.0.1:${await freePort()}/office`;
    const run = await runAgent(['status', '--office', '--office-database', url], {
      env: env({ INTAKE_OFFICE_PASSWORD: PASSWORD }),
    });
    expect(run.code).toBe(2);
    expect(line(run.stdout)).toMatchObject({
      office: url,
      state: 'unreachable',
      error: 'office.unreachable',
      message: expect.stringMatching(/cannot be reached: .*ECONNREFUSED/),
    });
  });

  it('reads office.database from the settings; a password written into the settings is refused at the field', async () => {
    const dir = tempDir('office-settings-');
    const url = await server.createDatabase();
    const machine = join(dir, 'machine.json');
    writeFileSync(machine, JSON.stringify({ version: 1, locked: { office: { database: url } } }));
    const run = await runAgent(['status', '--office', '--machine-settings', machine], {
      env: env({ INTAKE_OFFICE_PASSWORD: PASSWORD }),
    });
    expect(run.code).toBe(0);
    expect(line(run.stdout)).toMatchObject({ office: url, state: 'connected' });
    writeFileSync(
      machine,
      JSON.stringify({ version: 1, locked: { office: { database: url.replace('postgres@', 'postgres:x@') } } }),
    );
    const refused = await runAgent(['status', '--office', '--machine-settings', machine], { env: env() });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('status --office needs an office database');
    expect(refused.log.find((l) => l['message'] === 'machine settings: problems')).toMatchObject({
      problems: [expect.stringMatching(/^locked\.office\.database is invalid \(leave the password out of the URL/)],
    });
  });
});
