import { spawn } from 'node:child_process';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox';
import type { RunningSandbox } from '../../sandbox';
import { EXIT } from './agent-stop-reason';
import { agentEnv, runAgent, sandboxArgs } from './test-support/run-agent';
import { idleMs, pastIdleTime } from '../core/util/test-support/box-pace';

let dir: string;
let sandbox: RunningSandbox;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'intake-agent-stop-'));
  sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

async function scans(name: string): Promise<string> {
  const folder = join(dir, name);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'scan_0001.pdf'), '%PDF-1.4\n% a scan\n');
  return folder;
}

function agentArgs(folder: string, data: string): string[] {
  return [
    '--once',
    '--watch',
    folder,
    '--data',
    join(dir, data),
    ...sandboxArgs(sandbox),
    '--meta',
    'CaseNumber=CLM-2026-000101',
    '--log-level',
    'warn',
  ];
}

describe('agent --once stops on a configuration error and says why', () => {
  it('a wrong secret: exit 3, the reason and what to do in the summary and the log, promptly', async () => {
    const folder = await scans('wrong-secret');
    const r = await runAgent(agentArgs(folder, 'data-wrong-secret'), {
      env: { ...process.env, INTAKE_CLIENT_SECRET: 'wrong-secret-1234' },
    });
    expect(r.timedOut).toBe(false);
    expect(r.code).toBe(EXIT.configuration);
    expect(r.summary).toMatchObject({ paused: true, failed: [], stopped: { code: 'auth.invalid_client' } });
    const stopped = r.summary?.stopped as { message: string; action: string };
    expect(stopped.message).toContain('client secret is wrong');
    expect(stopped.action).toContain('INTAKE_CLIENT_SECRET');
    const line = r.log.find((l) => l.message === 'uploads stopped');
    expect(line).toMatchObject({ level: 'error', code: 'auth.invalid_client' });
    expect(String(line?.reason)).toContain('client secret is wrong');
    expect(String(line?.action)).toContain('INTAKE_CLIENT_SECRET');
    expect(r.stdout + r.stderr).not.toContain('wrong-secret-1234');
    // Promptly: a stop, not a hang; 15 s of an idle box, at the box's pace (a loaded clean-clone run took 17 s).
    expect(r.ms).toBeLessThan(idleMs(15_000));
  });

  it('no keychain (no D-Bus session) and no secret in the environment: exit 3 with keychain advice', async () => {
    const folder = await scans('no-keychain');
    const env: NodeJS.ProcessEnv = { ...process.env, DBUS_SESSION_BUS_ADDRESS: `unix:path=${join(dir, 'no-bus')}` };
    delete env.INTAKE_CLIENT_SECRET;
    const r = await runAgent(agentArgs(folder, 'data-no-keychain'), { env });
    expect(r.timedOut).toBe(false);
    expect(r.code).toBe(EXIT.configuration);
    expect(r.summary).toMatchObject({ paused: true, stopped: { code: 'secrets.keychain_unavailable' } });
    const stopped = r.summary?.stopped as { message: string; action: string };
    expect(stopped.message).toContain('No keychain is available');
    expect(stopped.action).toContain('--key-file');
    expect(r.log.find((l) => l.message === 'uploads stopped')).toMatchObject({ code: 'secrets.keychain_unavailable' });
  });

  it('the right secret: exit 0, nothing stopped', async () => {
    const folder = await scans('right-secret');
    const r = await runAgent(agentArgs(folder, 'data-right-secret'), {
      env: agentEnv(sandbox),
    });
    expect(r.code).toBe(EXIT.ok);
    expect(r.summary).toMatchObject({ paused: false, failed: [] });
    expect(r.summary?.stopped).toBeUndefined();
  });
});

describe('agent run (no --once) on a configuration stop', () => {
  it('logs the reason and what to do once, and keeps running until stopped', async () => {
    const folder = await scans('run-wrong-secret');
    const args = agentArgs(folder, 'data-run-wrong-secret').filter((a) => a !== '--once');
    const child = spawn(process.execPath, ['--import', 'tsx', join(import.meta.dirname, 'agent.ts'), 'run', ...args], {
      env: { ...process.env, INTAKE_CLIENT_SECRET: 'wrong-secret-1234' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
    const exited = new Promise<number | null>((resolve) => child.once('close', resolve));
    const started = performance.now();
    while (!stderr.includes('uploads stopped') && !pastIdleTime(started, 25_000))
      await new Promise((r) => setTimeout(r, 200));
    await new Promise((r) => setTimeout(r, 1_000)); // a second status change must not log it again
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const lines = stderr
      .split('\n')
      .filter((l) => l.includes('"uploads stopped"'))
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 'error', code: 'auth.invalid_client' });
    expect(String(lines[0]?.action)).toContain('INTAKE_CLIENT_SECRET');
  });
});
