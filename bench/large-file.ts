/** One large file: agent MB/s vs one curl upload, and the agent's peak RSS. npx tsx bench/large-file.ts [--quick] */
import { spawn } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { Figure } from './bench-support';
import { curlUpload, printFigures, sandboxFor, workDir } from './bench-support';

const AGENT = resolve(import.meta.dirname, '../bin/intake-agent.mjs');

async function makeFile(path: string, bytes: number): Promise<void> {
  const out = createWriteStream(path);
  const chunk = randomBytes(1 << 20);
  for (let w = 0; w < bytes; w += chunk.length) if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
  await new Promise<void>((r) => out.end(() => r()));
}

/** Runs `intake-agent upload FILE` and samples VmHWM (peak resident set) until it exits. */
async function agentUpload(
  dir: string,
  file: string,
  s: { baseUrl: string; tokenUrl: string; clientId: string; secret: string },
): Promise<{ seconds: number; peakMb: number; code: number | null }> {
  const t = performance.now();
  const child = spawn(
    process.execPath,
    [
      AGENT,
      'upload',
      file,
      '--data',
      join(dir, `data-${Date.now()}`),
      '--base-url',
      s.baseUrl,
      '--token-url',
      s.tokenUrl,
      '--client-id',
      s.clientId,
      '--meta',
      'CaseNumber=CLM-2026-000101',
      '--log-level',
      'warn',
    ],
    {
      env: { ...process.env, INTAKE_CLIENT_SECRET: s.secret },
      stdio: 'ignore',
    },
  );
  let peakKb = 0;
  const sample = setInterval(async () => {
    const status = await readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '');
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0);
    if (kb > peakKb) peakKb = kb;
  }, 100);
  const code = await new Promise<number | null>((r) => child.once('exit', r));
  clearInterval(sample);
  return { seconds: (performance.now() - t) / 1000, peakMb: peakKb / 1024, code };
}

export async function largeFileBench(quick: boolean): Promise<Figure[]> {
  const dir = workDir('large');
  const sandbox = await sandboxFor(dir);
  const s = {
    baseUrl: sandbox.baseUrl,
    tokenUrl: sandbox.tokenUrl,
    clientId: sandbox.demoClient.clientId,
    secret: sandbox.demoClient.secret,
  };
  const figures: Figure[] = [];
  const cmd = `npx tsx bench/large-file.ts${quick ? ' --quick' : ''}`;
  try {
    const sizes = quick ? [20, 100] : [100, 1024];
    const peaks: number[] = [];
    for (const mb of sizes) {
      const file = join(dir, `big-${mb}.pdf`);
      await makeFile(file, mb << 20);
      let t = performance.now();
      await curlUpload(sandbox, file, `big-${mb}.pdf`);
      const curlMbs = mb / ((performance.now() - t) / 1000);
      const agent = await agentUpload(dir, file, s);
      const agentMbs = mb / agent.seconds;
      peaks.push(agent.peakMb);
      t = performance.now();
      figures.push({
        figure: `${mb} MB upload, agent (whole command: start, spool copy + hash, upload) vs one curl`,
        target: '≥ 0.8× curl',
        result: `${agentMbs.toFixed(0)} MB/s vs ${curlMbs.toFixed(0)} MB/s = ${(agentMbs / curlMbs).toFixed(2)}× (exit ${agent.code})`,
        ok: agentMbs / curlMbs >= 0.8 && agent.code === 0,
        command: cmd,
      });
      figures.push({
        figure: `agent peak RSS, ${mb} MB file`,
        target: '< 200 MB',
        result: `${agent.peakMb.toFixed(0)} MB`,
        ok: agent.peakMb < 200,
        command: cmd,
      });
    }
    const [a = 0, b = 0] = peaks;
    figures.push({
      figure: `peak RSS flat: ${sizes[0]} MB vs ${sizes[1]} MB`,
      target: 'within 20 %',
      result: `${a.toFixed(0)} vs ${b.toFixed(0)} MB`,
      ok: b <= a * 1.2,
      command: cmd,
    });
  } finally {
    await sandbox.close();
  }
  return figures;
}

if (import.meta.url === `file://${process.argv[1]}`)
  printFigures(await largeFileBench(process.argv.includes('--quick')));
