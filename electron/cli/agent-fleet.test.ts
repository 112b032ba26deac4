import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox';
import type { RunningSandbox, StoredUpload } from '../../sandbox';
import { scansLeftIn } from '../core/test-support/scans-left';
import { agentCommand, agentEnv, runAgent, sandboxArgs } from './test-support/run-agent';
import { spawnAgent } from './test-support/spawned-agent';
import { idleMs } from '../core/util/test-support/box-pace';

// Issue #37 items 1 and 4 with real agents: a station upgraded from the in-place way finishes what it had in
// place, then claims; the admin's fleet view of a shared folder and the one command that clears stations
// gone for good.
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

const sha = (s: string) => createHash('sha256').update(s).digest('hex');
const uploads = async (s: RunningSandbox) =>
  (await (await fetch(`${s.baseUrl}/__sandbox/uploads`)).json()) as StoredUpload[];

describe('a station upgraded from the in-place way', () => {
  it(
    'moves what its queue took in place into its taken/ first, finishes it, then claims: each file once',
    {
      timeout: idleMs(120_000),
    },
    async () => {
      dir = mkdtempSync(join(tmpdir(), 'intake-upgrade-'));
      sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
      sandbox.setFaults({ ignoreIdempotencyKey: true });
      const scans = join(dir, 'scans');
      const data = join(dir, 'data');
      await mkdir(scans);
      const contents = ['one', 'two', 'three', 'four'].map((n) => `%PDF-1.4\n% ${n}\n`);
      for (const [i, c] of contents.entries()) await writeFile(join(scans, `old_${i}.pdf`), c);
      const common = [
        '--watch',
        scans,
        '--data',
        data,
        ...sandboxArgs(sandbox),
        '--meta',
        'CaseNumber=CLM-2026-000101',
      ];
      // The old way: taken in place (queued, the files still in the folder), the platform out of reach.
      // One run gives up at its first unreachable try, which under load can come before all four files were
      // stable and taken (a clean-clone run took one): runs again until its queue holds all four, for as
      // long as each run takes more (five runs held two on a loaded box: a count of runs is wall time).
      sandbox.setFaults({ offline: true });
      let held = 0;
      for (let runsWithoutMore = 0; held < 4 && runsWithoutMore < 3;) {
        const had = held;
        const before = await runAgent(['run', '--once', '--not-shared', '--unreachable-tries', '1', ...common], {
          env: agentEnv(sandbox),
          timeoutMs: 60_000,
        });
        expect(before.code, before.stderr).toBe(5);
        const listed = await runAgent(['list', '--data', data]);
        held = listed.stdout.split('\n').filter((l) => l.trim() !== '').length;
        runsWithoutMore = held > had ? 0 : runsWithoutMore + 1;
      }
      expect(held).toBe(4);
      expect((await readdir(scans)).sort()).toEqual(['old_0.pdf', 'old_1.pdf', 'old_2.pdf', 'old_3.pdf']);
      await writeFile(join(scans, 'new.pdf'), '%PDF-1.4\n% new\n');
      // The new version, default settings. The platform still out of reach while it starts: an upload that
      // finished before the move took its file in place would leave fewer than four to move (under load it
      // did), and the move is what this test is about. Back as soon as the station says it moved them.
      const after = spawnAgent(['run', '--once', ...common], { env: agentEnv(sandbox) });
      const moved = await after.untilLog(
        /"message":"files taken in place finished as this station’s".*?"count":(\d+)/,
        60_000,
      );
      expect(Number(moved[1])).toBe(4);
      sandbox.clearFaults();
      sandbox.setFaults({ ignoreIdempotencyKey: true });
      expect(await after.exited, after.log().slice(-3000)).toBe(0);
      const got = await uploads(sandbox);
      expect(got.map((u) => u.sha256).sort()).toEqual([...contents, '%PDF-1.4\n% new\n'].map(sha).sort());
      expect(existsSync(join(scans, '.intake', 'folder-id'))).toBe(true);
      expect(scansLeftIn(scans)).toEqual([]);
    },
  );
});

describe('intake-agent status --folder and clear-stale', () => {
  it(
    'shows every station with its heartbeat; a station killed for good is cleared by one command, no file touched',
    {
      timeout: idleMs(120_000),
    },
    async () => {
      dir = mkdtempSync(join(tmpdir(), 'intake-fleet-agents-'));
      sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
      const scans = join(dir, 'scans');
      await mkdir(scans);
      for (const i of [0, 1]) {
        const [cmd, args] = agentCommand([
          'run',
          '--watch',
          scans,
          '--lease-seconds',
          '2',
          '--data',
          join(dir, `data-${i}`),
          ...sandboxArgs(sandbox),
          '--log-level',
          'warn',
        ]);
        children.push(spawn(cmd, args, { env: agentEnv(sandbox), stdio: 'ignore' }));
      }
      type View = {
        shared: boolean;
        stations: Array<{ station: string; state: string; pid?: number; claimed: string[]; taken: string[] }>;
        waitingForTakeover: string[];
      };
      const status = async () => {
        const r = await runAgent(['status', '--folder', scans]);
        return { code: r.code, view: r.summary as unknown as View };
      };
      let s = await status();
      for (let t = 0; t < 60 && s.view.stations.filter((x) => x.state === 'alive').length < 2; t++) {
        await new Promise((r) => setTimeout(r, 500));
        s = await status();
      }
      expect(s.code).toBe(0);
      expect(s.view.shared).toBe(true);
      expect(s.view.stations.map((x) => x.state)).toEqual(['alive', 'alive']);
      const victim = s.view.stations.find((x) => x.pid === children[1]!.pid)!;
      expect(victim).toBeDefined();
      await writeFile(join(scans, 'keep-me.pdf.tmp'), 'a scan being written: never touched by clear-stale');
      children[1]!.kill('SIGKILL');
      for (let t = 0; t < 40 && s.view.stations.find((x) => x.station === victim.station)?.state !== 'gone'; t++) {
        await new Promise((r) => setTimeout(r, 500));
        s = await status();
      }
      expect(s.view.stations.find((x) => x.station === victim.station)?.state).toBe('gone');
      const cleared = await runAgent(['clear-stale', '--folder', scans]);
      expect(cleared.code, cleared.stderr).toBe(0);
      expect(cleared.summary).toMatchObject({ cleared: [victim.station], kept: [], givenBack: [] });
      s = await status();
      expect(s.view.stations.map((x) => [x.pid, x.state])).toEqual([[children[0]!.pid, 'alive']]);
      // The heartbeat files (the alive station's next beat may be a hidden temp file at this moment).
      const beats = (await readdir(join(scans, '.intake', 'stations'))).filter((n) => !n.startsWith('.'));
      expect(beats).toEqual([`${s.view.stations[0]!.station}.json`]);
      expect(existsSync(join(scans, 'keep-me.pdf.tmp'))).toBe(true);
    },
  );
});
