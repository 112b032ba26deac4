/** One file uploaded N times in a row: the client's upload call vs curl's, same sandbox process (diagnostic). */
import { randomBytes } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { curlToken, curlUploadWithToken, uploaderFor, workDir } from './bench-support';
import { sandboxProcess } from './sandbox-process';

const [count = 30, kb = 1024] = process.argv.slice(2).map(Number);
const dir = workDir('latency');
const sandbox = await sandboxProcess(dir);
const file = join(dir, 'one.pdf');
await writeFile(file, randomBytes(kb * 1024));
const api = uploaderFor(sandbox);
const upload = () =>
  api.uploadToInbox({
    filePath: file,
    fileName: 'one.pdf',
    contentType: 'application/pdf',
    size: kb * 1024,
    metadata: { caseNumber: 'CLM-2026-000101' },
    signal: new AbortController().signal,
    onProgress: () => undefined,
  });
await upload();
let t = performance.now();
for (let i = 0; i < count; i++) await upload();
console.log(`client uploadToInbox: ${((performance.now() - t) / count).toFixed(1)} ms per ${kb} KB upload`);
const accessToken = await curlToken(sandbox);
t = performance.now();
for (let i = 0; i < count; i++) await curlUploadWithToken(sandbox, accessToken, file, `latency-${i}.pdf`);
console.log(
  `curl upload only (process start included): ${((performance.now() - t) / count).toFixed(1)} ms per ${kb} KB upload`,
);
await sandbox.close();
await rm(dir, { recursive: true, force: true });
process.exit(0);
