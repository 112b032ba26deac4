// A data folder the agent's user cannot create or write (EACCES) is a configuration error: exit 2 with the
// reason (not exit 1 "a document failed", which a service manager restarts for ever), and under --service a
// stopped agent that starts by itself once the folder is fixed. Root may write anywhere (CI runs as root),
// so the agent runs as the unprivileged user nobody (65534), and the folder is really refused.
import { chmod, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox';
import type { RunningSandbox } from '../../sandbox';
import { EXIT } from './agent-stop-reason';
import { agentEnv, runAgent, sandboxArgs } from './test-support/run-agent';
import { spawnAgent } from './test-support/spawned-agent';
import { idleMs } from '../core/util/test-support/box-pace';

const AS_ROOT = process.getuid?.() === 0;
const NOBODY = 65534;
const asNobody = AS_ROOT ? { uid: NOBODY, gid: NOBODY } : {};

let dir: string;
let sandbox: RunningSandbox;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'intake-agent-data-folder-'));
  await chmod(dir, 0o777);
  sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

/** A parent folder the agent's user may enter but not write (root's, mode 0755), and a scans folder. */
async function station(name: string) {
  const root = join(dir, name);
  const parent = join(root, 'owned-by-root');
  const scans = join(root, 'scans');
  await mkdir(parent, { recursive: true });
  await mkdir(scans, { recursive: true });
  await chmod(root, 0o777);
  await chmod(scans, 0o777);
  await chmod(parent, AS_ROOT ? 0o755 : 0o555);
  const args = ['--watch', scans, '--data', join(parent, 'data'), ...sandboxArgs(sandbox)];
  return { parent, args };
}

const env = () => agentEnv(sandbox, { HOME: dir });

describe('a data folder the agent cannot create', () => {
  it(
    '--once: exit 2 with the folder and EACCES, not exit 1 (a document failed)',
    async () => {
      const s = await station('once');
      const { spawn } = await import('node:child_process');
      const child = spawn(
        process.execPath,
        ['--import', 'tsx', join(resolve(import.meta.dirname), 'agent.ts'), '--once', ...s.args],
        { env: env(), cwd: resolve(import.meta.dirname, '../..'), stdio: ['ignore', 'pipe', 'pipe'], ...asNobody },
      );
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (t: string) => (stderr += t));
      const code = await new Promise<number | null>((r) => child.once('close', r));
      expect(code, stderr).toBe(EXIT.usage);
      expect(stderr).toMatch(/The data folder .*owned-by-root\/data cannot be used .*permission denied \(EACCES\)/);
      expect(stderr).not.toContain('agent failed');
    },
    idleMs(30_000),
  );

  it(
    '--service: stopped with the reason (logged once), then it starts by itself when the folder is fixed',
    async () => {
      const s = await station('service');
      const agent = spawnAgent(['run', '--service', ...s.args], { env: env(), ...asNobody });
      try {
        await agent.untilLog(/"message":"agent stopped".*"code":"data\.folder_unwritable"/);
        await new Promise((r) => setTimeout(r, 2_000));
        expect(agent.child.exitCode).toBeNull();
        await chmod(s.parent, 0o777); // the admin's fix
        await agent.untilLog(/"message":"agent started"/);
        expect(agent.log().match(/"message":"agent stopped"/g)).toHaveLength(1);
      } finally {
        await agent.stopExpecting(0);
      }
    },
    idleMs(60_000),
  );

  it('status on a folder that does not exist says so (not "no agent runs")', async () => {
    const r = await runAgent(['status', '--data', join(dir, 'no-such-folder')]);
    expect(r.code).toBe(2);
    expect(r.summary).toMatchObject({ running: false, health: 'failing' });
    expect((r.summary?.reasons as string[])[0]).toMatch(/the data folder .*no-such-folder does not exist/);
  });
});
