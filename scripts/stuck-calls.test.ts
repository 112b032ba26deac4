import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
// @ts-expect-error a plain .mjs script without types
import { describeStuck, processesMentioning, threadState } from './stuck-calls.mjs';

// The bound of the SMB run (scripts/test-smb.mjs) names the call a stuck process waits in: checked here on
// a real process that waits in a read of a FIFO nobody writes (as a FUSE open waits for its daemon).
const started: Array<{ kill: (s: NodeJS.Signals) => boolean }> = [];
const dirs: string[] = [];
afterEach(() => {
  for (const c of started.splice(0)) c.kill('SIGKILL');
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe.runIf(process.platform === 'linux')('stuck calls, from /proc', () => {
  it('names the open a process waits in, found by the folder in its command line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'intake-stuck-'));
    dirs.push(dir);
    const fifo = join(dir, 'pipe');
    spawn('mkfifo', [fifo]).once('exit', () => undefined);
    await new Promise((r) => setTimeout(r, 200));
    // `cat FIFO` blocks in open(2) until a writer comes: a thread in a file-system call that does not return.
    const child = spawn('cat', [fifo], { stdio: 'ignore' });
    started.push(child);
    let lines: string[] = [];
    for (let t = 0; t < 50 && lines.length === 0; t++) {
      await new Promise((r) => setTimeout(r, 50));
      lines = (describeStuck(processesMentioning(fifo)) as string[]).filter((l) => l.includes('openat()'));
    }
    expect(lines[0]).toMatch(
      new RegExp(`^pid ${child.pid} thread ${child.pid} \\(cat ${fifo}\\) in openat\\(\\) \\[state S, wchan `),
    );
    const t = threadState(child.pid, child.pid) as { call: string; state: string };
    expect(t).toMatchObject({ call: 'openat', state: 'S' });
  });

  it('leaves out idle waits (a sleeping process is not stuck)', async () => {
    const child = spawn('sleep', ['30.123'], { stdio: 'ignore' });
    started.push(child);
    await new Promise((r) => setTimeout(r, 200));
    const pids = processesMentioning('30.123') as number[];
    expect(pids).toContain(child.pid);
    expect(describeStuck([child.pid])).toEqual([]);
  });
});
