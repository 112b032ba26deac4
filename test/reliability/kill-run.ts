import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, existsSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startSandbox } from '../../sandbox';
import type { StoredUpload } from '../../sandbox';
import { agentEnv, sandboxArgs } from '../../electron/cli/test-support/run-agent';
import { scansLeftIn } from '../../electron/core/test-support/scans-left';

const ROOT = resolve(import.meta.dirname, '../..');
const AGENT = join(ROOT, 'bin/intake-agent.mjs');

export interface KillRunResult {
  files: number;
  kills: number;
  uploaded: number;
  missing: number;
  /** Contents stored more than once at the platform (beyond the first copy). */
  duplicates: number;
  leftInFolder: number;
  leftInSpool: number;
  finalExitCode: number | null;
  /** Agents (`run`, no --once) that ended before their kill: each is a bug. */
  endedByThemselves: string[];
}

/**
 * kill -9 the agent at random moments during a run over `files` files, `kills` times, then let one
 * agent finish with --once and count what the sandbox holds.
 */
export async function killRun(options: {
  files: number;
  kills: number;
  minMs?: number;
  maxMs?: number;
  fileBytes?: number;
  log?: (s: string) => void;
}): Promise<KillRunResult> {
  const dir = mkdtempSync(join(tmpdir(), 'intake-kill-'));
  const sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
  try {
    const scans = join(dir, 'scans');
    await mkdir(scans, { recursive: true });
    const hashes = new Set<string>();
    for (let i = 0; i < options.files; i++) {
      const bytes = randomBytes(options.fileBytes ?? 20_000);
      hashes.add(createHash('sha256').update(bytes).digest('hex'));
      await writeFile(join(scans, `scan_${String(i).padStart(4, '0')}.pdf`), bytes);
    }
    const args = [
      AGENT,
      'run',
      '--watch',
      scans,
      '--data',
      join(dir, 'data'),
      ...sandboxArgs(sandbox),
      '--meta',
      'CaseNumber=CLM-2026-000101',
      '--concurrency',
      '2',
      '--log-level',
      'warn',
    ];
    const env = agentEnv(sandbox);
    const min = options.minMs ?? 800;
    const max = options.maxMs ?? 3_000;
    const endedByThemselves: string[] = [];
    for (let k = 0; k < options.kills; k++) {
      const child = spawn(process.execPath, args, { env, stdio: 'ignore' });
      // Listened for from the start: an agent that ends by itself before the kill (a bug: `run` without
      // --once never ends on its own) is reported, not waited for for ever.
      const exited = new Promise<void>((r) => child.once('exit', () => r()));
      const at = min + Math.random() * (max - min);
      await new Promise((r) => setTimeout(r, at));
      if (child.exitCode !== null) endedByThemselves.push(`run ${k + 1} ended by itself with code ${child.exitCode}`);
      child.kill('SIGKILL');
      await exited;
      options.log?.(`kill ${k + 1}/${options.kills} after ${Math.round(at)} ms`);
    }
    const finalExitCode = await new Promise<number | null>((res) => {
      const child = spawn(process.execPath, [...args, '--once'], { env, stdio: 'ignore' });
      child.once('exit', (code) => res(code));
    });
    const uploads = (await (await fetch(`${sandbox.baseUrl}/__sandbox/uploads`)).json()) as StoredUpload[];
    const counts = new Map<string, number>();
    for (const u of uploads) counts.set(u.sha256, (counts.get(u.sha256) ?? 0) + 1);
    let missing = 0;
    for (const h of hashes) if (!counts.has(h)) missing++;
    const duplicates = [...counts.values()].reduce((n, c) => n + (c - 1), 0);
    const spoolDir = join(dir, 'data', 'spool');
    return {
      files: options.files,
      kills: options.kills,
      uploaded: counts.size,
      missing,
      duplicates,
      leftInFolder: scansLeftIn(scans).length,
      leftInSpool: existsSync(spoolDir) ? (await readdir(spoolDir)).length : 0,
      finalExitCode,
      endedByThemselves,
    };
  } finally {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  }
}
