import { sandboxUploader } from './sandbox-uploader';
import { makeQueue } from './queue-fixture';

/**
 * A station that a test kills -9 (send-grace.kill.test.ts): a queue on `dir` against the sandbox; it
 * imports one document, submits it with a grace of `graceMs`, prints `submitted <id>`, and waits.
 */
const [dir, baseUrl, tokenUrl, clientId, secret, graceMs] = process.argv.slice(2);
if (!dir || !baseUrl || !tokenUrl || !clientId || !secret || !graceMs)
  throw new Error('usage: dir url token id secret ms');
const { uploader, probe } = await sandboxUploader({ baseUrl, tokenUrl, clientId, secret });
const fx = await makeQueue(uploader, { dir, extra: { probe } });
await fx.queue.start();
const doc = await fx.queue.importBytes('grace.pdf', new TextEncoder().encode('%PDF-1.7 in its grace when killed'));
await fx.queue.submit([doc.id], { caseNumber: 'CLM-2026-000101' }, false, Number(graceMs));
process.stdout.write(`submitted ${doc.id}\n`);
setInterval(() => undefined, 60_000);
