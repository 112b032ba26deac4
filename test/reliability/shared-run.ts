import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync } from 'node:fs';
import { mkdir, open, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { startSandbox } from '../../sandbox';
import type { StoredUpload } from '../../sandbox';
import { agentEnv, sandboxArgs } from '../../electron/cli/test-support/run-agent';
import { progressDeadline, waitForProgress } from '../../electron/core/util/test-support/box-pace';

const ROOT = resolve(import.meta.dirname, '../..');
// SHARED_RUN_AGENT: another build of the agent (e.g. an older checkout's bin/intake-agent.mjs) for a before/after run.
const AGENT = process.env.SHARED_RUN_AGENT ?? join(ROOT, 'bin/intake-agent.mjs');

export interface SharedRunOptions {
  agents: number;
  files: number;
  /** The files arrive spread over this long, half written under a temporary name then renamed, half in place. */
  arrivalMs: number;
  leaseSeconds: number;
  concurrency?: number;
  /** Poll the folder (a network share) instead of file events. */
  pollMs?: number;
  /** The scan folder (a mounted share); default a new local folder. Emptied first. */
  folder?: string;
  fileBytes?: number;
  /** The scan's bytes (each must differ): default `fileBytes` random bytes. */
  bytesOf?: (i: number) => Uint8Array;
  /** kill -9 this agent (index) this long after the first file, and never start it again in the run. */
  kill?: { agent: number; atMs: number };
  /** SIGSTOP this agent this long after the first file, SIGCONT it `forMs` later. */
  freeze?: { agent: number; atMs: number; forMs: number };
  /** The longest the run may take while it still moves (files uploaded, taken, claimed, left). */
  timeoutMs: number;
  /** The run counts as stuck after this long without progress, at the box's pace (default 60 s). */
  stallMs?: number;
  /** Sandbox latency per request, so stations hold claimed files while their uploads run. */
  latencyMs?: number;
  /**
   * How the agents are told about sharing: 'default' (no flag: every folder claims, #37), true (--shared,
   * the default), false (--not-shared: taken in place, how stations ran before #28).
   */
  shared?: boolean | 'default';
  /** The sandbox acts as a platform without Idempotency-Key: a second upload of a scan is a second document. */
  ignoreKey?: boolean;
  /** Extra environment of one agent (by index): a clock offset through libfaketime, a test fault. */
  envOf?: (agent: number) => NodeJS.ProcessEnv;
  /**
   * The agents claim through this office database (`--office-database`, issue #50 item 4) instead of by
   * renames on the share: no heartbeat files, so the run waits for each agent's log line that it claims there.
   */
  officeDatabase?: string;
  /** The path an agent watches the folder under (another mount point of the same share); default the folder. */
  pathOf?: (agent: number, folder: string) => string;
  /**
   * The folder does not send by itself: the agents watch it through a settings file whose folder profile
   * has no auto-submit and no metadata, so each scan waits in the (office) inbox for a clerk to tag and send.
   */
  leftForClerks?: boolean;
  /** This agent kills itself (kill -9) right after its Nth commit rename (INTAKE_TEST_KILL_AFTER_COMMIT). */
  selfKill?: { agent: number; afterCommits: number };
  /**
   * Something done to the run's surroundings once the platform holds `afterUploads` of the files (the office
   * database restarted under the stations); it gets the agents' logs so far, to wait for what they say.
   */
  during?: { afterUploads: number; run: (logs: () => string[]) => Promise<void> };
  /** After all files arrived: this many files that a station holds claimed get a new version under the same name. */
  replaceWhileClaimed?: number;
  log?: (s: string) => void;
}

export interface SharedRunResult {
  files: number;
  /** Files whose content the platform holds exactly once / never / more than once. */
  once: number;
  missing: string[];
  duplicates: number;
  /** Documents each agent uploaded (from its queue database), in agent order. */
  split: number[];
  /** Files left in the folder (the stations' .intake/ left out) and in claim folders, after the run. */
  leftInFolder: string[];
  leftClaimed: string[];
  /** Files the killed station had committed to (its .intake/taken/) and the run's end found there. */
  heldByKilled: string[];
  /** The killed station's files at the platform, before it was started again. */
  heldByKilledUploaded: number;
  /** Takeovers of claimed files of a silent station (from the agents' logs). */
  takenOver: number;
  /** What the killed or frozen station held in its claim folder just after the signal. */
  claimedAtSignal: string[];
  /** Files written again under their name while a station held the first version claimed (replaceWhileClaimed). */
  replaced: string[];
  /** Every upload the platform stored (with the Idempotency-Key each carried). */
  uploads: StoredUpload[];
  /** The folder's id (`.intake/folder-id`) at the end of the run. */
  folderId?: string;
  /** What the share's `.intake/` holds at the end of the run (claim folders, heartbeats, the folder's id). */
  shareEntries: string[];
  /** Per agent: its heartbeat's wall clock minus this process's at join (a station whose clock is off). */
  clockSkewMs: number[];
  /** First file written → every expected file at the platform and the folder empty. */
  ms: number;
  timedOut: boolean;
  /** Each agent's log (stderr, JSON lines), in agent order. */
  logs: string[];
  /** After the killed agent was started again with --once: files at the platform exactly once. */
  /**
   * `resentWithSameKey`: duplicates that are the restarted station sending again, with the same
   * Idempotency-Key, an upload whose answer the kill cut off (a platform that honours the key stores it
   * once; `ignoreKey` platforms store it twice). Any other duplicate is a protocol failure.
   */
  afterRestart?: {
    once: number;
    missing: number;
    duplicates: number;
    resentWithSameKey: number;
    leftInShare: number;
  };
  dir: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await filesUnder(p)));
    else out.push(p);
  }
  return out;
}

