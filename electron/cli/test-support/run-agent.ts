import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pastIdleTime } from '../../core/util/test-support/box-pace';

// The source, through tsx: bin/intake-agent.mjs would run out/main/agent.js when a build lies around,
// which may be older than the code under test.
const AGENT = join(resolve(import.meta.dirname, '..'), 'agent.ts');

export interface AgentRun {
  code: number | null;
  stdout: string;
  stderr: string;
  /** The --once summary (last stdout line), parsed. */
  summary: Record<string, unknown> | undefined;
  /** The JSON log lines of stderr, parsed. */
  log: Array<Record<string, unknown>>;
  ms: number;
  timedOut: boolean;
}

/** Runs the agent as its own process (as an admin would), killed after `timeoutMs`. */
export async function runAgent(
  args: string[],
  options: { env?: NodeJS.ProcessEnv; cwd?: string; timeoutMs?: number; user?: AgentUser } = {},
): Promise<AgentRun> {
  const started = performance.now();
  const [command, commandArgs] = agentCommand(args, options.user);
  const child = spawn(command, commandArgs, {
    env: options.env ?? process.env,
    ...(options.cwd ? { cwd: options.cwd } : {}),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (s: string) => (stdout += s));
  child.stderr.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  let timedOut = false;
  // `timeoutMs` of an idle box: on a busy one the agent (started through tsx) gets longer before it counts
  // as hung (issue #45 item 3).
  const timer = setInterval(() => {
    if (!pastIdleTime(started, options.timeoutMs ?? 30_000)) return;
    timedOut = true;
    child.kill('SIGKILL');
  }, 250);
  const code = await new Promise<number | null>((res) => child.once('close', (c) => res(c)));
  clearInterval(timer);
  const lastLine = stdout.trim().split('\n').at(-1) ?? '';
  return {
    code,
    stdout,
    stderr,
    summary: parseJson(lastLine),
    log: stderr
      .split('\n')
      .map(parseJson)
      .filter((l): l is Record<string, unknown> => l !== undefined),
    ms: performance.now() - started,
    timedOut,
  };
}

/** Another user the agent runs as (a service account), by its ids. */
export interface AgentUser {
  uid: number;
  gid: number;
}

/** The agent's command line; with `user`, run as that user through setpriv (the test runs as root). */
export function agentCommand(args: string[], user?: AgentUser): [string, string[]] {
  const node = ['--import', 'tsx', AGENT, ...args];
  if (!user) return [process.execPath, node];
  return ['setpriv', [`--reuid=${user.uid}`, `--regid=${user.gid}`, '--clear-groups', process.execPath, ...node]];
}

function parseJson(line: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(line);
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** The flags that point an agent at a running sandbox with its demo client (the secret goes by agentEnv). */
export function sandboxArgs(sandbox: SandboxAddress): string[] {
  return ['--base-url', sandbox.baseUrl, '--token-url', sandbox.tokenUrl, '--client-id', sandbox.demoClient.clientId];
}

/**
 * An agent watching `scans` into `data` that sends searchable PDFs to the sandbox (the searchable-output
 * tests' one set-up; the test adds the command, `run` or others).
 */
export function searchableAgentArgs(
  scans: string,
  data: string,
  sandbox: SandboxAddress,
  logLevel: 'info' | 'warn',
): string[] {
  return [
    '--watch',
    scans,
    '--data',
    data,
    ...sandboxArgs(sandbox),
    '--meta',
    'CaseNumber=CLM-2026-000101',
    '--output',
    'searchable-pdf',
    '--log-level',
    logLevel,
  ];
}

/** The environment with the demo client's secret, as an admin passes it to an unattended agent. */
export function agentEnv(sandbox: SandboxAddress, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...process.env, INTAKE_CLIENT_SECRET: sandbox.demoClient.secret, ...extra };
}

/** The settings files' environment entry for a running sandbox and its demo client (client secret sign-in). */
export function sandboxEnvironment(sandbox: SandboxAddress) {
  return {
    id: 'production',
    name: 'Production',
    kind: 'production',
    baseUrl: sandbox.baseUrl,
    tokenUrl: sandbox.tokenUrl,
    country: 'de',
    tenant: 'demo-insurance',
    clientId: sandbox.demoClient.clientId,
    scopes: ['case_integration', 'events'],
    authMethod: 'client_secret',
  };
}

interface SandboxAddress {
  baseUrl: string;
  tokenUrl: string;
  demoClient: { clientId: string; secret: string };
}
