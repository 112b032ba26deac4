import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Durability is an order of system calls (write, fsync the file, rename, fsync the folder), which no test
 * can see by looking at files afterwards. These tests run the real code in a child process under strace
 * and read the order of the calls. strace must be installed and ptrace allowed; otherwise they skip.
 */
export const STRACE_AVAILABLE = (() => {
  const r = spawnSync('strace', ['-f', '-e', 'trace=none', '-o', '/dev/null', process.execPath, '-e', '0']);
  return r.status === 0;
})();

export interface TracedCall {
  name: string;
  /** The call's text as strace prints it, with paths of file descriptors (-y). */
  text: string;
}

const CALLS = [
  'fsync',
  'fdatasync',
  'rename',
  'renameat',
  'renameat2',
  'unlink',
  'unlinkat',
  'copy_file_range',
  'sendfile',
];

/** Runs `script` (an ES module, TypeScript through tsx) and returns the traced calls that succeeded, in order. */
export function traceScript(script: string, args: string[] = []): TracedCall[] {
  const dir = mkdtempSync(join(tmpdir(), 'intake-strace-'));
  try {
    return traceInto(join(dir, 'trace.log'), script, args);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function traceInto(log: string, script: string, args: string[]): TracedCall[] {
  const r = spawnSync(
    'strace',
    [
      '-f',
      '-y',
      '-qq',
      '-e',
      `trace=${CALLS.join(',')}`,
      '-o',
      log,
      process.execPath,
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      script,
      ...args,
    ],
    { encoding: 'utf8', cwd: join(import.meta.dirname, '../../../..') },
  );
  if (r.status !== 0) throw new Error(`traced script failed (${r.status}): ${r.stderr}`);
  // Lines are "<pid> call(args) = result"; a call interrupted by another thread is split into
  // "<unfinished ...>" and "<... call resumed>" halves, which are joined here.
  const pending = new Map<string, string>();
  const calls: TracedCall[] = [];
  for (const raw of readFileSync(log, 'utf8').split('\n')) {
    const m = /^(\d+)\s+(.*)$/.exec(raw);
    if (!m) continue;
    const [, pid, rest] = m as unknown as [string, string, string];
    let line = rest;
    if (line.endsWith('<unfinished ...>')) {
      pending.set(pid, line.slice(0, -'<unfinished ...>'.length));
      continue;
    }
    const resumed = /^<\.\.\. \w+ resumed>(.*)$/.exec(line);
    if (resumed) line = (pending.get(pid) ?? '') + (resumed[1] ?? '');
    const call = /^(\w+)\((.*)\)\s+=\s+(-?\d+)/.exec(line);
    if (!call || Number(call[3]) < 0) continue;
    calls.push({ name: call[1] ?? '', text: line });
  }
  return calls;
}

/** Index of the first call matching, or -1. */
export function indexOf(calls: TracedCall[], name: RegExp, text: RegExp, from = 0): number {
  for (let i = from; i < calls.length; i++) {
    const c = calls[i]!;
    if (name.test(c.name) && text.test(c.text)) return i;
  }
  return -1;
}
