// `run --service` waits out configuration errors instead of exiting (a service manager would restart it in
// a loop), while --once and the commands keep their exit codes. Real agent processes, a real sandbox, a
// real key file and a real port taken by another server.
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox';
import type { RunningSandbox } from '../../sandbox';
import { EXIT } from './agent-stop-reason';
import { headCommit } from './test-support/head-commit';
import { agentEnv, runAgent, sandboxArgs } from './test-support/run-agent';
import { spawnAgent } from './test-support/spawned-agent';
import { idleMs } from '../core/util/test-support/box-pace';

let dir: string;
let sandbox: RunningSandbox;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'intake-agent-service-'));
  sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

async function folder(name: string) {
  const root = join(dir, name);
  await mkdir(join(root, 'scans'), { recursive: true });
  return { root, data: join(root, 'data'), args: ['--watch', join(root, 'scans'), '--data', join(root, 'data')] };
}

describe('agent run --service', () => {
  it(
    'a key file others may read: stopped (key_file.invalid) until chmod 600, then it starts',
    async () => {
      const s = await folder('key');
      const key = join(s.root, 'client.key');
      const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      await writeFile(key, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o644 });
      await chmod(key, 0o644);
      const agent = spawnAgent(['run', '--service', ...s.args, ...sandboxArgs(sandbox), '--key-file', key], {
        env: agentEnv(sandbox),
      });
      try {
        await agent.untilLog(/"message":"agent stopped".*"code":"key_file\.invalid".*chmod 600/);
        const status = await runAgent(['status', '--data', s.data]);
        expect(status.code).toBe(2);
        expect((status.summary?.reasons as string[])[0]).toMatch(/^stopped: key_file\.invalid: /);
        expect(status.summary?.status).toMatchObject({ stopped: { code: 'key_file.invalid' } });
        await chmod(key, 0o600);
        await agent.untilLog(/"message":"agent started"/);
        expect(agent.log().match(/"message":"agent stopped"/g)).toHaveLength(1);
      } finally {
        await agent.stopExpecting(0);
      }
    },
    idleMs(60_000),
  );

  it(
    'a metrics port in use: exit 2 without --service; with it, stopped and in status, no exit',
    async () => {
      const blocker = createServer((_, res) => res.end('another agent\n'));
      await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
      const port = (blocker.address() as AddressInfo).port;
      try {
        const s = await folder('port');
        const flags = [...s.args, ...sandboxArgs(sandbox), '--metrics-port', String(port)];
        const plain = await runAgent(['run', ...flags], { env: agentEnv(sandbox), timeoutMs: 20_000 });
        expect(plain.code, plain.stderr).toBe(EXIT.usage);
        expect(plain.stderr).toMatch(new RegExp(`metrics port ${port} on 127\\.0\\.0\\.1 cannot be used \\(in use`));
        const agent = spawnAgent(['run', '--service', ...flags], { env: agentEnv(sandbox) });
        try {
          await agent.untilLog(/"message":"agent stopped".*"code":"metrics\.port_in_use"/);
          const status = await runAgent(['status', '--data', s.data]);
          expect(status.code).toBe(2);
          expect((status.summary?.reasons as string[])[0]).toMatch(/^stopped: metrics\.port_in_use: /);
          await new Promise((r) => setTimeout(r, 1_500));
          expect(agent.child.exitCode).toBeNull();
        } finally {
          await agent.stopExpecting(0);
        }
      } finally {
        await new Promise((r) => blocker.close(r));
      }
    },
    idleMs(60_000),
  );

  it(
    'stopped, it serves its metrics: stopped 1, with the build',
    async () => {
      const s = await folder('stopped-metrics');
      const settings = join(s.root, 'settings.json');
      await writeFile(settings, '{ "version": 2, ');
      const agent = spawnAgent(['run', '--service', '--settings', settings, ...s.args, '--metrics-port', '0'], {
        env: agentEnv(sandbox),
      });
      try {
        await agent.untilLog(/"message":"agent stopped"/);
        const url = (await agent.untilLog(/"message":"metrics served".*"url":"([^"]+)"/))[1] ?? '';
        const text = await (await fetch(url)).text();
        expect(text).toMatch(/^intake_agent_stopped 1$/m);
        expect(text).toMatch(/^intake_agent_stop_reason\{code="settings\.invalid"\} 1$/m);
        expect(text).toMatch(/^intake_uploads_stopped 1$/m);
        expect(text).toMatch(new RegExp(`^intake_build_info\\{version="[^"]+",commit="${headCommit()}"\\} 1$`, 'm'));
      } finally {
        await agent.stopExpecting(0);
      }
    },
    idleMs(60_000),
  );

  it(
    'uploads stopped on a wrong client id start again when the settings file is fixed, without a restart',
    async () => {
      const s = await folder('client-id');
      const settings = join(s.root, 'settings.json');
      const write = (clientId: string) =>
        writeFile(
          settings,
          JSON.stringify({
            version: 2,
            activeEnvironmentId: 'station',
            environments: [
              {
                id: 'station',
                name: 'Station',
                kind: 'production',
                baseUrl: sandbox.baseUrl,
                tokenUrl: sandbox.tokenUrl,
                country: 'de',
                tenant: 'demo-insurance',
                clientId,
                scopes: ['case_integration', 'events'],
                authMethod: 'client_secret',
              },
            ],
          }),
        );
      await write('no-such-client');
      await writeFile(join(s.root, 'scans', 'scan.pdf'), '%PDF-1.4\n% waits for the right client id\n%%EOF\n');
      const agent = spawnAgent(
        ['run', '--service', '--settings', settings, ...s.args, '--meta', 'CaseNumber=CLM-2026-000101'],
        { env: agentEnv(sandbox) },
      );
      try {
        await agent.untilLog(/"message":"uploads stopped".*"code":"auth\.invalid_client"/, 30_000);
        await write(sandbox.demoClient.clientId);
        await agent.untilLog(/"message":"configuration changed while uploads were stopped; starting again"/);
        await agent.untilLog(/"message":"document uploaded"/, 30_000);
        expect(agent.child.exitCode).toBeNull();
      } finally {
        await agent.stopExpecting(0);
      }
    },
    idleMs(60_000),
  );

  it(
    '--console-log-level error: stderr has only errors, the log file keeps every line',
    async () => {
      const s = await folder('console-level');
      await writeFile(join(s.root, 'scans', 'scan.pdf'), '%PDF-1.4\n% console level\n%%EOF\n');
      const r = await runAgent(
        [
          '--once',
          ...s.args,
          ...sandboxArgs(sandbox),
          '--meta',
          'CaseNumber=CLM-2026-000101',
          '--console-log-level',
          'error',
        ],
        { env: agentEnv(sandbox) },
      );
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toBe('');
      const { readFile } = await import('node:fs/promises');
      const file = await readFile(join(s.data, 'logs', 'agent.log'), 'utf8');
      expect(file).toContain('"message":"agent started"');
      expect(file).toContain('"message":"document uploaded"');
      const bad = await runAgent(['--once', ...s.args, '--console-log-level', 'loud']);
      expect(bad.code).toBe(EXIT.usage);
    },
    idleMs(60_000),
  );

  it(
    '--once and bad settings keep exit 2 even with --service; bad flags under --service wait, not loop',
    async () => {
      const s = await folder('once');
      const settings = join(s.root, 'settings.json');
      await writeFile(settings, 'not json');
      const once = await runAgent(['--once', '--service', '--settings', settings, ...s.args]);
      expect(once.code).toBe(EXIT.usage);
      const badFlag = spawnAgent(['run', '--service', '--no-such-flag', ...s.args]);
      // Waited for as an event: a fixed 2.5 s was too short for the agent's start at load 28 (CI-like run).
      await badFlag.untilLog(/Unknown option '--no-such-flag'/, 30_000);
      // Then it waits for a fix: a service manager restarts a process that exits, which would loop.
      await new Promise((r) => setTimeout(r, 1_000));
      expect(badFlag.child.exitCode).toBeNull();
      expect(badFlag.log().match(/Unknown option '--no-such-flag'/g)).toHaveLength(1);
      await badFlag.stopExpecting(0);
    },
    idleMs(60_000),
  );
});
