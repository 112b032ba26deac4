// The three service definitions, run as their service managers run them: each definition's command line,
// split as systemd / launchd / Task Scheduler split it, with only its station paths pointed at a temporary
// folder, against a machine-wide settings file written as docs/deployment.md §3 shows it. The agent must
// run and upload; a broken setting must keep it running (stopped, logged once, in `status`) until it is
// fixed while it runs, and then it starts by itself.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CLIENT, startSandbox } from '../../sandbox';
import { generateClientKeyPair } from '../core/auth/key-pair';
import type { RunningSandbox } from '../../sandbox';
import { headlessAgentArgs } from './headless-launch';
import { SERVICE_PATHS } from './service-definitions';
import { headCommit } from './test-support/head-commit';
import { agentEnv, runAgent, sandboxEnvironment } from './test-support/run-agent';
import { serviceCommandLines } from './test-support/service-command-lines';
import { spawnAgent } from './test-support/spawned-agent';
import { idleMs } from '../core/util/test-support/box-pace';

let dir: string;
let sandbox: RunningSandbox;
/** The confined Windows task (NETWORK SERVICE) signs in with a key file: a client the sandbox knows by its key. */
const KEY_CLIENT = 'station-network-service';
let key: Awaited<ReturnType<typeof generateClientKeyPair>>;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'intake-service-run-'));
  key = await generateClientKeyPair('PS256');
  sandbox = await startSandbox({
    dataDir: join(dir, 'sandbox'),
    port: 0,
    clients: [
      { ...DEMO_CLIENT, scopes: [...DEMO_CLIENT.scopes] },
      { clientId: KEY_CLIENT, publicKeyPem: key.publicKeyPem, scopes: [...DEMO_CLIENT.scopes] },
    ],
  });
});
afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

/** A machine-wide file in the shape of docs/deployment.md §3, for this sandbox and a local scans folder. */
function machineFile(scans: string, system: System): string {
  const environment =
    system === 'windowsNetworkService'
      ? { ...sandboxEnvironment(sandbox), clientId: KEY_CLIENT, authMethod: 'private_key_jwt' }
      : sandboxEnvironment(sandbox);
  return `${JSON.stringify(
    {
      version: 1,
      locked: {
        environments: [environment],
        activeEnvironmentId: 'production',
        folders: [
          {
            id: 'post',
            label: 'Post room',
            path: scans,
            autoSubmit: true,
            defaultMetadata: { caseNumber: 'CLM-2026-000101' },
            polling: { enabled: true, intervalMs: 500 },
          },
        ],
      },
      defaults: { locale: 'de' },
    },
    null,
    2,
  )}\n`;
}

type System = 'linux' | 'mac' | 'windows' | 'windowsNetworkService';
const pathsOf = (system: System) => SERVICE_PATHS[system === 'windowsNetworkService' ? 'windows' : system];

/** The definition's agent argv, its machine-settings, data (and key file) paths pointed into `root`. */
async function stationOf(system: System, name: string) {
  const root = join(dir, `${system}-${name}`);
  const etc = join(root, 'etc');
  const scans = join(root, 'scans');
  await mkdir(etc, { recursive: true });
  await mkdir(scans, { recursive: true });
  const paths = { machine: join(etc, 'settings.json'), data: join(root, 'data'), scans, etc };
  const argv = serviceCommandLines()[system];
  const station = pathsOf(system);
  expect(argv[0]).toBe(station.executable);
  const swap: Record<string, string> = {
    [station.machineSettings]: paths.machine,
    [station.data]: paths.data,
  };
  if (system === 'windowsNetworkService') {
    // Only the task's SID may read it on Windows; here, as the agent checks on POSIX, only its owner.
    const keyFile = join(root, 'key', 'station-key.pem');
    await mkdir(join(root, 'key'));
    await writeFile(keyFile, key.privateKeyPem, { mode: 0o600 });
    swap[SERVICE_PATHS.windows.keyFile] = keyFile;
  }
  const agentArgv = (headlessAgentArgs(argv) ?? []).map((a) => swap[a] ?? a);
  // Nothing but the station paths differs from the definition.
  expect(agentArgv.filter((a) => !Object.values(swap).includes(a))).toEqual(
    (headlessAgentArgs(argv) ?? []).filter((a) => !(a in swap)),
  );
  return { ...paths, agentArgv };
}

