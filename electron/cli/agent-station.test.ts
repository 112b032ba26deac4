// Fleet status, metrics and logs of a running agent, as an admin sees them: a real agent process on a
// real sandbox, `intake-agent status` as a second process, the metrics endpoint over HTTP, the log file
// on disk.
import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox';
import type { RunningSandbox } from '../../sandbox';
import { headCommit } from './test-support/head-commit';
import { agentEnv, runAgent, sandboxArgs } from './test-support/run-agent';
import { pastIdleTime, idleMs } from '../core/util/test-support/box-pace';

const AGENT = join(resolve(import.meta.dirname), 'agent.ts');
let dir: string;
let sandbox: RunningSandbox;
let agent: ChildProcess;
let stderr = '';
const dataDir = () => join(dir, 'data');
const scans = () => join(dir, 'scans');

const untilLog = async (pattern: RegExp, timeoutMs = 20_000): Promise<RegExpExecArray> => {
  const started = performance.now();
  for (;;) {
    const m = pattern.exec(stderr);
    if (m) return m;
    if (pastIdleTime(started, timeoutMs)) throw new Error(`no ${pattern} in the agent's log:\n${stderr.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

const status = async () => {
  const r = await runAgent(['status', '--data', dataDir()]);
  return {
    code: r.code,
    report: r.summary as { running: boolean; health: string; reasons: string[]; status?: Record<string, unknown> },
  };
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'intake-station-'));
  sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
  const { mkdir } = await import('node:fs/promises');
  await mkdir(scans(), { recursive: true });
  agent = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      AGENT,
      'run',
      '--data',
      dataDir(),
      ...sandboxArgs(sandbox),
      '--watch',
      scans(),
      '--meta',
      'CaseNumber=CLM-2026-000101',
      '--metrics-port',
      '0',
      '--log-format',
      'text',
    ],
    { env: agentEnv(sandbox), stdio: ['ignore', 'ignore', 'pipe'] },
  );
  agent.stderr?.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  await untilLog(/agent started/);
}, idleMs(60_000));

afterAll(async () => {
  if (agent.exitCode === null) agent.kill('SIGKILL');
  await sandbox?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('a running agent, seen by an admin', () => {
  let metricsUrl: string;
  let documentId: string;

  it('status: healthy while it runs and nothing waits', async () => {
    const { code, report } = await status();
    expect(report).toMatchObject({ running: true, health: 'healthy', reasons: [] });
    expect(report.status).toMatchObject({ version: expect.any(String), connection: { paused: false } });
    expect(code).toBe(0);
  });

  it('a scanned file is uploaded, and its whole life is in the log file under its id', async () => {
    await writeFile(join(scans(), 'letter.pdf'), '%PDF-1.4\n% a letter for the station test\n%%EOF\n');
    const m = await untilLog(/document archived .*documentId=([\w-]+)/, 30_000);
    documentId = m[1] ?? '';
    const logFile = await readFile(join(dataDir(), 'logs', 'agent.log'), 'utf8');
    const life = logFile
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { message: string; documentId?: string })
      .filter((l) => l.documentId === documentId)
      .map((l) => l.message);
    // Auto-submitted: it enters the queue at once, then each step once, in order.
    expect(life).toEqual(['document queued', 'document uploading', 'document uploaded', 'document archived']);
    // The console got the text format, the file JSON.
    expect(stderr).toMatch(/^\S+Z INFO {2}agent started /m);
  });

  it('metrics: Prometheus text with the upload counted, on loopback only', async () => {
    metricsUrl = (await untilLog(/metrics served .*url=(http:\/\/127\.0\.0\.1:\d+\/metrics)/))[1] ?? '';
    const text = await (await fetch(metricsUrl)).text();
    expect(text).toMatch(/^intake_uploads_total 1$/m);
    expect(text).toMatch(/^intake_queue_documents\{state="archived"\} 1$/m);
    expect(text).toMatch(/^intake_uploaded_bytes_total \d+$/m);
    expect(text).toMatch(/^intake_platform_online 1$/m);
    // Which build: the version and the commit (two builds of one version differ there).
    expect(text).toMatch(
      new RegExp(`^intake_build_info\\{version="0\\.\\d+\\.\\d+[^"]*",commit="${headCommit()}"\\} 1$`, 'm'),
    );
    const last = Number(/^intake_last_success_timestamp_seconds (\S+)$/m.exec(text)?.[1]);
    expect(Math.abs(last - Date.now() / 1000)).toBeLessThan(120);
    expect((await fetch(metricsUrl.replace('/metrics', '/other'))).status).toBe(404);
  });

  it('--version names the version and the commit, and the start is logged with them', async () => {
    const r = await runAgent(['--version']);
    expect(r.code).toBe(0);
    const { version } = (await import('../../package.json', { with: { type: 'json' } })).default;
    expect(r.stdout).toMatch(
      new RegExp(
        `^${version.replace(/\./g, '\\.')} \\(commit ${headCommit()}( with uncommitted changes)?, \\d{4}-\\d\\d-\\d\\d\\)\n$`,
      ),
    );
    expect(stderr).toMatch(new RegExp(`agent started .*commit=${headCommit()}`));
  });

  it('status reports the last success and the counts', async () => {
    await new Promise((r) => setTimeout(r, 1_500)); // the status file follows the queue within a second
    const { report } = await status();
    expect(report.status).toMatchObject({ counts: { archived: 1, failed: 0 }, lastSuccessAt: expect.any(String) });
    expect(report.status).toMatchObject({ version: expect.stringMatching(/^\d+\.\d+\.\d+/), commit: headCommit() });
  });

  it('no secret and no access token in any file the agent wrote (log, status, database, spool, archive)', async () => {
    const files: string[] = [];
    const walk = async (d: string) => {
      for (const e of await readdir(d, { withFileTypes: true })) {
        const p = join(d, e.name);
        if (e.isDirectory()) await walk(p);
        else if ((await stat(p)).isFile()) files.push(p);
      }
    };
    await walk(dataDir());
    expect(files.some((f) => f.endsWith('agent.log'))).toBe(true);
    expect(files.some((f) => f.endsWith('status.json'))).toBe(true);
    for (const f of files) {
      const content = (await readFile(f)).toString('latin1');
      expect(content, f).not.toContain(sandbox.demoClient.secret);
      expect(content, f).not.toMatch(/eyJ[\w-]{8,}\.eyJ[\w-]{8,}\.[\w-]+/);
    }
    expect(stderr).not.toContain(sandbox.demoClient.secret);
  });

  it('a revoked client stops uploads: status failing with the reason (exit 2), metrics say stopped', async () => {
    sandbox.setFaults({ revokeClient: sandbox.demoClient.clientId, expireTokens: true });
    await writeFile(join(scans(), 'after-revoke.pdf'), '%PDF-1.4\n% after the client was revoked\n%%EOF\n');
    await untilLog(/uploads stopped|auth\.invalid_client/, 30_000);
    await new Promise((r) => setTimeout(r, 1_500));
    const { code, report } = await status();
    expect(report.health).toBe('failing');
    expect(report.reasons.join('\n')).toMatch(/uploads stopped: auth\.invalid_client/);
    expect(code).toBe(2);
    const text = await (await fetch(metricsUrl)).text();
    expect(text).toMatch(/^intake_uploads_stopped 1$/m);
    expect(Number(/^intake_token_failures_total (\d+)$/m.exec(text)?.[1])).toBeGreaterThanOrEqual(1);
    sandbox.clearFaults();
  });

  it('after SIGTERM, status says failing (exit 2): no agent runs on the folder', async () => {
    agent.kill('SIGTERM');
    await new Promise((r) => agent.once('exit', r));
    // It stopped cleanly: the status writer does not read a queue the signal already closed.
    expect(stderr).not.toMatch(/clean-up failed/);
    const { code, report } = await status();
    expect(report).toMatchObject({ running: false, health: 'failing' });
    expect(code).toBe(2);
  });
});
