/**
 * Start-up time of the headless agent: from spawn to its "agent started" log line, for the built bundle
 * (what an installed agent runs) against the same agent through tsx (how it ran before) and a bare Node
 * start as the floor. Medians of N runs, interleaved. npx tsx bench/agent-startup.ts [--quick]
 * Needs `npm run build` first (out/main/agent.js).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Figure } from './bench-support';
import { percentile, printFigures, workDir } from './bench-support';

const root = resolve(import.meta.dirname, '..');
const agentArgs = (data: string) => [
  'run',
  '--data',
  data,
  // A closed loopback port: start-up must not wait for the platform.
  '--base-url',
  'http://127.0.0.1:9',
  '--token-url',
  'http://127.0.0.1:9',
  '--client-id',
  'bench',
];

/** Milliseconds from spawn until a stderr line contains `marker` (or the process exits, for the floor). */
function timeUntil(command: string, args: string[], marker: string | undefined): Promise<number> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(command, args, {
      cwd: root,
      env: { ...process.env, INTAKE_CLIENT_SECRET: 'bench-secret' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let err = '';
    child.stderr.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      if (marker && err.includes(marker)) {
        const ms = performance.now() - started;
        child.kill('SIGKILL');
        done(ms);
      }
    });
    child.on('exit', (code) => {
      if (!marker) done(performance.now() - started);
      else if (!err.includes(marker)) fail(new Error(`exited ${code} before "${marker}": ${err.slice(-500)}`));
    });
  });
}

export async function agentStartupBench(quick: boolean): Promise<Figure[]> {
  if (!existsSync(join(root, 'out/main/agent.js'))) throw new Error('run `npm run build` first');
  const dir = workDir('startup');
  const runs = quick ? 5 : 15;
  const times = { floor: [] as number[], first: [] as number[], restart: [] as number[], tsx: [] as number[] };
  const kept = join(dir, 'kept');
  await mkdir(kept, { recursive: true });
  // The kept data folder exists before the timed restarts, as on a station (a service restart).
  await timeUntil(process.execPath, ['bin/intake-agent.mjs', ...agentArgs(kept)], 'agent started');
  for (let i = 0; i < runs; i++) {
    const data = join(dir, `data-${i}`);
    await mkdir(data, { recursive: true });
    times.floor.push(await timeUntil(process.execPath, ['-e', '0'], undefined));
    times.first.push(await timeUntil(process.execPath, ['bin/intake-agent.mjs', ...agentArgs(data)], 'agent started'));
    times.restart.push(
      await timeUntil(process.execPath, ['bin/intake-agent.mjs', ...agentArgs(kept)], 'agent started'),
    );
    await rm(data, { recursive: true, force: true });
    await mkdir(data, { recursive: true });
    times.tsx.push(
      await timeUntil(
        process.execPath,
        ['--import', 'tsx', 'electron/cli/agent.ts', ...agentArgs(data)],
        'agent started',
      ),
    );
  }
  await rm(dir, { recursive: true, force: true });
  const median = (v: number[]) => percentile(v, 50);
  const restart = median(times.restart);
  const first = median(times.first);
  const floor = median(times.floor);
  const command = `npx tsx bench/agent-startup.ts${quick ? ' --quick' : ''}`;
  return [
    {
      figure: 'agent start → "agent started", built bundle, restart on its data folder (median)',
      target: '≤ 300 ms',
      result: `${restart.toFixed(0)} ms (first start on a new folder ${first.toFixed(0)} ms; Node alone ${floor.toFixed(0)} ms; through tsx ${median(times.tsx).toFixed(0)} ms; ${runs} runs each)`,
      ok: restart <= 300,
      command,
    },
  ];
}

if (import.meta.url === `file://${process.argv[1]}`)
  printFigures(await agentStartupBench(process.argv.includes('--quick')));
