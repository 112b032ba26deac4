import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox';
import type { StoredUpload } from '../../../sandbox';
import type { SandboxAccess } from './test-support/sandbox-uploader';
import { sandboxUploader } from './test-support/sandbox-uploader';
import type { QueueFixture } from './test-support/queue-fixture';
import { makeQueue, waitFor } from './test-support/queue-fixture';
import { tempDir } from '../util/test-support/temp-dir';
import { sandboxQueueSuite } from './test-support/sandbox-queue-suite';

/**
 * Issue #36 item 9: the clerk's submit waits a grace before the upload leaves, so a slip can be taken
 * back. Real sockets against the sandbox; the kill test kills a real process -9 inside the grace.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const CHILD = join(import.meta.dirname, 'test-support/grace-child.ts');

const t = sandboxQueueSuite();

async function started(): Promise<SandboxAccess> {
  t.sandbox = await startSandbox({ dataDir: tempDir('grace-sbx-'), port: 0 });
  return {
    baseUrl: t.sandbox.baseUrl,
    tokenUrl: t.sandbox.tokenUrl,
    clientId: t.sandbox.demoClient.clientId,
    secret: t.sandbox.demoClient.secret,
  };
}

async function queueOn(access: SandboxAccess, dir?: string): Promise<QueueFixture> {
  const { uploader, probe } = await sandboxUploader(access);
  t.fx = await makeQueue(uploader, { dir: dir ?? tempDir('grace-q-'), extra: { probe } });
  await t.fx.queue.start();
  return t.fx;
}

async function uploads(): Promise<StoredUpload[]> {
  return (await (await fetch(`${t.sandbox!.baseUrl}/__sandbox/uploads`)).json()) as StoredUpload[];
}

const bytes = (s: string) => new TextEncoder().encode(`%PDF-1.7 ${s}`);
const CASE = { caseNumber: 'CLM-2026-000101' };

describe('the send grace', () => {
  it('a submitted document waits its grace, then goes out once by itself', async () => {
    const q = await queueOn(await started());
    const doc = await q.queue.importBytes('later.pdf', bytes('later'));
    const submittedAt = Date.now();
    const [queued] = await q.queue.submit([doc.id], CASE, false, 1_500);
    expect(queued?.state).toBe('queued');
    expect(Date.parse(queued?.nextAttemptAt ?? '')).toBeGreaterThanOrEqual(submittedAt + 1_400);
    await waitFor(() => q.store.counts().archived === 1, 'sent after the grace');
    expect(Date.now() - submittedAt).toBeGreaterThanOrEqual(1_400);
    expect((await uploads()).map((u) => u.fileName)).toEqual(['later.pdf']);
  });

  it('undone within the grace: back to tagged, never sent', async () => {
    const q = await queueOn(await started());
    const slip = await q.queue.importBytes('slip.pdf', bytes('slip'));
    await q.queue.submit([slip.id], CASE, false, 400);
    const [back] = await q.queue.cancel([slip.id]);
    expect(back?.state).toBe('tagged');
    // A document submitted after the slip's grace had run out has gone out: the slip did not.
    const later = await q.queue.importBytes('other.pdf', bytes('other'));
    const past = Date.parse((await q.queue.get(later.id)).arrivedAt) + 500;
    await waitFor(() => Date.now() > past, 'the slip’s grace over');
    await q.queue.submit([later.id], CASE, false, 0);
    await waitFor(() => q.store.counts().archived === 1, 'the other one sent');
    expect((await uploads()).map((u) => u.fileName)).toEqual(['other.pdf']);
    expect((await q.queue.get(slip.id)).state).toBe('tagged');
  });

  it('submitted again inside its grace (Ctrl+Enter twice) it goes out at once', async () => {
    const q = await queueOn(await started());
    const doc = await q.queue.importBytes('now.pdf', bytes('now'));
    await q.queue.submit([doc.id], CASE, false, 60_000);
    const [again] = await q.queue.submit([doc.id], undefined, false, 60_000);
    expect(again?.nextAttemptAt).toBeUndefined();
    await waitFor(() => q.store.counts().archived === 1, 'sent at once', 10_000);
    expect(await uploads()).toHaveLength(1);
  });

  it('killed -9 inside the grace: still queued after the restart, then sent exactly once', async () => {
    const access = await started();
    const dir = tempDir('grace-kill-');
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', CHILD, dir, access.baseUrl, access.tokenUrl, access.clientId, access.secret, '2000'],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stderr.resume();
    const exited = new Promise<void>((done) => child.on('exit', () => done()));
    const id = await new Promise<string>((found, failed) => {
      let buffered = '';
      child.stdout.setEncoding('utf8');
      child.stdout.on('data', (d: string) => {
        buffered += d;
        const m = /submitted (\S+)\n/.exec(buffered);
        if (m?.[1]) found(m[1]);
      });
      child.on('exit', () => failed(new Error(`the station exited before submitting: ${buffered}`)));
    });
    child.kill('SIGKILL');
    await exited;
    expect(await uploads()).toHaveLength(0);
    const q = await queueOn(access, dir);
    const after = await q.queue.get(id);
    expect(after.state).toBe('queued');
    await waitFor(() => q.store.counts().archived === 1, 'sent after the restart', 15_000);
    const got = await uploads();
    expect(got).toHaveLength(1);
    expect(got[0]?.fileName).toBe('grace.pdf');
    expect(got[0]?.idempotencyKey).toBe(after.idempotencyKey);
  });
});
