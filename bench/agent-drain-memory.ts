/**
 * What an idle agent holds after it drained a burst (issue #29 item 5): `run` over a folder of N small
 * files against the sandbox (its own process, data on tmpfs), until every document is archived; then idle
 * for a while, and its resident set (VmRSS) and V8 heap (from its own metrics endpoint) are read. Then a
 * fresh agent on the same data folder, idle as long, for comparison. Runs the built bundle as installed
 * (bin/intake-agent.mjs with its V8 flags; `npm run build` first).
 *   npx tsx bench/agent-drain-memory.ts [--files 10000] [--idle-seconds 20]
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { workDir } from './bench-support';
import { spawnAgent } from './bench-support';
import { sandboxProcess } from './sandbox-process';
import type { BenchSandbox } from './sandbox-process';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '10000' },
    'idle-seconds': { type: 'string', default: '20' },
    // Diagnosis: after the drained reading, gdb calls glibc's malloc_trim(0) in the agent and it is read again
    // (how much of what it holds is freed memory the allocator kept, not live data).
    'trim-probe': { type: 'boolean', default: false },
    // The platform unreachable: the files are taken into the queue and wait there (a station offline with a
    // backlog); compared with a fresh agent on an empty folder, this is the memory per queued document.
    offline: { type: 'boolean', default: false },
  },
});
const FILES = Number(values.files);
const IDLE_MS = Number(values['idle-seconds']) * 1000;

interface Reading {
  rssMb: number;
  heapUsedMb: number;
  heapTotalMb: number;
  externalMb: number;
}

function start(
  s: Pick<BenchSandbox, 'baseUrl' | 'tokenUrl' | 'demoClient'>,
  folder: string,
  data: string,
): { child: ChildProcess; metricsUrl: Promise<string> } {
  const child = spawnAgent(s, ['run', '--watch', folder, '--data', data], {
    after: ['--metrics-port', '0'],
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let log = '';
  const metricsUrl = new Promise<string>((resolve, reject) => {
    child.stderr?.setEncoding('utf8').on('data', (t: string) => {
      log = (log + t).slice(-20_000);
      const url = /"message":"metrics served".*?"url":"([^"]+)"/.exec(log)?.[1];
      if (url) resolve(url);
    });
    child.once('exit', (code) => reject(new Error(`agent exited ${code}: ${log}`)));
  });
  return { child, metricsUrl };
}

async function reading(pid: number, metricsUrl: string): Promise<Reading> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8');
  const text = await (await fetch(metricsUrl)).text();
  const metric = (name: string) => Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? NaN) / 2 ** 20;
  return {
    rssMb: Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024,
    heapUsedMb: metric('nodejs_heap_size_used_bytes'),
    heapTotalMb: metric('nodejs_heap_size_total_bytes'),
    externalMb: metric('nodejs_external_memory_bytes'),
  };
}

/** Resident memory by kind of mapping (/proc/PID/smaps): where the RSS is, in MB. */
async function rssByMapping(pid: number): Promise<string> {
  const text = await readFile(`/proc/${pid}/smaps`, 'utf8');
  const sums = new Map<string, number>();
  let name = '';
  for (const line of text.split('\n')) {
    const head = /^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/.exec(line);
    if (head) {
      const path = head[1] ?? '';
      name =
        path === ''
          ? 'anonymous'
          : path.startsWith('/')
            ? path.includes('.node') || path.includes('.so')
              ? 'libraries'
              : 'files'
            : path;
      continue;
    }
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss) sums.set(name, (sums.get(name) ?? 0) + Number(rss[1]));
  }
  return [...sums]
    .filter(([, kb]) => kb >= 1024)
    .sort((a, b) => b[1] - a[1])
    .map(([n, kb]) => `${n} ${(kb / 1024).toFixed(0)}`)
    .join(', ');
}