const SYSTEMS: System[] = ['linux', 'mac', 'windows', 'windowsNetworkService'];
/** The client secret for the definitions that read it; the key-file task gets none (it must not need it). */
const envOf = (system: System) => {
  if (system !== 'windowsNetworkService') return agentEnv(sandbox);
  const { INTAKE_CLIENT_SECRET: _, ...env } = process.env;
  return env;
};

describe.each(SYSTEMS)('the %s service definition', (system) => {
  it(
    'starts the agent on the machine-wide settings file, which uploads and writes nothing beside it',
    async () => {
      const s = await stationOf(system, 'ok');
      await writeFile(s.machine, machineFile(s.scans, system), { mode: 0o644 });
      await writeFile(join(s.scans, 'letter.pdf'), '%PDF-1.4\n% a letter for the service test\n%%EOF\n');
      // The agent's own log file: launchd's console gets errors only (--console-log-level error).
      const agent = spawnAgent(s.agentArgv, { env: envOf(system), logFile: join(s.data, 'logs', 'agent.log') });
      try {
        await agent.untilLog(/"message":"agent started"/);
        await agent.untilLog(/"message":"document uploaded"/, 30_000);
      } finally {
        await agent.stopExpecting(0);
      }
      // The machine's folder holds only what IT put there: no corrupt copy, no migrated backup.
      expect(await readdir(s.etc)).toEqual(['settings.json']);
    },
    idleMs(60_000),
  );

  it(
    'a broken machine file keeps it running, stopped, until the file is fixed; then it starts by itself',
    async () => {
      const s = await stationOf(system, 'broken');
      const good = machineFile(s.scans, system);
      await writeFile(s.machine, good.slice(0, good.length / 2), { mode: 0o644 }); // truncated: not JSON
      await writeFile(join(s.scans, 'letter.pdf'), '%PDF-1.4\n% waits for the fix\n%%EOF\n');
      // The agent's own log file: launchd's console gets errors only (--console-log-level error).
      const agent = spawnAgent(s.agentArgv, { env: envOf(system), logFile: join(s.data, 'logs', 'agent.log') });
      try {
        await agent.untilLog(/"message":"agent stopped".*"code":"settings\.invalid"/);
        // `status` finds the agent and says why it is stopped.
        const status = await runAgent(['status', '--data', s.data]);
        expect(status.code).toBe(2);
        expect(status.summary).toMatchObject({ running: true, health: 'failing' });
        // Stopped, it still says which build it is.
        expect(status.summary?.status).toMatchObject({ commit: headCommit() });
        expect((status.summary?.reasons as string[])[0]).toMatch(/^stopped: settings\.invalid: .*not valid JSON/);
        // It stays: no exit for a service manager to restart in a loop.
        await new Promise((r) => setTimeout(r, 2_500));
        expect(agent.child.exitCode).toBeNull();
        await writeFile(s.machine, good);
        await agent.untilLog(/"message":"agent started"/);
        await agent.untilLog(/"message":"document uploaded"/, 30_000);
        expect(agent.log().match(/"message":"agent stopped"/g)).toHaveLength(1);
        expect(agent.child.exitCode).toBeNull();
      } finally {
        await agent.stopExpecting(0);
      }
      expect(await readdir(s.etc)).toEqual(['settings.json']);
      expect(existsSync(join(s.data, 'queue.sqlite'))).toBe(true);
    },
    idleMs(60_000),
  );
});
