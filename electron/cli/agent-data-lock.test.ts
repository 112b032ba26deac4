import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox';
import type { RunningSandbox } from '../../sandbox';
import { EXIT } from './agent-stop-reason';
import { agentEnv, runAgent, sandboxArgs } from './test-support/run-agent';
import { idleMs } from '../core/util/test-support/box-pace';

// One owner per data folder, held by the OS (electron/core/util/data-folder-lock.ts): real agent processes.
let dir: string;
let sandbox: RunningSandbox;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'intake-agent-lock-'));
  sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

async function setup(name: string) {
  const scans = join(dir, name, 'scans');
  const data = join(dir, name, 'data');
  await mkdir(scans, { recursive: true });
  await mkdir(data, { recursive: true });
  await writeFile(join(scans, 'scan_0001.pdf'), '%PDF-1.4\n% a scan\n');
  const args = ['--watch', scans, '--data', data, ...sandboxArgs(sandbox), '--meta', 'CaseNumber=CLM-2026-000101'];
  return { data, args };
}

const env = () => agentEnv(sandbox);

/** A long-running agent (`run`), resolved once it logged "agent started". */
function startAgent(args: string[]): Promise<ChildProcess> {
  const agent = join(resolve(import.meta.dirname), 'agent.ts');
  const child = spawn(process.execPath, ['--import', 'tsx', agent, 'run', ...args], {
    env: env(),
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  return new Promise((res, rej) => {
    child.stderr?.setEncoding('utf8').on('data', (s: string) => {
      stderr += s;
      if (stderr.includes('"agent started"')) res(child);
    });
    child.once('exit', (code) => rej(new Error(`agent exited with ${code}: ${stderr}`)));
  });
}

async function kill9(child: ChildProcess): Promise<void> {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

describe('agent: one owner per data folder', () => {
  it(
    'a second agent on the folder of a running one exits with its own code and says who owns it; after kill -9 of the first, it runs',
    { timeout: idleMs(90_000) },
    async () => {
      const { data, args } = await setup('two-agents');
      const first = await startAgent(args);
      const second = await runAgent([...args, '--once'], { env: env() });
      expect(second.timedOut).toBe(false);
      expect(second.code).toBe(EXIT.folderInUse);
      expect(second.stderr).toContain(`The data folder ${data} is in use by intake-agent (pid ${first.pid})`);
      await kill9(first);
      const third = await runAgent([...args, '--once'], { env: env() });
      expect(third.code).toBe(EXIT.ok);
      expect(third.summary).toMatchObject({ summary: { archived: 1 } });
    },
  );

  it(
    'a pid file left by an older version (a live pid, as after a reboot) does not block',
    { timeout: idleMs(60_000) },
    async () => {
      const { data, args } = await setup('stale-pid');
      await writeFile(join(data, 'agent.lock'), '1'); // pid 1 always runs
      const r = await runAgent([...args, '--once'], { env: env() });
      expect(r.stderr).not.toContain('another agent');
      expect(r.code).toBe(EXIT.ok);
    },
  );
});