async function stop(child: ChildProcess): Promise<void> {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

const show = (r: Reading) =>
  `RSS ${r.rssMb.toFixed(0)} MB (heap used ${r.heapUsedMb.toFixed(1)} of ${r.heapTotalMb.toFixed(1)} MB, external ${r.externalMb.toFixed(1)} MB)`;

async function main(): Promise<void> {
  const dir = workDir('drain-memory');
  await rm(dir, { recursive: true, force: true });
  const folder = join(dir, 'scans');
  const data = join(dir, 'data');
  await mkdir(folder, { recursive: true });
  const body = randomBytes(1024);
  for (let i = 0; i < FILES; i++) {
    body.writeUInt32BE(i, 16); // distinct content: the queue notices duplicates
    await writeFile(
      join(folder, `scan-${String(i).padStart(5, '0')}.pdf`),
      Buffer.concat([Buffer.from('%PDF-1.4\n'), body, Buffer.from('\n%%EOF\n')]),
    );
  }
  const sandbox = await sandboxProcess(dir);
  if (values.offline) {
    try {
      await offlineBacklog(dir, folder, data, sandbox);
    } finally {
      await sandbox.close();
      await rm(dir, { recursive: true, force: true });
    }
    return;
  }
  try {
    const started = performance.now();
    const busy = start(sandbox, folder, data);
    const url = await busy.metricsUrl;
    const fresh0 = await reading(busy.child.pid!, url);
    for (;;) {
      await new Promise((r) => setTimeout(r, 1000));
      const status = JSON.parse(await readFile(join(data, 'status.json'), 'utf8').catch(() => '{}')) as {
        counts?: Record<string, number>;
      };
      const c = status.counts ?? {};
      const done = (c['archived'] ?? 0) + (c['uploaded'] ?? 0);
      if (done >= FILES && (c['queued'] ?? 0) + (c['uploading'] ?? 0) + (c['new'] ?? 0) === 0) break;
    }
    const drainedIn = (performance.now() - started) / 1000;
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const drained = await reading(busy.child.pid!, url);
    const drainedMaps = await rssByMapping(busy.child.pid!);
    if (values['trim-probe']) {
      const { execFileSync } = await import('node:child_process');
      execFileSync('gdb', ['-p', String(busy.child.pid), '-batch', '-ex', 'call (int)malloc_trim(0)'], {
        stdio: 'ignore',
      });
      console.log(
        `after malloc_trim(0) in the drained agent: ${show(await reading(busy.child.pid!, url))}; ${await rssByMapping(busy.child.pid!)}`,
      );
    }
    await stop(busy.child);

    const again = start(sandbox, folder, data);
    const url2 = await again.metricsUrl;
    await new Promise((r) => setTimeout(r, IDLE_MS));
    const fresh = await reading(again.child.pid!, url2);
    const freshMaps = await rssByMapping(again.child.pid!);
    await stop(again.child);

    console.log(`RSS by mapping, MB: after the drain: ${drainedMaps}; fresh: ${freshMaps}`);
    const perDoc = ((drained.rssMb - fresh.rssMb) * 1024) / FILES;
    console.log(
      `files: ${FILES} of 1 KB, drained in ${drainedIn.toFixed(0)} s, idle ${IDLE_MS / 1000} s before each reading`,
    );
    console.log(`at start (empty queue):          ${show(fresh0)}`);
    console.log(`idle after the drain:            ${show(drained)}`);
    console.log(`fresh start on the drained folder: ${show(fresh)}`);
    console.log(
      `held after the drain: ${(drained.rssMb - fresh.rssMb).toFixed(0)} MB (${perDoc.toFixed(1)} KB per document)`,
    );
  } finally {
    await sandbox.close();
    await rm(dir, { recursive: true, force: true });
  }
}

/** A port that was free a moment ago: connections to it are refused. */
async function closedPort(): Promise<number> {
  const { createServer } = await import('node:net');
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

async function offlineBacklog(dir: string, folder: string, data: string, sandbox: BenchSandbox): Promise<void> {
  const url = `http://127.0.0.1:${await closedPort()}`;
  const offline = { ...sandbox, baseUrl: url, tokenUrl: url };
  const empty = join(dir, 'empty-scans');
  await mkdir(empty, { recursive: true });
  const base = start(offline, empty, join(dir, 'empty-data'));
  const baseUrl = await base.metricsUrl;
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const fresh = await reading(base.child.pid!, baseUrl);
  await stop(base.child);

  const started = performance.now();
  const busy = start(offline, folder, data);
  const metrics = await busy.metricsUrl;
  for (;;) {
    await new Promise((r) => setTimeout(r, 1000));
    const status = JSON.parse(await readFile(join(data, 'status.json'), 'utf8').catch(() => '{}')) as {
      counts?: Record<string, number>;
    };
    if ((status.counts?.['queued'] ?? 0) >= FILES) break;
  }
  const queuedIn = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const backlog = await reading(busy.child.pid!, metrics);
  const maps = await rssByMapping(busy.child.pid!);
  await stop(busy.child);
  console.log(
    `platform unreachable: ${FILES} files queued in ${queuedIn.toFixed(0)} s, idle ${IDLE_MS / 1000} s before each reading`,
  );
  console.log(`fresh agent, empty queue:   ${show(fresh)}`);
  console.log(`${FILES} documents queued:  ${show(backlog)}; by mapping, MB: ${maps}`);
  const per = (mb: number) => ((mb * 1024) / FILES).toFixed(1);
  console.log(
    `per queued document: RSS ${per(backlog.rssMb - fresh.rssMb)} KB, JS heap used ${per(backlog.heapUsedMb - fresh.heapUsedMb)} KB`,
  );
}

await main();
