import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox';
import type { RunningSandbox, StoredUpload } from '../../sandbox';
import { agentCommand, agentEnv, runAgent, sandboxArgs } from './test-support/run-agent';
import { idleMs } from '../core/util/test-support/box-pace';

// Issue #45 item 2 with real agents: a station alone on a folder full of scans took two thirds of it into
// its own folder at once, so a station joining later found nothing to do. Alone it now claims a small
// window ahead of its queue, and the rest stays in the folder for whoever joins.
let dir: string | undefined;
let sandbox: RunningSandbox | undefined;
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) {
    if (c.exitCode === null && c.signalCode === null) {
      c.kill('SIGKILL');
      await new Promise((r) => c.once('exit', r));
    }
  }
  await sandbox?.close();
  sandbox = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

const FILES = 600;

function agent(scans: string, data: string, s: RunningSandbox): ChildProcess {
  const [cmd, args] = agentCommand([
    'run',
    '--watch',
    scans,
    '--lease-seconds',
    '3',
    '--data',
    data,
    ...sandboxArgs(s),
    '--log-level',
    'warn',
  ]);
  const child = spawn(cmd, args, { env: agentEnv(s), stdio: 'ignore' });
  children.push(child);
  return child;
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

const uploads = async (s: RunningSandbox) =>
  (await (await fetch(`${s.baseUrl}/__sandbox/uploads`)).json()) as StoredUpload[];

/** The documents an agent's queue made (its `list`, one JSON line each). */
async function documentsOf(data: string, s: RunningSandbox): Promise<number> {
  const r = await runAgent(['list', '--data', data, ...sandboxArgs(s)], { env: agentEnv(s) });
  return r.stdout.split('\n').filter((l) => l.startsWith('{')).length;
}

describe('a station joining a shared folder a station alone is working through', () => {
  it(`shares the ${FILES} files: the first station left them in the folder`, { timeout: idleMs(240_000) }, async () => {
    dir = mkdtempSync(join(tmpdir(), 'intake-join-'));
    // A slow platform: the first station is still at it when the second one comes.
    sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
    sandbox.setFaults({ latencyMs: 150 });
    const scans = join(dir, 'scans');
    await mkdir(scans);
    for (let i = 0; i < FILES; i++)
      await writeFile(join(scans, `scan_${String(i).padStart(4, '0')}.pdf`), `%PDF-1.4\nscan ${i}\n%%EOF\n`);
    const inFolder = async () => (await readdir(scans)).filter((n) => n.endsWith('.pdf')).length;
    const first = agent(scans, join(dir, 'data-a'), sandbox);
    // Progress: the first station has taken files (some at the platform already).
    for (let t = 0; ; t++) {
      if ((await uploads(sandbox)).length >= 10) break;
      if (t > 1_200) throw new Error('the first station took nothing');
      await new Promise((r) => setTimeout(r, 100));
    }
    // Alone, it holds only a window: nearly all the files still wait in the folder.
    const leftWhenJoined = await inFolder();
    expect(leftWhenJoined).toBeGreaterThan(FILES / 2);
    const second = agent(scans, join(dir, 'data-b'), sandbox);
    for (let t = 0; ; t++) {
      if ((await uploads(sandbox)).length >= FILES) break;
      if (t > 2_000) throw new Error(`not all uploaded: ${(await uploads(sandbox)).length}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    await Promise.all([stop(first), stop(second)]);
    const all = await uploads(sandbox);
    // Each file once.
    expect(all.length).toBe(FILES);
    expect(new Set(all.map((u) => u.fileName)).size).toBe(FILES);
    const a = await documentsOf(join(dir, 'data-a'), sandbox);
    const b = await documentsOf(join(dir, 'data-b'), sandbox);
    expect(a + b).toBe(FILES);
    // The second station did a real share of the work.
    expect(b).toBeGreaterThan(FILES / 10);
    expect(await inFolder()).toBe(0);
  });
});
