/**
 * A shared scan folder with tens of thousands of scans waiting (issue #45 item 2): one agent alone on it with
 * the platform down, a second agent joining, then the platform back and both draining the folder. Per agent:
 * the peak resident set (VmHWM) and the highest VmRSS per phase, the most open files (/proc/PID/fd), the
 * most files in its claimed/ folder; the time from the second agent's start to its first claim; what each
 * took; the resident set idle after the drain. The sandbox runs as its own process (data on tmpfs); the
 * platform is "down" by its fault switch (API requests reset). Runs the built bundle as installed
 * (bin/intake-agent.mjs with its V8 flags; `npm run build` first).
 *   npx tsx bench/agent-claim-window.ts [--files 30000,100000] [--alone-seconds 60] [--join-seconds 30]
 *     [--drain-seconds 0 (= until drained)] [--idle-seconds 20] [--poll MS (polled, as on a network share)]
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { workDir } from './bench-support';
import { spawnAgent } from './bench-support';
import { sandboxProcess } from './sandbox-process';
import type { BenchSandbox } from './sandbox-process';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '30000,100000' },
    'alone-seconds': { type: 'string', default: '60' },
    'join-seconds': { type: 'string', default: '30' },
    'drain-seconds': { type: 'string', default: '0' },
    'idle-seconds': { type: 'string', default: '20' },
    // The agents poll the folder (a network share's way: chokidar's polling) instead of file events.
    poll: { type: 'string' },
  },
});
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** What one agent did, sampled every 500 ms. */
class Watch {
  peakHwmMb = 0;
  phasePeak = new Map<string, number>();
  mostFds = 0;
  mostClaimed = 0;
  phase = 'start';
  private timer: NodeJS.Timeout;
  station: string | undefined;

  constructor(
    readonly child: ChildProcess,
    private readonly base: string,
  ) {
    this.timer = setInterval(() => void this.sample(), 500);
  }

