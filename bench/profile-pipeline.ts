/**
 * Where the pipeline's time goes, from the history table of one run (not a target figure).
 * npx tsx bench/profile-pipeline.ts [count] [kb] [concurrency]; add --cpu-prof to node for a CPU profile.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { makeScanPdf } from '../electron/core/samples/sample-scans';
import { percentile, pipelineFor, uploaderFor, workDir } from './bench-support';
import { sandboxProcess, threadCpuMs, threadCpuPer } from './sandbox-process';

const [count = 200, kb = 1024, concurrency = 4] = process.argv.slice(2).map(Number);
const dir = workDir('profile');
const sandbox = await sandboxProcess(dir);
const scans = join(dir, 'scans');
await mkdir(scans, { recursive: true });
for (let i = 0; i < count; i++) await writeFile(join(scans, `scan_${i}.pdf`), makeScanPdf(kb * 1024));

// PROFILE_OUT=file.cpuprofile: a CPU profile of this process from pipeline start to the last archived
// (the set-up above is left out, unlike with --cpu-prof).
const profiler = process.env['PROFILE_OUT'] ? new Session() : undefined;
if (profiler) {
  profiler.connect();
  await profiler.post('Profiler.enable');
  await profiler.post('Profiler.start');
}
let gcMs = 0;
let gcCount = 0;
const gcObserver = new PerformanceObserver((list) => {
  for (const e of list.getEntries()) {
    gcMs += e.duration;
    gcCount++;
  }
});
gcObserver.observe({ entryTypes: ['gc'] });
const serverCpu0 = await sandbox.cpuMs!();
const serverThreads0 = await sandbox.threadCpuMs!();
const threads0 = await threadCpuMs(process.pid);
const cpu0 = process.cpuUsage();
const t0 = Date.now();
const pipeline = await pipelineFor(dir, scans, uploaderFor(sandbox), { concurrency });
await pipeline.start();
// The counts read each time (freshStatus), not status()'s snapshot, which may be up to 250 ms old.
while ((await pipeline.queue.freshStatus()).counts.archived !== count) await new Promise((r) => setTimeout(r, 20));
const total = Date.now() - t0;
const cpu = process.cpuUsage(cpu0);
gcObserver.disconnect();
const serverCpu = (await sandbox.cpuMs!()) - serverCpu0;
const serverThreads = threadCpuPer(serverThreads0, await sandbox.threadCpuMs!(), count);
const threads = threadCpuPer(threads0, await threadCpuMs(process.pid), count);
if (profiler) {
  const { profile } = await profiler.post('Profiler.stop');
  await writeFile(process.env['PROFILE_OUT']!, JSON.stringify(profile));
}

const rows = pipeline.db
  .prepare<[], { document_id: string; state: string; at: string }>('SELECT document_id, state, at FROM history')
  .all();
const byDoc = new Map<string, Record<string, number>>();
for (const r of rows) {
  const d = byDoc.get(r.document_id) ?? {};
  d[r.state] = Date.parse(r.at);
  byDoc.set(r.document_id, d);
}
const docs = [...byDoc.values()];
const field = (s: string) => docs.map((d) => d[s] ?? NaN);
const arrived = field('queued');
const span = (from: string, to: string) => docs.map((d) => (d[to] ?? NaN) - (d[from] ?? NaN));
const ms = (v: number) => `${v.toFixed(0)} ms`;
const stats = (name: string, v: number[]) =>
  console.log(
    `${name.padEnd(34)} p50 ${ms(percentile(v, 50))}  p95 ${ms(percentile(v, 95))}  max ${ms(Math.max(...v))}`,
  );

console.log(
  `${count} × ${kb} KB, upload concurrency ${concurrency}: ${total} ms = ${((count * 1000) / total).toFixed(1)} docs/s`,
);
console.log(
  `CPU per document: pipeline ${((cpu.user + cpu.system) / 1000 / count).toFixed(1)} ms (user ${(cpu.user / 1000 / count).toFixed(1)}), sandbox ${(serverCpu / count).toFixed(1)} ms; 2 cores = ${((2 * total) / count).toFixed(1)} ms per document; pipeline GC ${gcCount}× ${gcMs.toFixed(0)} ms`,
);
console.log(`  by thread, ms per document: pipeline ${threads}; sandbox ${serverThreads}`);
console.log(
  `first arrival (stability wait + copy) ${ms(Math.min(...arrived) - t0)}, last arrival ${ms(Math.max(...arrived) - t0)}`,
);
console.log(
  `first upload start ${ms(Math.min(...field('uploading')) - t0)}, last archived ${ms(Math.max(...field('archived')) - t0)}`,
);
stats('queued → uploading (wait for slot)', span('queued', 'uploading'));
stats('uploading → uploaded (HTTP)', span('uploading', 'uploaded'));
stats('uploaded → archived', span('uploaded', 'archived'));
await pipeline.stop();
await sandbox.close();
await rm(dir, { recursive: true, force: true });
process.exit(0);