/** Several real agents (own processes, own data folders) on one scan folder, against a real sandbox. */
export async function sharedRun(o: SharedRunOptions): Promise<SharedRunResult> {
  const dir = mkdtempSync(join(tmpdir(), 'intake-shared-'));
  const sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
  if (o.latencyMs) sandbox.setFaults({ latencyMs: o.latencyMs });
  if (o.ignoreKey) sandbox.setFaults({ ignoreIdempotencyKey: true });
  const children: Array<ChildProcess | undefined> = [];
  const logs: string[] = [];
  const scans = o.folder ?? join(dir, 'scans');
  try {
    await mkdir(scans, { recursive: true });
    for (const e of await readdir(scans)) await rm(join(scans, e), { recursive: true, force: true });
    const settingsOf = async (i: number) => {
      const file = join(dir, `settings-${i}.json`);
      const folder = { id: 'post', label: 'Post', path: o.pathOf?.(i, scans) ?? scans, autoSubmit: false };
      // A machine-wide file (read as such when given as --settings): its folder locked, the platform from the flags.
      await writeFile(file, JSON.stringify({ version: 1, locked: { folders: [folder] } }));
      return file;
    };
    const watched: string[][] = [];
    for (let i = 0; i < o.agents; i++)
      watched.push(
        o.leftForClerks
          ? ['--settings', await settingsOf(i)]
          : ['--watch', o.pathOf?.(i, scans) ?? scans, '--meta', 'CaseNumber=CLM-2026-000101'],
      );
    const args = (i: number) => [
      AGENT,
      'run',
      ...watched[i]!,
      ...(o.shared === false ? ['--not-shared'] : o.shared === true ? ['--shared'] : []),
      ...(o.shared === false ? [] : ['--lease-seconds', String(o.leaseSeconds)]),
      ...(o.pollMs ? ['--poll', String(o.pollMs)] : []),
      '--data',
      join(dir, `data-${i}`),
      ...sandboxArgs(sandbox),
      '--concurrency',
      String(o.concurrency ?? 2),
      '--log-level',
      'info',
      ...(o.officeDatabase ? ['--office-database', o.officeDatabase] : []),
    ];
    const env = agentEnv(sandbox);
    // The kill and freeze tests hold the signalled station's commits from the signal's time on (its claims stay
    // claimed until the signal lands): on a slow share it would otherwise commit all it held before then.
    const signalled = o.kill?.agent ?? o.freeze?.agent;
    const hold = join(dir, 'hold-commits');
    const envOf = (i: number) => ({
      ...env,
      ...(i === signalled ? { INTAKE_TEST_HOLD_COMMITS: hold } : {}),
      ...o.envOf?.(i),
      ...(o.selfKill?.agent === i ? { INTAKE_TEST_KILL_AFTER_COMMIT: String(o.selfKill.afterCommits) } : {}),
    });
    const exits: Array<Promise<void>> = [];
    for (let i = 0; i < o.agents; i++) {
      const child = spawn(process.execPath, args(i), { env: envOf(i), stdio: ['ignore', 'ignore', 'pipe'] });
      logs[i] = '';
      child.stderr.setEncoding('utf8').on('data', (s: string) => (logs[i] += s));
      children.push(child);
      exits.push(new Promise((r) => child.once('exit', () => r())));
    }
    // Every agent has joined the folder (its heartbeat is there, or its log says it claims through the office
    // database) before the first file arrives.
    const stationsDir = join(scans, '.intake', 'stations');
    const officeClaims = 'joined the office database';
    for (let t = 0; t < (o.shared === false ? 0 : 600); t++) {
      const n = o.officeDatabase
        ? logs.filter((l) => l.includes(officeClaims)).length
        : (await readdir(stationsDir).catch(() => [])).filter((n) => n.endsWith('.json')).length;
      if (n >= o.agents) break;
      await sleep(100);
    }
    const stationOf = async (i: number) => (await readFile(join(dir, `data-${i}`, 'station-id'), 'utf8')).trim();
    const clockSkewMs: number[] = [];
    for (let i = 0; i < (o.shared === false || o.officeDatabase ? 0 : o.agents); i++) {
      const beat = await readFile(join(stationsDir, `${await stationOf(i)}.json`), 'utf8').catch(() => '{}');
      const lastBeat = (JSON.parse(beat) as { lastBeat?: string }).lastBeat;
      clockSkewMs.push(lastBeat ? Date.parse(lastBeat) - Date.now() : NaN);
    }
    const claimedAtSignal = new Set<string>();
    // The signal comes at a moment the station holds claimed files (what the takeover is about). A loaded box
    // (SMB through gvfs, two busy cores) can take longer than any fixed time before it claims one: waited for
    // while the stations still move files, and given up only when they stop moving (then the run's own checks
    // say what was missed).
    const whenClaiming = async (agent: number) => {
      const claimed = join(scans, '.intake', 'claimed', await stationOf(agent));
      const deadline = progressDeadline({ stallMs: 20_000, ceilingMs: 180_000 });
      while ((await filesUnder(claimed)).length === 0) {
        deadline.saw([
          (await readdir(scans)).length,
          (await filesUnder(join(scans, '.intake', 'claimed'))).length,
          (await filesUnder(join(scans, '.intake', 'taken'))).length,
        ]);
        if (deadline.expired()) return;
        await sleep(50);
      }
    };
    const snapshot = async (agent: number) => {
      const claimed = join(scans, '.intake', 'claimed', await stationOf(agent));
      for (const p of await filesUnder(claimed)) claimedAtSignal.add(p.slice(claimed.length + 1));
    };

    const hashes = new Map<string, string>();
    const started = performance.now();
    const writes: Array<Promise<void>> = [];
    const events: Array<Promise<void>> = [];
    if (o.kill) {
      const { agent, atMs } = o.kill;
      events.push(
        sleep(atMs).then(async () => {
          await writeFile(hold, '');
          await whenClaiming(agent);
          o.log?.(`kill -9 agent ${agent}`);
          children[agent]?.kill('SIGKILL');
          await snapshot(agent);
        }),
      );
    }
    if (o.freeze) {
      const { agent, atMs, forMs } = o.freeze;
      events.push(
        sleep(atMs).then(async () => {
          await writeFile(hold, '');
          await whenClaiming(agent);
          o.log?.(`SIGSTOP agent ${agent}`);
          children[agent]?.kill('SIGSTOP');
          await snapshot(agent);
          await sleep(forMs);
          // Resumed, it commits again: what it held was taken over meanwhile, so each commit rename finds nothing.
          await rm(hold, { force: true });
          o.log?.(`SIGCONT agent ${agent}`);
          children[agent]?.kill('SIGCONT');
        }),
      );
    }
    if (o.during) {
      const { afterUploads, run } = o.during;
      events.push(
        (async () => {
          // Waited for by the platform's count (a busy box takes longer to get there), given up only when the
          // stations stop moving.
          await waitForProgress(
            `the run to reach ${afterUploads} uploads`,
            async () => ((await (await fetch(`${sandbox.baseUrl}/__sandbox/uploads`)).json()) as unknown[]).length,
            (stored) => stored >= afterUploads,
            { stallMs: 60_000, ceilingMs: o.timeoutMs },
          );
          o.log?.(`${afterUploads} uploads stored: the run's event`);
          await run(() => [...logs]);
        })(),
      );
    }
    for (let i = 0; i < o.files; i++) {
      const at = (i * o.arrivalMs) / o.files;
      const wait = at - (performance.now() - started);
      if (wait > 0) await sleep(wait);
      const name = `scan_${String(i).padStart(4, '0')}.pdf`;
      const bytes = o.bytesOf?.(i) ?? randomBytes(o.fileBytes ?? 4_000);
      hashes.set(createHash('sha256').update(bytes).digest('hex'), name);
      if (i % 2 === 0) {
        // Scan-to-folder: a temporary name, then the rename.
        writes.push(
          writeFile(join(scans, `${name}.tmp`), bytes).then(() =>
            rename(join(scans, `${name}.tmp`), join(scans, name)),
          ),
        );
      } else {
        // In place, in two bursts with a pause (the stability rules must wait for the second).
        writes.push(
          (async () => {
            const h = await open(join(scans, name), 'w');
            await h.write(bytes, 0, bytes.length >> 1);
            await sleep(300);
            await h.write(bytes, bytes.length >> 1);
            await h.close();
          })(),
        );
      }
    }
    if (o.selfKill) {
      const { agent } = o.selfKill;
      events.push(
        exits[agent]!.then(async () => {
          o.log?.(`agent ${agent} killed itself after a commit: ${children[agent]?.signalCode}`);
          await snapshot(agent);
        }),
      );
    }
    await Promise.all(writes);
    const replaced: string[] = [];
    if (o.replaceWhileClaimed) {
      // A scanner that writes a file of the same name again while a station holds the first version claimed.
      const claimedRoot = join(scans, '.intake', 'claimed');
      for (let t = 0; t < 400 && replaced.length < o.replaceWhileClaimed; t++) {
        for (const p of await filesUnder(claimedRoot)) {
          const name = p.split('/').pop()!;
          if (replaced.length >= o.replaceWhileClaimed || replaced.includes(name)) continue;
          const bytes = randomBytes(o.fileBytes ?? 4_000);
          hashes.set(createHash('sha256').update(bytes).digest('hex'), `${name} (second)`);
          await writeFile(join(scans, `${name}.tmp`), bytes);
          await rename(join(scans, `${name}.tmp`), join(scans, name));
          replaced.push(name);
        }
        if (replaced.length < o.replaceWhileClaimed) await sleep(10);
      }
    }
    await Promise.all(events);
    const killedAgent = o.kill?.agent ?? o.selfKill?.agent;
    const killed = killedAgent !== undefined ? await stationOf(killedAgent) : undefined;
    const takenDir = (s: string) => join(scans, '.intake', 'taken', s);

    const uploads = async () => (await (await fetch(`${sandbox.baseUrl}/__sandbox/uploads`)).json()) as StoredUpload[];
    const countOf = (list: StoredUpload[]) => {
      const counts = new Map<string, number>();
      for (const u of list) counts.set(u.sha256, (counts.get(u.sha256) ?? 0) + 1);
      return counts;
    };
    let timedOut = true;
    let heldByKilled: string[] = [];
    // The run ends when it is done, or when it stopped moving: not at a wall time, which a loaded box misses
    // while the stations are still working through the files (issue #45 item 3).
    const deadline = progressDeadline({ stallMs: o.stallMs ?? 60_000, ceilingMs: o.timeoutMs });
    for (;;) {
      heldByKilled = killed
        ? (await filesUnder(takenDir(killed))).map((p) => p.slice(takenDir(killed).length + 1))
        : [];
      const counts = countOf(await uploads());
      const left = (await readdir(scans)).filter((n) => n !== '.intake');
      const claimed = await filesUnder(join(scans, '.intake', 'claimed'));
      const taken = (await filesUnder(join(scans, '.intake', 'taken'))).filter(
        (p) => !killed || !p.startsWith(takenDir(killed)),
      );
      const expected = [...hashes].filter(([, name]) => !heldByKilled.includes(name));
      if (left.length === 0 && claimed.length === 0 && taken.length === 0 && expected.every(([h]) => counts.has(h))) {
        timedOut = false;
        break;
      }
      deadline.saw([counts.size, left.length, claimed.length, taken.length, heldByKilled.length]);
      const over = deadline.expired();
      if (over) {
        o.log?.(`shared run over: ${over}`);
        console.error(`shared run: ${over}`);
        break;
      }
      await sleep(250);
    }
    const ms = performance.now() - started;
    const folderId = (await readFile(join(scans, '.intake', 'folder-id'), 'utf8').catch(() => '')).trim() || undefined;
    const list = await uploads();
    const counts = countOf(list);
    const missing = [...hashes].filter(([h, name]) => !counts.has(h) && !heldByKilled.includes(name)).map(([, n]) => n);
    const heldByKilledUploaded = [...hashes].filter(([h, name]) => heldByKilled.includes(name) && counts.has(h)).length;
    const result: SharedRunResult = {
      files: o.files,
      once: [...hashes.keys()].filter((h) => counts.get(h) === 1).length,
      missing,
      duplicates: [...counts.values()].reduce((n, c) => n + (c - 1), 0),
      split: [],
      leftInFolder: (await readdir(scans)).filter((n) => n !== '.intake'),
      leftClaimed: await filesUnder(join(scans, '.intake', 'claimed')),
      shareEntries: (await readdir(join(scans, '.intake')).catch(() => [] as string[])).sort(),
      heldByKilled,
      heldByKilledUploaded,
      takenOver: logs
        .join('\n')
        .split('\n')
        .filter((l) => l.includes('took over a claimed file')).length,
      claimedAtSignal: [...claimedAtSignal].sort(),
      replaced,
      uploads: list,
      clockSkewMs,
      ...(folderId ? { folderId } : {}),
      ms,
      timedOut,
      logs,
      dir,
    };
    for (const c of children) if (c && c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    await Promise.all(exits);
    if (o.officeDatabase) {
      // Stations with an office database keep their documents in it (issue #50 item 1): made by each station
      // as the office's rows say (station_id), a station that made none counted as 0.
      const pool = new pg.Pool({ connectionString: o.officeDatabase, max: 1 });
      const { rows } = await pool
        .query<{ n: number }>(
          `SELECT count(*)::int AS n FROM office_documents WHERE state IN ('uploaded', 'archived') GROUP BY station_id`,
        )
        .finally(() => pool.end());
      result.split.push(...rows.map((r) => r.n));
      while (result.split.length < o.agents) result.split.push(0);
    }
    for (let i = 0; i < (o.officeDatabase ? 0 : o.agents); i++) {
      const db = join(dir, `data-${i}`, 'queue.sqlite');
      if (!existsSync(db)) {
        result.split.push(0);
        continue;
      }
      const d = new Database(db, { readonly: true, fileMustExist: true });
      const row = d.prepare("SELECT COUNT(*) AS n FROM documents WHERE state IN ('uploaded', 'archived')").get() as {
        n: number;
      };
      result.split.push(row.n);
      d.close();
    }
    if (killedAgent !== undefined) {
      // Nothing lost: the killed station, started again, finishes what it had committed to.
      const code = await new Promise<number | null>((res) => {
        const child = spawn(process.execPath, [...args(killedAgent), '--once'], { env, stdio: 'ignore' });
        child.once('exit', (c) => res(c));
      });
      o.log?.(`killed agent restarted with --once: exit ${code}`);
      const all = await uploads();
      const again = countOf(all);
      const firstKey = new Map<string, string | null>();
      let resentWithSameKey = 0;
      for (const u of all) {
        if (!firstKey.has(u.sha256)) firstKey.set(u.sha256, u.idempotencyKey);
        else if (u.idempotencyKey !== null && u.idempotencyKey === firstKey.get(u.sha256)) resentWithSameKey++;
      }
      result.afterRestart = {
        once: [...hashes.keys()].filter((h) => again.get(h) === 1).length,
        missing: [...hashes.keys()].filter((h) => !again.has(h)).length,
        duplicates: [...again.values()].reduce((n, c) => n + (c - 1), 0),
        resentWithSameKey,
        leftInShare:
          (await filesUnder(join(scans, '.intake', 'claimed'))).length +
          (await filesUnder(join(scans, '.intake', 'taken'))).length +
          (await readdir(scans)).filter((n) => n !== '.intake').length,
      };
    }
    return result;
  } finally {
    for (const c of children) if (c && c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await sandbox.close();
    if (!process.env.KEEP_SHARED_RUN) await rm(dir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/**
 * SHARED_FOLDER=path[,path…] (scripts/test-smb.mjs): the runs' folder on a share, polled every SHARED_POLL_MS
 * (default 1000). The first path is the scanner's (the run writes the scans through it), the others the
 * stations', one each in turn (each its own mount, so its own SMB session); a single path serves all. A
 * scanner is an SMB client of its own: writing through a station's mount would test that client's handling
 * of one file open for writing and reading at once (gvfsd-fuse fails the writer's next write with ENOTSUP),
 * not the stations. Unset: {}.
 */
export function sharedFolderFromEnv(): Pick<SharedRunOptions, 'folder' | 'pathOf' | 'pollMs'> {
  const paths = (process.env.SHARED_FOLDER ?? '').split(',').filter((p) => p !== '');
  if (paths.length === 0) return {};
  const stations = paths.length > 1 ? paths.slice(1) : paths;
  return {
    folder: paths[0]!,
    pathOf: (i) => stations[i % stations.length]!,
    pollMs: Number(process.env.SHARED_POLL_MS ?? 1_000),
  };
}

/**
 * The agent tests' run (agent-shared, agent-shared-hard): three stations with default settings (every
 * folder claims), a 3 s lease, against a platform that ignores Idempotency-Key, so a file taken twice is two
 * uploads and counted as a duplicate; on SHARED_FOLDER when it is set. `volume`: how many files, how fast.
 */
export function sharedRunBase(volume: Pick<SharedRunOptions, 'files' | 'arrivalMs'>) {
  return {
    agents: 3,
    leaseSeconds: 3,
    timeoutMs: 600_000,
    shared: 'default' as const,
    ignoreKey: true,
    ...volume,
    ...sharedFolderFromEnv(),
  };
}

/**
 * A shared-run test's own bound: the run's ceiling (it ends earlier when done, or after a minute without
 * progress), and the restart of a killed station after it.
 */
export const SHARED_RUN_TEST_TIMEOUT_MS = 600_000 + 120_000;

/** Documents the stations made in all (one per file when each file was taken once). */
export const documentsMade = (split: number[]) => split.reduce((a, b) => a + b, 0);
