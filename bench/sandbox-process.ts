import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { DEMO_CLIENT } from '../sandbox';

const CLI = resolve(import.meta.dirname, '../sandbox/cli.ts');

/** What the bench needs of a sandbox, in this process or another. */
export interface BenchSandbox {
  baseUrl: string;
  tokenUrl: string;
  demoClient: { clientId: string; secret: string };
  /** The server process's CPU time so far (user + system), where it runs as its own process. */
  cpuMs?(): Promise<number>;
  close(): Promise<void>;
}

/** user + system CPU time of a process, from /proc (Linux). */
export async function processCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/**
 * The sandbox as its own process, as the platform is to the app: curl and the pipeline then both talk to
 * a server that does not share their CPU thread (in-process, the pipeline and the server share one).
 */
export async function sandboxProcess(dir: string): Promise<BenchSandbox> {
  const child = spawn(process.execPath, ['--import', 'tsx', CLI, '--port', '0', '--data', join(dir, 'sandbox')], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout });
  let baseUrl: string | undefined;
  let tokenUrl: string | undefined;
  for await (const line of lines) {
    baseUrl ??= /^listening (\S+)/.exec(line)?.[1];
    tokenUrl ??= /^token URL\s+(\S+)\/connect\/token/.exec(line)?.[1];
    if (baseUrl && tokenUrl) break;
  }
  if (!baseUrl || !tokenUrl) throw new Error('sandbox process did not start');
  return {
    baseUrl,
    tokenUrl,
    demoClient: DEMO_CLIENT,
    cpuMs: () => processCpuMs(child.pid!),
    async close() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
