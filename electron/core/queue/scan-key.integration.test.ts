import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { Environment } from '../../../shared/domain/settings';
import { startSandbox } from '../../../sandbox';
import type { RunningSandbox, StoredUpload } from '../../../sandbox';
import { scanKeyOf } from '../intake/scan-key';
import { createPlatformClient } from '../platform/create-platform-client';
import { MemorySecretStore } from '../platform/test-support/connection-harness';
import { CredentialStore } from '../secrets/credential-store';
import { LOCAL_SANDBOX_ENVIRONMENT } from '../settings/default-environment';
import { systemClock } from '../util/clock';
import { silentLogger } from '../util/logger';
import type { IncomingFile } from '../intake/incoming-file';
import type { QueueFixture } from './test-support/queue-fixture';
import { makeQueue, waitFor } from './test-support/queue-fixture';
import { tempDir } from '../util/test-support/temp-dir';

// Issue #28 item 3, the second line of defence: two stations that both took the same scan (the claim is
// there to prevent it) send the same Idempotency-Key, and the platform (the sandbox, over real sockets)
// answers the second with the first one's result instead of storing a copy. Documents sent on purpose keep
// keys of their own (docs/platform-choices.md, "Which key a document gets").
let sandbox: RunningSandbox | undefined;
const stations: QueueFixture[] = [];
afterEach(async () => {
  for (const s of stations.splice(0)) await s.close();
  await sandbox?.close();
  sandbox = undefined;
});

async function station(sbx: RunningSandbox): Promise<QueueFixture> {
  const environment: Environment = {
    ...LOCAL_SANDBOX_ENVIRONMENT,
    baseUrl: sbx.baseUrl,
    tokenUrl: sbx.tokenUrl,
    clientId: sbx.demoClient.clientId,
    scopes: ['case_integration'],
  };
  const credentials = new CredentialStore(new MemorySecretStore(), silentLogger);
  await credentials.setClientSecret(
    { environmentId: environment.id, clientId: environment.clientId, tokenUrl: environment.tokenUrl },
    sbx.demoClient.secret,
  );
  const { api } = createPlatformClient({
    environment,
    credentials,
    fetch: (u, i) => fetch(u, i),
    clock: systemClock,
    logger: silentLogger,
    timeoutMs: 5_000,
  });
  const fx = await makeQueue(api);
  await fx.queue.start();
  stations.push(fx);
  return fx;
}

async function uploads(): Promise<StoredUpload[]> {
  return (await (await fetch(`${sandbox!.baseUrl}/__sandbox/uploads`)).json()) as StoredUpload[];
}

const archived = (fx: QueueFixture) =>
  fx.queue.list({ limit: 50, offset: 0 }).documents.filter((d) => d.state === 'archived');

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
  it('the same scan sent by two stations is stored once; both get the first answer', { timeout: 30_000 }, async () => {
    sandbox = await startSandbox({ dataDir: tempDir('scan-key-sbx-'), port: 0 });
    const a = await station(sandbox);
    const b = await station(sandbox);
    const content = `%PDF-1.7 ${'scan '.repeat(500)}`;
    // Each station has its own copy of the same scan (its own mount path, the same folder id and name).
    await a.queue.ingest(await scanFile(join(a.dir, 'mnt'), 'letter.pdf', content));
    await waitFor(() => archived(a).length === 1, 'a archived');
    await b.queue.ingest(await scanFile(join(b.dir, 'share'), 'letter.pdf', content));
    await waitFor(() => archived(b).length === 1, 'b archived');
    const stored = await uploads();
    expect(stored).toHaveLength(1);
    const sha = createHash('sha256').update(content).digest('hex');
    expect(stored[0]?.idempotencyKey).toBe(scanKeyOf('folder-id-of-the-share', 'letter.pdf', sha));
  });

  it(
    'documents sent on purpose keep their own keys: two drops of the same bytes are stored twice',
    { timeout: 30_000 },
    async () => {
      sandbox = await startSandbox({ dataDir: tempDir('scan-key-sbx-'), port: 0 });
      const a = await station(sandbox);
      const bytes = new TextEncoder().encode(`%PDF-1.7 ${'dropped '.repeat(300)}`);
      const first = await a.queue.importBytes('dropped.pdf', bytes);
      a.queue.submit([first.id], { caseNumber: 'CLM-2026-000101' }, false);
      await waitFor(() => archived(a).length === 1, 'first archived');
      const second = await a.queue.importBytes('dropped.pdf', bytes);
      a.queue.submit([second.id], { caseNumber: 'CLM-2026-000101' }, true);
      await waitFor(() => archived(a).length === 2, 'second archived');
      const stored = await uploads();
      expect(stored).toHaveLength(2);
      expect(new Set(stored.map((u) => u.idempotencyKey)).size).toBe(2);
    },
  );

  it('a scan the clerk confirms as a duplicate is sent again under a key of its own', { timeout: 30_000 }, async () => {
    sandbox = await startSandbox({ dataDir: tempDir('scan-key-sbx-'), port: 0 });
    const a = await station(sandbox);
    const content = `%PDF-1.7 ${'again '.repeat(300)}`;
    await a.queue.ingest(await scanFile(join(a.dir, 'scans'), 'same.pdf', content));
    await waitFor(() => archived(a).length === 1, 'first archived');
    // The same name and bytes again (rescanned on purpose): waits in the inbox as a duplicate …
    const again = await a.queue.ingest({
      ...(await scanFile(join(a.dir, 'scans'), 'same.pdf', content)),
      seenKey: 'rescanned',
    });
    expect(again.outcome).toBe('created');
    const doc = a.queue.list({ limit: 10, offset: 0 }).documents.find((d) => d.state === 'new');
    expect(doc?.duplicateOf).toBeDefined();
    // … and the clerk's "upload again" stores it a second time.
    a.queue.submit([doc!.id], undefined, true);
    await waitFor(() => archived(a).length === 2, 'second archived');
    expect(await uploads()).toHaveLength(2);
  });
});