  private async sample(): Promise<void> {
    const pid = this.child.pid;
    const status = await readFile(`/proc/${pid}/status`, 'utf8').catch(() => '');
    const rss = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    this.peakHwmMb = Math.max(this.peakHwmMb, Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    this.phasePeak.set(this.phase, Math.max(this.phasePeak.get(this.phase) ?? 0, rss));
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    this.mostFds = Math.max(this.mostFds, fds.length);
    if (this.station) {
      const claimed = await countUnder(join(this.base, 'claimed', this.station));
      this.mostClaimed = Math.max(this.mostClaimed, claimed);
    }
  }

  async rssMb(): Promise<number> {
    const status = await readFile(`/proc/${this.child.pid}/status`, 'utf8');
    return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
  }

  async stop(): Promise<number | null> {
    clearInterval(this.timer);
    if (this.child.exitCode !== null) return this.child.exitCode;
    this.child.kill('SIGTERM');
    return new Promise((r) => this.child.once('exit', (code) => r(code)));
  }
}

async function countUnder(dir: string): Promise<number> {
  let n = 0;
  for (const e of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    if (e.isDirectory()) n += await countUnder(join(dir, e.name));
    else if (e.isFile()) n++;
  }
  return n;
}

function start(s: BenchSandbox, folder: string, data: string): ChildProcess {
  const child = spawnAgent(s, ['run', '--watch', folder, '--data', data], {
    after: ['--log-level', 'warn', ...(values.poll ? ['--poll', values.poll] : [])],
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr?.setEncoding('utf8').on('data', (t: string) => {
    // Errors matter here (EMFILE, out of memory): shown as they come.
    for (const line of t.split('\n')) if (/EMFILE|heap out of memory|"level":"error"/.test(line)) console.log(line);
  });
  return child;
}

async function platform(s: BenchSandbox, up: boolean): Promise<void> {
  const url = `${s.baseUrl}/__sandbox/faults`;
  const r = up
    ? await fetch(url, { method: 'DELETE' })
    : await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"offline":true}' });
  if (!r.ok) throw new Error(`faults: ${r.status}`);
}

/** The station folders under `.intake/claimed` and `.intake/taken` (a new one names the joining station). */
async function stationsIn(base: string): Promise<Set<string>> {
  const ids = new Set<string>();
  for (const kind of ['claimed', 'taken']) for (const n of await readdir(join(base, kind)).catch(() => [])) ids.add(n);
  return ids;
}

async function filesIn(folder: string): Promise<number> {
  return (await readdir(folder)).filter((n) => n.endsWith('.pdf')).length;
}

async function run(files: number, s: BenchSandbox, dir: string): Promise<void> {
  const folder = join(dir, `scans-${files}`);
  await mkdir(folder, { recursive: true });
  const body = randomBytes(1024);
  const made = performance.now();
  for (let i = 0; i < files; i++) {
    body.writeUInt32BE(i, 16); // distinct content: the queue notices duplicates
    await writeFile(
      join(folder, `scan-${String(i).padStart(6, '0')}.pdf`),
      Buffer.concat([Buffer.from('%PDF-1.4\n'), body, Buffer.from('\n%%EOF\n')]),
    );
  }
  console.log(`\n${files} files of 1 KB written in ${((performance.now() - made) / 1000).toFixed(0)} s`);
  const base = join(folder, '.intake');
  await platform(s, false);

  // Alone, platform down.
  const a = new Watch(start(s, folder, join(dir, `data-a-${files}`)), base);
  a.phase = 'alone, platform down';
  for (let t = 0; t < 100 && !a.station; t++) {
    a.station = [...(await stationsIn(base))][0];
    if (!a.station) await sleep(100);
  }
  await sleep(Number(values['alone-seconds']) * 1000);
  const leftAlone = await filesIn(folder);
  const takenAlone = await countUnder(join(base, 'taken', a.station ?? '-'));
  console.log(
    `alone ${values['alone-seconds']} s, platform down: ${takenAlone} taken into its queue (${(takenAlone / Number(values['alone-seconds'])).toFixed(0)}/s), ${leftAlone} still in the folder`,
  );

  // A second station joins (platform still down): the time to its first claim.
  const joined = performance.now();
  const b = new Watch(start(s, folder, join(dir, `data-b-${files}`)), base);
  a.phase = b.phase = 'second station joined, platform down';
  let firstClaimS: number | undefined;
  for (let t = 0; t < 1200; t++) {
    const ids = [...(await stationsIn(base))].filter((x) => x !== a.station);
    for (const id of ids)
      if ((await countUnder(join(base, 'claimed', id))) + (await countUnder(join(base, 'taken', id))) > 0) {
        b.station = id;
        firstClaimS = (performance.now() - joined) / 1000;
      }
    if (b.station) break;
    await sleep(100);
  }
  console.log(`second station's first claim: ${firstClaimS?.toFixed(1) ?? 'none within 120'} s after its start`);
  await sleep(Number(values['join-seconds']) * 1000);

  // The platform is back: both drain the folder.
  await platform(s, true);
  a.phase = b.phase = 'draining, platform up';
  const drainStart = performance.now();
  const limit = Number(values['drain-seconds']) * 1000;
  let left: number;
  for (;;) {
    await sleep(2000);
    left = await filesIn(folder);
    for (const id of await stationsIn(base)) {
      left += await countUnder(join(base, 'claimed', id));
      left += await countUnder(join(base, 'taken', id));
    }
    if (left === 0 || (limit > 0 && performance.now() - drainStart > limit)) break;
    const s = Math.round((performance.now() - drainStart) / 1000);
    // A line a minute: a long drain shows how memory goes along the way.
    if (s % 60 < 2)
      console.log(
        `  draining ${s} s: ${files - left} done; RSS A ${(await a.rssMb()).toFixed(0)} MB, B ${(await b.rssMb()).toFixed(0)} MB`,
      );
  }
  const drainS = (performance.now() - drainStart) / 1000;
  console.log(
    left === 0
      ? `drained in ${drainS.toFixed(0)} s (${(files / drainS).toFixed(0)} files/s)`
      : `after ${drainS.toFixed(0)} s of draining ${left} of ${files} still to upload (${((files - left) / drainS).toFixed(0)} files/s)`,
  );
  a.phase = b.phase = 'idle after the drain';
  await sleep(Number(values['idle-seconds']) * 1000);
  const idle = [await a.rssMb(), await b.rssMb()];
  const docs = async (data: string) =>
    (
      JSON.parse(await readFile(join(data, 'status.json'), 'utf8').catch(() => '{}')) as {
        counts?: Record<string, number>;
      }
    ).counts ?? {};
  const [ca, cb] = [await docs(join(dir, `data-a-${files}`)), await docs(join(dir, `data-b-${files}`))];
  const codes = [await a.stop(), await b.stop()];
  const sum = (c: Record<string, number>) => Object.values(c).reduce((x, y) => x + y, 0);
  for (const [name, w, c, idleMb, code] of [
    ['A (alone first)', a, ca, idle[0], codes[0]],
    ['B (joined)', b, cb, idle[1], codes[1]],
  ] as const) {
    const phases = [...w.phasePeak].map(([p, mb]) => `${p} ${mb.toFixed(0)}`).join('; ');
    console.log(
      `${name}: peak RSS (VmHWM) ${w.peakHwmMb.toFixed(0)} MB; highest RSS by phase, MB: ${phases}; idle after ${values['idle-seconds']} s ${idleMb?.toFixed(0)} MB; most open files ${w.mostFds}; most in claimed/ ${w.mostClaimed}; documents ${sum(c)} (${JSON.stringify(c)}); exit ${code}`,
    );
  }
  await rm(folder, { recursive: true, force: true });
}

async function main(): Promise<void> {
  const dir = workDir('claim-window');
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  const sandbox = await sandboxProcess(dir);
  try {
    for (const n of values.files.split(',').map(Number)) await run(n, sandbox, dir);
  } finally {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  }
}

await main();
