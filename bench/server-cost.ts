/**
 * The sandbox's CPU per upload (diagnostic, not a target figure): N uploads of one file by the platform
 * client, `concurrency` at a time, and the CPU time the sandbox process used for them, by thread.
 * npx tsx bench/server-cost.ts [count] [kb] [concurrency]
 */
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { makeScanPdf } from '../electron/core/samples/sample-scans';
import { uploaderFor, workDir } from './bench-support';
import { sandboxProcess, threadCpuPer } from './sandbox-process';

const [count = 100, kb = 1024, concurrency = 1] = process.argv.slice(2).map(Number);
const dir = workDir('server-cost');
const sandbox = await sandboxProcess(dir);
const file = join(dir, 'scan.pdf');
const content = makeScanPdf(kb * 1024);
await writeFile(file, content);
const api = uploaderFor(sandbox);
const upload = (i: number) =>
  api.uploadToInbox({
    filePath: file,
    fileName: `scan_${i}.pdf`,
    contentType: 'application/pdf',
    size: content.length,
    metadata: { caseNumber: 'CLM-2026-000101' },
    signal: new AbortController().signal,
    onProgress: () => undefined,
  });
for (let i = 0; i < 10; i++) await upload(i); // warm-up
const server0 = await sandbox.cpuMs!();
const threads0 = await sandbox.threadCpuMs!();
const client0 = process.cpuUsage();
const t = performance.now();
let next = 0;
const lane = async () => {
  while (next < count) await upload(next++);
};
await Promise.all(Array.from({ length: concurrency }, lane));
const wall = (performance.now() - t) / count;
const client = process.cpuUsage(client0);
const server = ((await sandbox.cpuMs!()) - server0) / count;
const threads = threadCpuPer(threads0, await sandbox.threadCpuMs!(), count);
console.log(
  `${count} × ${kb} KB, ${concurrency} at a time: ${wall.toFixed(1)} ms per upload; CPU per upload: sandbox ${server.toFixed(1)} ms (${threads}), client ${((client.user + client.system) / 1000 / count).toFixed(1)} ms`,
);
await sandbox.close();
await rm(dir, { recursive: true, force: true });
process.exit(0);
