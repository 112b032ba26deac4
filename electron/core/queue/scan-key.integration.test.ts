import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { StoredUpload } from '../../../sandbox';
import { scanKeyOf } from '../intake/scan-key';
import { startConnectionHarness, type ConnectionHarness } from '../platform/test-support/connection-harness';
import type { IncomingFile } from '../intake/incoming-file';
import type { QueueFixture } from './test-support/queue-fixture';
import { makeQueue, waitFor } from './test-support/queue-fixture';
import { idleMs } from '../util/test-support/box-pace';

// Issue #28 item 3, the second line of defence: two stations that both took the same scan (the claim is
// there to prevent it) send the same Idempotency-Key, and the platform (the sandbox, over real sockets)
// answers the second with the first one's result instead of storing a copy. Documents sent on purpose keep
// keys of their own (docs/platform-choices.md, "Which key a document gets").
let harness: ConnectionHarness | undefined;
const stations: QueueFixture[] = [];
afterEach(async () => {
  for (const s of stations.splice(0)) await s.close();
  await harness?.stop();
  harness = undefined;
});

/** A station: its own queue, uploading to the one sandbox of the test. */
async function station(h: ConnectionHarness): Promise<QueueFixture> {
  const { api } = h.connect({ timeoutMs: 5_000 });
  const fx = await makeQueue(api);
  await fx.queue.start();
  stations.push(fx);
  return fx;
}

async function uploads(): Promise<StoredUpload[]> {
  return (await (await fetch(`${harness!.sandbox.baseUrl}/__sandbox/uploads`)).json()) as StoredUpload[];
}

const archived = async (fx: QueueFixture) =>
  (await fx.queue.list({ limit: 50, offset: 0 })).documents.filter((d) => d.state === 'archived');

async function scanFile(dir: string, name: string, content: string, autoSubmit = true): Promise<IncomingFile> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, name);
  await writeFile(path, content);
  const { stat } = await import('node:fs/promises');
  const s = await stat(path);
  return {
    sourcePath: path,
    folder: dir,
    fileName: name,
    size: s.size,
    mtimeMs: Math.trunc(s.mtimeMs),
    seenKey: `${dir}\u0000${name}\u0000${s.size}\u0000${Math.trunc(s.mtimeMs)}`,
    metadata: { caseNumber: 'CLM-2026-000101' },
    autoSubmit,
    scan: { folder: 'folder-id-of-the-share', name },
  };
}

describe('the scan key at the platform', () => {
  it(
    'the same scan sent by two stations is stored once; both get the first answer',
    { timeout: idleMs(30_000) },
    async () => {
      harness = await startConnectionHarness();
      const a = await station(harness);
      const b = await station(harness);
      const content = `%PDF-1.7 ${'scan '.repeat(500)}`;
      // Each station has its own copy of the same scan (its own mount path, the same folder id and name).
      await a.queue.ingest(await scanFile(join(a.dir, 'mnt'), 'letter.pdf', content));
      await waitFor(async () => (await archived(a)).length === 1, 'a archived');
      await b.queue.ingest(await scanFile(join(b.dir, 'share'), 'letter.pdf', content));
      await waitFor(async () => (await archived(b)).length === 1, 'b archived');
      const stored = await uploads();
      expect(stored).toHaveLength(1);
      const sha = createHash('sha256').update(content).digest('hex');
      expect(stored[0]?.idempotencyKey).toBe(scanKeyOf('folder-id-of-the-share', 'letter.pdf', sha));
    },
  );

  it(
    'documents sent on purpose keep their own keys: two drops of the same bytes are stored twice',
    { timeout: idleMs(30_000) },
    async () => {
      harness = await startConnectionHarness();
      const a = await station(harness);
      const bytes = new TextEncoder().encode(`%PDF-1.7 ${'dropped '.repeat(300)}`);
      const first = await a.queue.importBytes('dropped.pdf', bytes);
      await a.queue.submit([first.id], { caseNumber: 'CLM-2026-000101' }, false);
      await waitFor(async () => (await archived(a)).length === 1, 'first archived');
      const second = await a.queue.importBytes('dropped.pdf', bytes);
      await a.queue.submit([second.id], { caseNumber: 'CLM-2026-000101' }, true);
      await waitFor(async () => (await archived(a)).length === 2, 'second archived');
      const stored = await uploads();
      expect(stored).toHaveLength(2);
      expect(new Set(stored.map((u) => u.idempotencyKey)).size).toBe(2);
    },
  );

  it(
    'a scan the clerk confirms as a duplicate is sent again under a key of its own',
    { timeout: idleMs(30_000) },
    async () => {
      harness = await startConnectionHarness();
      const a = await station(harness);
      const content = `%PDF-1.7 ${'again '.repeat(300)}`;
      await a.queue.ingest(await scanFile(join(a.dir, 'scans'), 'same.pdf', content));
      await waitFor(async () => (await archived(a)).length === 1, 'first archived');
      // The same name and bytes again (rescanned on purpose): waits in the inbox as a duplicate …
      const again = await a.queue.ingest({
        ...(await scanFile(join(a.dir, 'scans'), 'same.pdf', content)),
        seenKey: 'rescanned',
      });
      expect(again.outcome).toBe('created');
      const doc = (await a.queue.list({ limit: 10, offset: 0 })).documents.find((d) => d.state === 'new');
      expect(doc?.duplicateOf).toBeDefined();
      // … and the clerk's "upload again" stores it a second time.
      await a.queue.submit([doc!.id], undefined, true);
      await waitFor(async () => (await archived(a)).length === 2, 'second archived');
      expect(await uploads()).toHaveLength(2);
    },
  );
});
