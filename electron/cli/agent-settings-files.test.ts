// The agent's two settings formats, read and never written: the machine-wide file (docs/deployment.md §3)
// as --machine-settings or, as older service definitions pass it, as --settings; the user's file as
// --settings. A file the agent cannot use gets no copy or backup beside it (it may belong to root).
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox';
import type { RunningSandbox } from '../../sandbox';
import { agentEnv, runAgent, sandboxEnvironment } from './test-support/run-agent';
import { idleMs } from '../core/util/test-support/box-pace';

let dir: string;
let sandbox: RunningSandbox;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'intake-agent-settings-'));
  sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

async function station(name: string) {
  const root = join(dir, name);
  const etc = join(root, 'etc');
  const scans = join(root, 'scans');
  await mkdir(etc, { recursive: true });
  await mkdir(scans, { recursive: true });
  await writeFile(join(scans, 'scan.pdf'), `%PDF-1.4\n% ${name}\n%%EOF\n`);
  const folder = {
    id: 'post',
    label: 'Post',
    path: scans,
    autoSubmit: true,
    defaultMetadata: { caseNumber: 'CLM-2026-000101' },
  };
  return { root, etc, scans, folder, data: join(root, 'data') };
}

describe('the agent reads the settings formats and writes beside neither', () => {
  it(
    'a machine-wide file given as --settings (older service definitions) is read as one',
    async () => {
      const s = await station('machine-as-settings');
      const file = join(s.etc, 'settings.json');
      await writeFile(
        file,
        JSON.stringify({ version: 1, locked: { environments: [sandboxEnvironment(sandbox)], folders: [s.folder] } }),
      );
      const r = await runAgent(['--once', '--settings', file, '--data', s.data], { env: agentEnv(sandbox) });
      expect(r.code, r.stderr).toBe(0);
      expect(r.summary).toMatchObject({ summary: { archived: 1 } });
      expect(await readdir(s.etc)).toEqual(['settings.json']);
    },
    idleMs(30_000),
  );

  it(
    '--machine-settings locks over the user file: the machine environment wins, the user folder stays',
    async () => {
      const s = await station('both');
      const machine = join(s.etc, 'machine.json');
      const user = join(s.etc, 'user.json');
      await writeFile(machine, JSON.stringify({ version: 1, locked: { environments: [sandboxEnvironment(sandbox)] } }));
      const userEnv = {
        ...sandboxEnvironment(sandbox),
        id: 'user',
        baseUrl: 'http://127.0.0.1:9',
        tokenUrl: 'http://127.0.0.1:9',
      };
      await writeFile(
        user,
        JSON.stringify({ version: 2, environments: [userEnv], activeEnvironmentId: 'user', folders: [s.folder] }),
      );
      const r = await runAgent(['--once', '--settings', user, '--machine-settings', machine, '--data', s.data], {
        env: agentEnv(sandbox),
      });
      expect(r.code, r.stderr).toBe(0);
      expect(r.summary).toMatchObject({ summary: { archived: 1 } });
      expect((await readdir(s.etc)).sort()).toEqual(['machine.json', 'user.json']);
    },
    idleMs(30_000),
  );

  it(
    'a user file of an older version is migrated in memory: no rewrite, no backup beside it',
    async () => {
      const s = await station('v1');
      const machine = join(s.etc, 'machine.json');
      const user = join(s.etc, 'user.json');
      await writeFile(
        machine,
        JSON.stringify({ version: 1, locked: { environments: [sandboxEnvironment(sandbox)], folders: [s.folder] } }),
      );
      const v1 = JSON.stringify({
        version: 1,
        environment: {
          baseUrl: 'https://claims.example.com',
          tokenUrl: 'https://login.claims.example.com',
          country: 'de',
          tenant: 't',
        },
        language: 'de',
      });
      await writeFile(user, v1);
      const r = await runAgent(['--once', '--settings', user, '--machine-settings', machine, '--data', s.data], {
        env: agentEnv(sandbox),
      });
      expect(r.code, r.stderr).toBe(0);
      expect(r.summary).toMatchObject({ summary: { archived: 1 } });
      expect((await readdir(s.etc)).sort()).toEqual(['machine.json', 'user.json']);
      const { readFile } = await import('node:fs/promises');
      expect(await readFile(user, 'utf8')).toBe(v1);
    },
    idleMs(30_000),
  );

  it(
    'a damaged user file: exit 2 with the reason, and no corrupt copy beside it',
    async () => {
      const s = await station('damaged');
      const user = join(s.etc, 'user.json');
      await writeFile(user, '{ "version": 1, "environments": [');
      const r = await runAgent(['--once', '--settings', user, '--data', s.data], { env: agentEnv(sandbox) });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/is damaged \(not valid JSON\)/);
      expect(await readdir(s.etc)).toEqual(['user.json']);
    },
    idleMs(30_000),
  );

  it(
    'a machine file that is missing or not JSON: exit 2 naming it',
    async () => {
      const s = await station('machine-missing');
      const missing = await runAgent(['--once', '--machine-settings', join(s.etc, 'nope.json'), '--data', s.data]);
      expect(missing.code).toBe(2);
      expect(missing.stderr).toMatch(/machine settings file not found: .*nope\.json/);
      await writeFile(join(s.etc, 'bad.json'), '{"version":1,"locked":');
      const bad = await runAgent(['--once', '--machine-settings', join(s.etc, 'bad.json'), '--data', s.data]);
      expect(bad.code).toBe(2);
      expect(bad.stderr).toMatch(/bad\.json is not valid JSON/);
    },
    idleMs(30_000),
  );
});
