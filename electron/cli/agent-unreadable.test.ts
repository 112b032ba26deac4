import { spawn } from 'node:child_process';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox';
import type { RunningSandbox } from '../../sandbox';
import { EXIT } from './agent-stop-reason';
import { agentEnv, sandboxArgs } from './test-support/run-agent';
import { idleMs } from '../core/util/test-support/box-pace';

// A real unreadable file: chmod 000. Root reads such a file (CI runs as root), so there the agent runs as
// the unprivileged user nobody (65534), and its open() really fails with EACCES.
const AS_ROOT = process.getuid?.() === 0;
const NOBODY = 65534;

let dir: string;
let sandbox: RunningSandbox;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'intake-agent-unreadable-'));
  await chmod(dir, 0o777);
  sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

async function setup(name: string, files: { good?: boolean }) {
  const root = join(dir, name);
  const scans = join(root, 'scans');
  await mkdir(scans, { recursive: true });
  await chmod(root, 0o777);
  await chmod(scans, 0o777);
  if (files.good) await writeFile(join(scans, 'good.pdf'), '%PDF-1.4\n% readable\n');
  await writeFile(join(scans, 'locked.pdf'), '%PDF-1.4\n% nobody may read this\n');
  await chmod(join(scans, 'locked.pdf'), 0o000);
  return [
    '--once',
    '--watch',
    scans,
    '--data',
    join(root, 'data'),
    ...sandboxArgs(sandbox),
    '--meta',
    'CaseNumber=CLM-2026-000101',
  ];
}

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  summary: Record<string, unknown> | undefined;
  ms: number;
}

function runAgent(args: string[], options: { interruptAfterStartMs?: number; timeoutMs: number }): Promise<Run> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', join(resolve(import.meta.dirname), 'agent.ts'), ...args], {
    env: agentEnv(sandbox, { HOME: dir }),
    cwd: resolve(import.meta.dirname, '../..'),
    stdio: ['ignore', 'pipe', 'pipe'],
    ...(AS_ROOT ? { uid: NOBODY, gid: NOBODY } : {}),
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
  child.stderr.setEncoding('utf8').on('data', (s: string) => {
    stderr += s;
    if (options.interruptAfterStartMs !== undefined && s.includes('"agent started"')) {
      setTimeout(() => child.kill('SIGINT'), options.interruptAfterStartMs);
    }
  });
  const timer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs);
  return new Promise((res) =>
    child.once('close', (code) => {
      clearTimeout(timer);
      let summary: Record<string, unknown> | undefined;
      try {
        summary = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Record<string, unknown>;
      } catch {
        summary = undefined;
      }
      res({ code, stdout, stderr, summary, ms: performance.now() - started });
    }),
  );
}

describe('agent --once and a file it cannot read (chmod 000)', () => {
  it(
    'gives up on it after a bounded time: failed with file.unreadable and the OS error, logged, and --once finishes',
    { timeout: idleMs(90_000) },
    async () => {
      const r = await runAgent(await setup('bounded', { good: true }), { timeoutMs: 80_000 });
      expect(r.code).toBe(EXIT.documentsFailed);
      expect(r.summary).toMatchObject({
        summary: { archived: 1, failed: 1 },
        failed: [{ fileName: 'locked.pdf', code: 'file.unreadable' }],
      });
      const failed = (r.summary?.failed as Array<{ message: string }>)[0];
      expect(failed?.message).toContain('EACCES: permission denied');
      expect(r.stderr).toContain('file unreadable; marked failed');
      // The tracker's bound (20 s) after its quiet time, plus start-up.
      expect(r.ms).toBeLessThan(60_000);
    },
  );

  it(
    'interrupted (SIGINT) while it waits: prints its summary and exits non-zero',
    { timeout: idleMs(60_000) },
    async () => {
      const r = await runAgent(await setup('interrupted', {}), { interruptAfterStartMs: 500, timeoutMs: 50_000 });
      expect(r.summary).toMatchObject({ interrupted: 'SIGINT' });
      expect(r.code).toBe(EXIT.interrupted);
    },
  );
});
