import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startSandbox } from '../../../sandbox';
import type { RunningSandbox, StoredUpload } from '../../../sandbox';
import type { SandboxAccess } from './test-support/sandbox-uploader';
import { sandboxUploader } from './test-support/sandbox-uploader';
import type { QueueFixture } from './test-support/queue-fixture';
import { makeQueue, waitFor } from './test-support/queue-fixture';

/**
 * Issue #36 item 9: the clerk's submit waits a grace before the upload leaves, so a slip can be taken
 * back. Real sockets against the sandbox; the kill test kills a real process -9 inside the grace.
 */
const ROOT = resolve(import.meta.dirname, '../../..');
const CHILD = join(import.meta.dirname, 'test-support/grace-child.ts');

let sandbox: RunningSandbox | undefined;
let fx: QueueFixture | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await fx?.close();
  await sandbox?.close();
  fx = undefined;
  sandbox = undefined;
  for (const d of dirs.splice(0)) await rm(d, { recursive: true, force: true });
});

async function temp(prefix: string): Promise<string> {
  const d = await mkdtemp(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
}

async function started(): Promise<SandboxAccess> {
  sandbox = await startSandbox({ dataDir: await temp('grace-sbx-'), port: 0 });
  return {
    baseUrl: sandbox.baseUrl,
    tokenUrl: sandbox.tokenUrl,
    clientId: sandbox.demoClient.clientId,
    secret: sandbox.demoClient.secret,
  };
}

async function queueOn(access: SandboxAccess, dir?: string): Promise<QueueFixture> {
  const { uploader, probe } = await sandboxUploader(access);
  fx = await makeQueue(uploader, { dir: dir ?? (await temp('grace-q-')), extra: { probe } });
  await fx.queue.start();
  return fx;
}

async function uploads(): Promise<StoredUpload[]> {
  return (await (await fetch(`${sandbox!.baseUrl}/__sandbox/uploads`)).json()) as StoredUpload[];
}

const bytes = (s: string) => new TextEncoder().encode(`%PDF-1.7 ${s}`);
const CASE = { caseNumber: 'CLM-2026-000101' };

describe('the send grace', () => {
  it('a submitted document waits its grace, then goes out once by itself', async () => {
    const q = await queueOn(await started());
    const doc = await q.queue.importBytes('later.pdf', bytes('later'));
    const submittedAt = Date.now();
    const [queued] = q.queue.submit([doc.id], CASE, false, 1_500);
    expect(queued?.state).toBe('queued');
    expect(Date.parse(queued?.nextAttemptAt ?? '')).toBeGreaterThanOrEqual(submittedAt + 1_400);
    await waitFor(() => q.store.counts().archived === 1, 'sent after the grace');
    expect(Date.now() - submittedAt).toBeGreaterThanOrEqual(1_400);
    expect((await uploads()).map((u) => u.fileName)).toEqual(['later.pdf']);
  });

  it('undone within the grace: back to tagged, never sent', async () => {
    const q = await queueOn(await started());
    const slip = await q.queue.importBytes('slip.pdf', bytes('slip'));
    q.queue.submit([slip.id], CASE, false, 400);
    const [back] = await q.queue.cancel([slip.id]);
    expect(back?.state).toBe('tagged');
    // A document submitted after the slip's grace had run out has gone out: the slip did not.
    const later = await q.queue.importBytes('other.pdf', bytes('other'));
    const past = Date.parse(q.queue.get(later.id).arrivedAt) + 500;
    await waitFor(() => Date.now() > past, 'the slip’s grace over');
    q.queue.submit([later.id], CASE, false, 0);
    await waitFor(() => q.store.counts().archived === 1, 'the other one sent');
    expect((await uploads()).map((u) => u.fileName)).toEqual(['other.pdf']);
    expect(q.queue.get(slip.id).state).toBe('tagged');
  });

  it('submitted again inside its grace (Ctrl+Enter twice) it goes out at once', async () => {
    const q = await queueOn(await started());
    const doc = await q.queue.importBytes('now.pdf', bytes('now'));
    q.queue.submit([doc.id], CASE, false, 60_000);
    const [again] = q.queue.submit([doc.id], undefined, false, 60_000);
    expect(again?.nextAttemptAt).toBeUndefined();
    await waitFor(() => q.store.counts().archived === 1, 'sent at once', 10_000);
    expect(await uploads()).toHaveLength(1);
  });

  it('killed -9 inside the grace: still queued after the restart, then sent exactly once', async () => {
    const access = await started();
    const dir = await temp('grace-kill-');
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
    const after = q.queue.get(id);
    expect(after.state).toBe('queued');
    await waitFor(() => q.store.counts().archived === 1, 'sent after the restart', 15_000);
    const got = await uploads();
    expect(got).toHaveLength(1);
    expect(got[0]?.fileName).toBe('grace.pdf');
    expect(got[0]?.idempotencyKey).toBe(after.idempotencyKey);
  });
});
