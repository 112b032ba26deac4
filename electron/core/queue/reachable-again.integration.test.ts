import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox';
import type { StoredUpload } from '../../../sandbox';
import { DEFAULT_BACKOFF, DEFAULT_PROBE_BACKOFF } from './backoff';
import { makeQueue, waitFor } from './test-support/queue-fixture';
import { sandboxUploader } from './test-support/sandbox-uploader';
import { tempDir } from '../util/test-support/temp-dir';
import { sandboxQueueSuite } from './test-support/sandbox-queue-suite';
import { idleMs } from '../util/test-support/box-pace';

/**
 * Issue #36 item 5: after an outage the queue went on 33 s after the platform was back, because the
 * probe's backoff had grown to a minute. Real sockets against the sandbox, the product's own backoff
 * schedules, and the worst case of their jitter (random = 1).
 */
const t = sandboxQueueSuite();

async function outage(options: { probeBackoff?: { baseMs: number; capMs: number } } = {}) {
  const sbxDir = tempDir('reachable-sbx-');
  const qDir = tempDir('reachable-q-');
  t.sandbox = await startSandbox({ dataDir: sbxDir, port: 0 });
  const { uploader, probe } = await sandboxUploader({
    baseUrl: t.sandbox.baseUrl,
    tokenUrl: t.sandbox.tokenUrl,
    clientId: t.sandbox.demoClient.clientId,
    secret: t.sandbox.demoClient.secret,
  });
  let probes = 0;
  t.fx = await makeQueue(uploader, {
    dir: qDir,
    extra: {
      backoff: DEFAULT_BACKOFF,
      probeBackoff: options.probeBackoff ?? DEFAULT_PROBE_BACKOFF,
      random: () => 1,
      probe: () => {
        probes++;
        return probe();
      },
    },
  });
  await t.fx.queue.start();
  t.sandbox.setFaults({ offline: true });
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const doc = await t.fx.queue.importBytes(`outage ${i}.pdf`, new TextEncoder().encode(`%PDF-1.7 outage ${i}`));
    await t.fx.queue.submit([doc.id], { caseNumber: 'CLM-2026-000101' }, false);
    ids.push(doc.id);
  }
  await waitFor(() => !t.fx!.queue.status().online, 'the queue offline');
  return { ids, probes: () => probes };
}

async function uploads(): Promise<StoredUpload[]> {
  return (await (await fetch(`${t.sandbox!.baseUrl}/__sandbox/uploads`)).json()) as StoredUpload[];
}

describe('after an outage', () => {
  it(
    'queued documents go out within 5 s of the platform answering again, however long it was away',
    async () => {
      const { probes } = await outage();
      // Six failed probes: with the old 60 s cap the next one was 32 s away (33 s in the clerk's walk).
      await waitFor(() => probes() >= 6, 'six probes during the outage', 45_000);
      const status = t.fx!.queue.status();
      expect(status.online).toBe(false);
      // The queue says when it asks again: never more than the probe's cap ahead.
      expect(Date.parse(status.nextTryAt ?? '')).toBeLessThanOrEqual(Date.now() + DEFAULT_PROBE_BACKOFF.capMs);
      t.sandbox!.clearFaults();
      const back = Date.now();
      await waitFor(() => t.fx!.store.counts().archived === 3, 'all three sent', 10_000);
      expect(Date.now() - back).toBeLessThan(5_000);
      expect(await uploads()).toHaveLength(3);
      expect(t.fx!.queue.status().nextTryAt).toBeUndefined();
    },
    idleMs(70_000),
  );

  it('the connection monitor hearing the platform wakes the queue at once, whatever the probe waits for', async () => {
    // A probe schedule far beyond 5 s: only the wake can make it in time.
    await outage({ probeBackoff: { baseMs: 60_000, capMs: 60_000 } });
    t.sandbox!.clearFaults();
    const back = Date.now();
    t.fx!.queue.reachable();
    await waitFor(() => t.fx!.store.counts().archived === 3, 'all three sent', 10_000);
    expect(Date.now() - back).toBeLessThan(5_000);
  });

  it('a document waiting out the backoff of a lost connection is due once the platform answers', async () => {
    await outage();
    t.sandbox!.clearFaults();
    await waitFor(() => t.fx!.store.counts().archived === 3, 'the first three sent', 10_000);
    // A connection reset mid-upload (no HTTP answer) with a long backoff ahead of it.
    t.sandbox!.setFaults({ resetMidUpload: { afterBytes: 0, count: 1 } });
    const doc = await t.fx!.queue.importBytes('reset.pdf', new TextEncoder().encode('%PDF-1.7 reset'));
    await t.fx!.queue.submit([doc.id], { caseNumber: 'CLM-2026-000101' }, false);
    const waiting = await waitFor(async () => {
      const d = await t.fx!.queue.get(doc.id);
      return d.state === 'queued' && d.error && d.nextAttemptAt ? d : undefined;
    }, 'the reset document waiting');
    expect(waiting.error?.status).toBeUndefined();
    // Offline, then reachable again: what it waits for is gone.
    t.sandbox!.setFaults({ offline: true });
    await waitFor(() => !t.fx!.queue.status().online, 'offline');
    t.sandbox!.clearFaults();
    const back = Date.now();
    t.fx!.queue.reachable();
    await waitFor(() => t.fx!.store.counts().archived === 4, 'the reset document sent', 10_000);
    expect(Date.now() - back).toBeLessThan(5_000);
  });
});
