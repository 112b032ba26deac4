import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { mkdir, writeFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { Faults, RunningSandbox, StoredUpload } from '../../../sandbox';
import { FolderProfileSchema } from '../../../shared/domain/settings';
import { EventBus } from '../events/event-bus';
import { HotFolderService } from '../intake/hot-folder-service';
import { startConnectionHarness, type ConnectionHarness } from '../platform/test-support/connection-harness';
import { silentLogger } from '../util/logger';
import type { QueueFixture } from './test-support/queue-fixture';
import { makeQueue, waitFor } from './test-support/queue-fixture';

/** The whole pipeline over real sockets: folder → queue → real platform client → sandbox. */
let harness: ConnectionHarness | undefined;
let sandbox: RunningSandbox | undefined;
let fx: QueueFixture | undefined;
let folders: HotFolderService | undefined;
afterEach(async () => {
  await folders?.stop();
  await fx?.close();
  await harness?.stop();
  folders = undefined;
  fx = undefined;
  harness = undefined;
  sandbox = undefined;
});

async function pipeline(options: { maxUploadBytes?: number; faults?: Faults } = {}) {
  harness = await startConnectionHarness(options.maxUploadBytes ? { maxUploadBytes: options.maxUploadBytes } : {});
  sandbox = harness.sandbox;
  const { api } = harness.connect({ timeoutMs: 5_000 });
  const base = sandbox.baseUrl;
  fx = await makeQueue(api, {
    extra: {
      concurrency: 3,
      probe: () =>
        fetch(base, { method: 'HEAD', signal: AbortSignal.timeout(1_000) }).then(
          () => true,
          () => false,
        ),
    },
  });
  await fx.queue.start();
  if (options.faults) sandbox.setFaults(options.faults);
  const scans = join(fx.dir, 'scans');
  await mkdir(scans, { recursive: true });
  folders = new HotFolderService(fx.queue, new EventBus(), silentLogger, {
    stability: { pollMs: 40, stableMs: 300, emptyStableMs: 600, lockedRetryMs: 100 },
    reattachMs: 200,
  });
  await folders.start([
    FolderProfileSchema.parse({
      id: 's',
      label: 'S',
      path: scans,
      autoSubmit: true,
      fileNamePattern: '{ItemId}_*.pdf',
      defaultMetadata: { caseNumber: 'CLM-2026-000101' },
    }),
  ]);
  return { sandbox, fx, scans };
}

async function uploads(): Promise<StoredUpload[]> {
  return (await (await fetch(`${sandbox!.baseUrl}/__sandbox/uploads`)).json()) as StoredUpload[];
}

const sha = (s: string) => createHash('sha256').update(s).digest('hex');

describe('upload pipeline against the sandbox', () => {
  it('every file arrives exactly once through 5xx, 429, resets mid-upload and expired tokens', async () => {
    const { scans } = await pipeline({
      faults: {
        status5xx: { status: 500, count: 3 },
        retryAfter: { status: 429, seconds: 1, count: 2 },
        resetMidUpload: { afterBytes: 2_000, count: 3, afterStore: true },
        expireTokens: true,
      },
    });
    const contents = Array.from({ length: 12 }, (_, i) => `${'%PDF-1.7 '.repeat(600)} file ${i}`);
    await Promise.all(contents.map((c, i) => writeFile(join(scans, `47${i}_scan ${i} ü.pdf`), c)));
    await waitFor(() => fx!.store.counts().archived === 12 && true, '12 archived', 25_000);
    const got = await uploads();
    const bySha = new Map<string, number>();
    for (const u of got) bySha.set(u.sha256, (bySha.get(u.sha256) ?? 0) + 1);
    for (const c of contents) expect(bySha.get(sha(c)), 'each content stored once').toBe(1);
    expect(got).toHaveLength(12);
    expect(got.every((u) => u.idempotencyKey)).toBe(true);
    const one = got.find((u) => u.fileName === '470_scan 0 ü.pdf');
    expect(one?.metadata).toMatchObject({
      itemId: '470',
      caseNumber: 'CLM-2026-000101',
      primaryFileName: '470_scan 0 ü.pdf',
    });
  });

  it('waits while the platform is offline and drains when it is back', async () => {
    const { scans } = await pipeline({ faults: { offline: true } });
    for (let i = 0; i < 3; i++) await writeFile(join(scans, `9${i}_x.pdf`), `offline ${i}`);
    await waitFor(() => fx!.store.counts().queued === 3 && !fx!.queue.status().online, 'queued while offline', 15_000);
    sandbox!.clearFaults();
    await waitFor(() => fx!.store.counts().archived === 3, 'drained', 20_000);
    expect(await uploads()).toHaveLength(3);
  });

  it('a platform that refuses connections (machine down) marks the queue offline; it drains when back', async () => {
    const { scans } = await pipeline({ faults: { offline: 'refuse' } });
    for (let i = 0; i < 3; i++) await writeFile(join(scans, `8${i}_x.pdf`), `refused ${i}`);
    await waitFor(() => fx!.store.counts().queued === 3 && !fx!.queue.status().online, 'queued while refused', 15_000);
    expect(fx!.store.counts().uploaded + fx!.store.counts().archived).toBe(0);
    sandbox!.clearFaults();
    await waitFor(() => fx!.store.counts().archived === 3, 'drained', 20_000);
    expect(await uploads()).toHaveLength(3);
  });

  it('a file larger than the platform accepts fails with the platform message; the others go on', async () => {
    const { scans } = await pipeline({ maxUploadBytes: 10_000 });
    await writeFile(join(scans, '1_big.pdf'), 'x'.repeat(50_000));
    await writeFile(join(scans, '2_small.pdf'), 'small');
    await waitFor(
      () => fx!.store.counts().archived === 1 && fx!.store.counts().failed === 1,
      'one failed, one archived',
      20_000,
    );
    const failed = (await fx!.queue.list({ states: ['failed'], limit: 5, offset: 0 })).documents[0];
    expect(failed?.fileName).toBe('1_big.pdf');
    expect(failed?.error?.retryable).toBe(false);
    expect(failed?.error?.message).toBeTruthy();
    expect((await uploads()).map((u) => u.fileName)).toEqual(['2_small.pdf']);
  });

  it('a case number the platform does not know: failed with the platform message, not retried', async () => {
    const { scans } = await pipeline();
    const [doc] = await Promise.all([
      waitFor(async () => (await fx!.queue.list({ limit: 1, offset: 0 })).documents[0], 'document'),
      writeFile(join(scans, '3_unknown.pdf'), 'who'),
    ]);
    fx!.queue.cancel([doc.id]).catch(() => undefined);
    await waitFor(
      async () =>
        (await fx!.queue.get(doc.id)).state === 'tagged' || (await fx!.queue.get(doc.id)).state === 'archived',
      'settled',
    );
    if ((await fx!.queue.get(doc.id)).state === 'archived') return; // uploaded before the cancel; nothing to check
    await fx!.queue.submit([doc.id], { caseNumber: 'NO-SUCH-CASE' }, false);
    const failed = await waitFor(
      async () => (await fx!.queue.get(doc.id)).state === 'failed' && (await fx!.queue.get(doc.id)),
      'failed',
    );
    expect(failed.error).toMatchObject({ retryable: false, status: 422, platformErrors: [{ type: 'case_not_found' }] });
    await new Promise((r) => setTimeout(r, 300));
    expect(await fx!.queue.get(doc.id)).toMatchObject({ state: 'failed', attempts: failed.attempts });
  });

  it('a 503 with Retry-After: the queue status says busy until then, and not any more once it uploaded', async () => {
    const { scans } = await pipeline({
      faults: { retryAfter: { status: 503, seconds: 1, count: 1, paths: 'digital-inbox' } },
    });
    const before = Date.now();
    await writeFile(join(scans, '5_busy.pdf'), 'busy');
    const busy = await waitFor(() => fx!.queue.status().busyUntil, 'busy', 15_000);
    // Its Retry-After (1 s) from the answer on, and still online: reachable, just not taking uploads.
    expect(Date.parse(busy)).toBeGreaterThanOrEqual(before + 900);
    expect(fx!.queue.status().online).toBe(true);
    await waitFor(() => fx!.store.counts().archived === 1, 'uploaded after the wait', 15_000);
    expect(fx!.queue.status().busyUntil).toBeUndefined();
  });
});
