import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { ChildProcess, SpawnOptions } from 'node:child_process';
import { join, resolve } from 'node:path';
import { pastIdleTime } from '../../core/util/test-support/box-pace';

const AGENT = join(resolve(import.meta.dirname, '..'), 'agent.ts');

/** A long-running agent process (as a service manager starts it), its log as it comes, and its exit. */
export interface SpawnedAgent {
  child: ChildProcess;
  /** The log so far (JSON lines): stderr, or the agent's log file when one was named. */
  log(): string;
  /** Waits for a log line matching `pattern` (throws after timeoutMs with the log's tail). */
  untilLog(pattern: RegExp, timeoutMs?: number): Promise<RegExpExecArray>;
  /** The exit code (null: ended by a signal). */
  exited: Promise<number | null>;
  /** SIGTERM, then the exit code (SIGKILL after 20 s). */
  stop(): Promise<number | null>;
  /** stop(), and throws with the log's tail unless the agent ended with `expected` (0 by default). */
  stopExpecting(expected?: number): Promise<void>;
}

export function spawnAgent(
  args: string[],
  options: Pick<SpawnOptions, 'env' | 'uid' | 'gid'> & {
    /** Read the log from this file (<data>/logs/agent.log) instead of stderr, e.g. when stderr is filtered. */
    logFile?: string;
  } = {},
): SpawnedAgent {
  const { logFile, ...spawnOptions } = options;
  const child = spawn(process.execPath, ['--import', 'tsx', AGENT, ...args], {
    ...spawnOptions,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (s: string) => (stderr += s));
  const exited = new Promise<number | null>((res) => child.once('close', (code) => res(code)));
  let code: number | null | undefined;
  void exited.then((c) => (code = c));
  const log = () => {
    if (logFile === undefined) return stderr;
    try {
      return readFileSync(logFile, 'utf8');
    } catch {
      return '';
    }
  };
  let killed = false;
  async function stop(): Promise<number | null> {
    if (code === undefined) child.kill('SIGTERM');
    const timer = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, 20_000);
    const c = await exited;
    clearTimeout(timer);
    return c;
  }
  return {
    child,
    log,
    async untilLog(pattern, timeoutMs = 20_000) {
      const started = performance.now();
      for (;;) {
        const m = pattern.exec(log());
        if (m) return m;
        if (code !== undefined) throw new Error(`the agent exited (${code}) before ${pattern}:\n${log().slice(-3000)}`);
        if (pastIdleTime(started, timeoutMs))
          throw new Error(`no ${pattern} in the agent's log:\n${log().slice(-3000)}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    exited,
    stop,
    async stopExpecting(expected = 0) {
      const c = await stop();
      if (c !== expected)
        throw new Error(
          `the agent ended with ${c === null ? `signal ${child.signalCode ?? '?'}${killed ? ' (SIGKILL after 20 s: SIGTERM did not end it)' : ''}` : `exit ${c}`}, not ${expected}:\n${log().slice(-3000)}`,
        );
    },
  };
}
