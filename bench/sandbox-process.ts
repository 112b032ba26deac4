import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { DEMO_CLIENT } from '../sandbox';

const CLI = resolve(import.meta.dirname, '../sandbox/cli.ts');

/** What the bench needs of a sandbox, in this process or another. */
export interface BenchSandbox {
  baseUrl: string;
  tokenUrl: string;
  demoClient: { clientId: string; secret: string };
  close(): Promise<void>;
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
    async close() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}
