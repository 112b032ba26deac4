import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
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
  /** The same per kind of thread. */
  threadCpuMs?(): Promise<Map<string, number>>;
  close(): Promise<void>;
}

/** user + system CPU time of a process, from /proc (Linux). */
export async function processCpuMs(pid: number | string): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

/** CPU time (ms) per kind of thread of a process (MainThread, V8Worker = GC helpers, libuv-worker = fs). */
export async function threadCpuMs(pid: number): Promise<Map<string, number>> {
  const byKind = new Map<string, number>();
  for (const task of await readdir(`/proc/${pid}/task`)) {
    try {
      const kind = (await readFile(`/proc/${pid}/task/${task}/comm`, 'utf8')).trim();
      const ms = await processCpuMs(`${pid}/task/${task}`);
      byKind.set(kind, (byKind.get(kind) ?? 0) + ms);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return byKind;
}

/** `after − before` per kind of thread, as "MainThread 4.1, V8Worker 1.2 …" per item. */
export function threadCpuPer(before: Map<string, number>, after: Map<string, number>, items: number): string {
  return [...after]
    .map(([kind, ms]) => [kind, (ms - (before.get(kind) ?? 0)) / items] as const)
    .filter(([, ms]) => ms >= 0.05)
    .map(([kind, ms]) => `${kind} ${ms.toFixed(1)}`)
    .join(', ');
}

/**
 * The sandbox as its own process, as the platform is to the app: curl and the pipeline then both talk to
 * a server that does not share their CPU thread (in-process, the pipeline and the server share one).
 */
/**
 * Where the sandbox keeps what it receives: tmpfs (/dev/shm) where there is one. The platform's storage is
 * not the client's disk; on this VM, a disk that has taken a few hundred MB throttles every later write,
 * so whichever side uploaded first would be measured on a faster disk than the other.
 * BENCH_SANDBOX_ON_DISK=1 keeps it beside the bench's files instead.
 */
function sandboxDataDir(dir: string): { path: string; cleanUp(): void } {
  if (process.env['BENCH_SANDBOX_ON_DISK'] !== '1' && existsSync('/dev/shm')) {
    const path = mkdtempSync('/dev/shm/intake-bench-sandbox-');
    return { path, cleanUp: () => rmSync(path, { recursive: true, force: true }) };
  }
  return { path: join(dir, 'sandbox'), cleanUp: () => undefined };
}

export async function sandboxProcess(dir: string): Promise<BenchSandbox> {
  const data = sandboxDataDir(dir);
  // SANDBOX_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof") profiles the server side of a bench.
  const nodeArgs = (process.env['SANDBOX_NODE_ARGS'] ?? '').split(' ').filter((a) => a !== '');
  const args = [...nodeArgs, '--import', 'tsx', CLI, '--port', '0', '--data', data.path];
  const child = spawn(process.execPath, args, {
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
    threadCpuMs: () => threadCpuMs(child.pid!),
    async close() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await once(child, 'exit');
      }
      data.cleanUp();
    },
  };
}
