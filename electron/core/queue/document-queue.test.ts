import { existsSync } from 'node:fs';
import { readdir, stat, writeFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DigitalInboxResponse } from '../../../shared/platform/inbox';
import type { Notice } from '../../../shared/domain/notice';
import { DUPLICATE_CONTENT_CODE } from '../../../shared/domain/document';
import { IntakeError, toIpcError } from '../errors';
import type { IncomingFile } from '../intake/incoming-file';
import type { InboxUploader, InboxUploadRequest } from './inbox-uploader';
import type { QueueFixture } from './test-support/queue-fixture';
import { makeQueue, waitFor } from './test-support/queue-fixture';

/**
 * The platform client is another team's module; here the uploader is a scripted stand-in so each error
 * kind can be produced on demand. End-to-end runs against the real client + sandbox live in
 * upload-pipeline.integration.test.ts.
 */
class ScriptedUploader implements InboxUploader {
  calls: InboxUploadRequest[] = [];
  script: Array<(r: InboxUploadRequest) => Promise<DigitalInboxResponse>> = [];
  async uploadToInbox(r: InboxUploadRequest): Promise<DigitalInboxResponse> {
    this.calls.push(r);
    const step = this.script.shift();
    if (step) return step(r);
    r.onProgress(r.size, r.size);
    return { success: true, errors: [], payload: { id: `p-${this.calls.length}` } };
  }
}

let fx: QueueFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

async function scan(
  dir: string,
  name: string,
  content: string | Buffer,
  extra: Partial<IncomingFile> = {},
): Promise<IncomingFile> {
  const folder = join(dir, 'scans');
  await mkdir(folder, { recursive: true });
  const p = join(folder, name);
  await writeFile(p, content);
  const s = await stat(p);
  return {
    sourcePath: p,
    folder,
    fileName: name,
    size: s.size,
    mtimeMs: Math.trunc(s.mtimeMs),
    seenKey: `${folder}|${name}|${s.size}|${Math.trunc(s.mtimeMs)}`,
    metadata: {},
    autoSubmit: false,
    ...extra,
  };
}

describe('DocumentQueue', () => {
  it('takes a file once: spool copy with its SHA-256, state new, the scanner file untouched', async () => {
    const up = new ScriptedUploader();
    fx = await makeQueue(up);
    await fx.queue.start();
    const file = await scan(fx.dir, 'scan_0042.pdf', 'hello');
    const first = await fx.queue.ingest(file);
    expect(first.outcome).toBe('created');
    if (first.outcome !== 'created') return;
    expect(first.document.state).toBe('new');
    expect(first.document.sha256).toBe('2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824');
    expect(await fx.queue.ingest(file)).toEqual({ outcome: 'seen' });
    expect((await fx.queue.list({ limit: 10, offset: 0 })).total).toBe(1);
    expect(existsSync(file.sourcePath)).toBe(true);
    expect((await fx.queue.content(first.document.id)).bytes.toString()).toBe('hello');
  });

  it('uploads an auto-submitted file with its Idempotency-Key, then archives it and removes the scanner file', async () => {
    const up = new ScriptedUploader();
    fx = await makeQueue(up);
    await fx.queue.start();
    const file = await scan(fx.dir, 'Schadensmeldung Müller – 2026.pdf', 'pdf-bytes', {
      autoSubmit: true,
      metadata: { caseNumber: '4711' },
    });
    const r = await fx.queue.ingest(file);
    if (r.outcome !== 'created') throw new Error(r.outcome);
    const done = await waitFor(
      () => fx!.store.get(r.document.id)?.state === 'archived' && fx!.store.get(r.document.id),
      'archived',
    );
    expect(up.calls).toHaveLength(1);
    expect(up.calls[0]?.idempotencyKey).toBe(r.document.idempotencyKey);
    expect(up.calls[0]?.metadata).toMatchObject({
      caseNumber: '4711',
      primaryFileName: 'Schadensmeldung Müller – 2026.pdf',
    });
    expect(existsSync(file.sourcePath)).toBe(false);
    expect(done.archivePath && existsSync(done.archivePath)).toBe(true);
    expect(await readdir(fx.spool.dir)).toEqual([]);
    expect((await fx.queue.history({ query: '4711', limit: 10 })).map((h) => h.state)).toEqual([
      'archived',
      'uploaded',
      'uploading',
      'queued',
    ]);
  });

  it('sends nothing before the Idempotency-Key is flushed to disk, and deletes nothing before uploaded is', async () => {
    // The flush to disk is held by the test: what waits for it shows in what did not happen yet.
    let hold = false;
    const held: (() => void)[] = [];
    const release = () => held.splice(0).forEach((r) => r());
    const up = new ScriptedUploader();
    up.script.push(async () => {
      hold = true;
      return { success: true, errors: [], payload: {} };
    });
    fx = await makeQueue(up, {
      archive: { mode: 'delete', retentionDays: 0 },
      flush: () => (hold ? new Promise<void>((r) => held.push(r)) : Promise.resolve()),
    });
    await fx.queue.start();
    hold = true;
    const file = await scan(fx.dir, 'scan_1.pdf', 'pdf-bytes', { autoSubmit: true });
    const r = await fx.queue.ingest(file);
    if (r.outcome !== 'created') throw new Error(r.outcome);
    const state = () => fx!.store.get(r.document.id)?.state;
    await waitFor(() => state() === 'uploading', 'uploading');
    await new Promise((res) => setTimeout(res, 150));
    expect(up.calls).toHaveLength(0);

    hold = false;
    release();
    await waitFor(() => state() === 'uploaded', 'uploaded');
    await new Promise((res) => setTimeout(res, 150));
    expect(state()).toBe('uploaded');
    expect(existsSync(file.sourcePath)).toBe(true);
    expect(await readdir(fx.spool.dir)).toHaveLength(1);

    hold = false;
    release();
    await waitFor(() => state() === 'archived', 'archived');
    expect(existsSync(file.sourcePath)).toBe(false);
    expect(await readdir(fx.spool.dir)).toEqual([]);
  });

  it('a key that an earlier flush already covered costs no further flush before its upload', async () => {
    let flushes = 0;
    fx = await makeQueue(new ScriptedUploader(), {
      flush: async () => {
        flushes++;
      },
    });
    await fx.queue.start();
    const r = await fx.queue.ingest(await scan(fx.dir, 'scan_3.pdf', 'pdf-bytes'));
    if (r.outcome !== 'created') throw new Error(r.outcome);
    const id = r.document.id;
    fx.store.update(id, { idempotencyKey: 'key-1' }, new Date().toISOString());
    const before = flushes;
    await fx.store.keyDurable(id);
    expect(flushes).toBeGreaterThan(before);
    const after = flushes;
    await fx.store.keyDurable(id);
    expect(flushes).toBe(after);
  });

  it('a failed flush to disk (disk error) sends nothing; the document is retried later', async () => {
    let failing = true;
    const up = new ScriptedUploader();
    fx = await makeQueue(up, {
      flush: async () => {
        if (failing) throw Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
      },
    });
    await fx.queue.start();
    const r = await fx.queue.ingest(await scan(fx.dir, 'scan_2.pdf', 'pdf-bytes', { autoSubmit: true }));
    if (r.outcome !== 'created') throw new Error(r.outcome);
    await waitFor(() => (fx!.store.get(r.document.id)?.attempts ?? 0) >= 2, 'two attempts');
    expect(up.calls).toHaveLength(0);
    expect(fx.store.get(r.document.id)?.state).toBe('queued');
    failing = false;
    await waitFor(() => fx!.store.get(r.document.id)?.state === 'archived', 'archived once the disk works');
    expect(up.calls).toHaveLength(1);
  });

  it('fails a document the platform rejects, with its messages, and does not retry it', async () => {
    const up = new ScriptedUploader();
    up.script.push(async () => {
      throw new IntakeError('validation', 'platform.validation', 'CaseNumber unknown', {
        status: 400,
        platformErrors: [{ message: 'CaseNumber unknown', type: 'Validation' }],
      });
    });
    fx = await makeQueue(up);
    await fx.queue.start();
    const r = await fx.queue.ingest(await scan(fx.dir, 'a.pdf', 'x', { autoSubmit: true }));
    if (r.outcome !== 'created') throw new Error(r.outcome);
    const failed = await waitFor(
      () => fx!.store.get(r.document.id)?.state === 'failed' && fx!.store.get(r.document.id),
      'failed',
    );
    expect(failed.error).toMatchObject({
      code: 'platform.validation',
      retryable: false,
      platformErrors: [{ message: 'CaseNumber unknown' }],
    });
    expect(failed.idempotencyKey).toBeUndefined();
    await new Promise((r) => setTimeout(r, 100));
    expect(up.calls).toHaveLength(1);
    // After the clerk fixes it: a fresh key, since the platform stored nothing under the old one.
    const [again] = await fx.queue.submit([r.document.id], { caseNumber: '4711' }, false);
    expect(again?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => fx!.store.get(r.document.id)?.state === 'archived', 'archived after fix');
  });

  it('retries an ambiguous failure and a 429 with the same key, honouring Retry-After', async () => {
    const up = new ScriptedUploader();
    up.script.push(async () => {
      throw new IntakeError('ambiguous', 'network.reset', 'connection reset after the body was sent');
    });
    up.script.push(async () => {
      throw new IntakeError('rate_limited', 'platform.rate_limited', 'slow down', { status: 429, retryAfterMs: 50 });
    });
    fx = await makeQueue(up);
    await fx.queue.start();
    const r = await fx.queue.ingest(await scan(fx.dir, 'b.pdf', 'y', { autoSubmit: true }));
    if (r.outcome !== 'created') throw new Error(r.outcome);
    await waitFor(() => fx!.store.get(r.document.id)?.state === 'archived', 'archived');
    expect(up.calls.map((c) => c.idempotencyKey)).toEqual([
      r.document.idempotencyKey,
      r.document.idempotencyKey,
      r.document.idempotencyKey,
    ]);
    expect(fx.store.get(r.document.id)?.attempts).toBe(3);
  });

  it('goes offline on a refused connect, probes, and drains when the platform is back', async () => {
    const up = new ScriptedUploader();
    up.script.push(async () => {
      throw new IntakeError('unreachable', 'network.unreachable', 'connect ECONNREFUSED');
    });
    let reachable = false;
    let probes = 0;
    const network: boolean[] = [];
    fx = await makeQueue(up, {
      extra: {
        probe: async () => {
          probes++;
          return reachable;
        },
        onNetwork: (o) => network.push(o),
      },
    });
    await fx.queue.start();
    const r = await fx.queue.ingest(await scan(fx.dir, 'c.pdf', 'z', { autoSubmit: true }));
    if (r.outcome !== 'created') throw new Error(r.outcome);
    await waitFor(() => probes >= 2, 'probes while offline');
    expect(fx.queue.status().online).toBe(false);
    expect(fx.store.get(r.document.id)?.state).toBe('queued');
    expect(up.calls).toHaveLength(1);
    reachable = true;
    await waitFor(() => fx!.store.get(r.document.id)?.state === 'archived', 'archived after reconnect');
    expect(network).toEqual([false, true]);
  });

  it('pauses the whole queue on a configuration error and continues on resume', async () => {
    const up = new ScriptedUploader();
    up.script.push(async () => {
      throw new IntakeError('configuration', 'auth.invalid_client', 'The client id or secret is wrong.');
    });
    const notices: Pick<Notice, 'code' | 'values'>[] = [];
    fx = await makeQueue(up);
    fx.bus.on('notice.raised', ({ notice: { code, values } }) => notices.push({ code, values }));
    await fx.queue.start();
    const r = await fx.queue.ingest(await scan(fx.dir, 'd.pdf', 'd', { autoSubmit: true }));
    if (r.outcome !== 'created') throw new Error(r.outcome);
    await waitFor(() => fx!.queue.status().paused, 'paused');
    expect(fx.store.get(r.document.id)).toMatchObject({ state: 'queued', error: { code: 'auth.invalid_client' } });
    expect(notices).toContainEqual({
      code: 'queue.paused.configuration',
      values: { reason: expect.stringContaining('The client id or secret is wrong.') },
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(up.calls).toHaveLength(1);
    fx.queue.resume();
    await waitFor(() => fx!.store.get(r.document.id)?.state === 'archived', 'archived after resume');
  });

  it('flags content already uploaded and queues it only with confirmation', async () => {
    const up = new ScriptedUploader();
    fx = await makeQueue(up);
    await fx.queue.start();
    const a = await fx.queue.ingest(await scan(fx.dir, 'one.pdf', 'same', { autoSubmit: true }));
    if (a.outcome !== 'created') throw new Error(a.outcome);
    await waitFor(() => fx!.store.get(a.document.id)?.state === 'archived', 'first archived');
    const b = await fx.queue.ingest(await scan(fx.dir, 'two.pdf', 'same', { autoSubmit: true }));
    if (b.outcome !== 'created') throw new Error(b.outcome);
    expect(b.document).toMatchObject({ state: 'new', duplicateOf: a.document.id });
    await expect(fx.queue.submit([b.document.id], undefined, false)).rejects.toThrow(/same content/);
    // The refusal names every duplicate and its earlier document as typed data (also across IPC).
    const c = await fx.queue.ingest(await scan(fx.dir, 'three.pdf', 'same'));
    const other = await fx.queue.ingest(await scan(fx.dir, 'other.pdf', 'different'));
    if (c.outcome !== 'created' || other.outcome !== 'created') throw new Error('not created');
    let refusal: unknown;
    try {
      await fx.queue.submit([other.document.id, b.document.id, c.document.id], undefined, false);
    } catch (e) {
      refusal = e;
    }
    const duplicates = [
      { documentId: b.document.id, duplicateOf: a.document.id },
      { documentId: c.document.id, duplicateOf: a.document.id },
    ];
    expect(refusal).toMatchObject({ code: DUPLICATE_CONTENT_CODE, duplicates });
    expect(toIpcError(refusal)).toMatchObject({ code: DUPLICATE_CONTENT_CODE, duplicates });
    expect(toIpcError(refusal).fields).toBeUndefined();
    expect(fx.store.get(other.document.id)?.state).toBe('new');
    await fx.queue.submit([b.document.id], undefined, true);
    await waitFor(() => fx!.store.get(b.document.id)?.state === 'archived', 'duplicate archived');
    expect(up.calls).toHaveLength(2);
  });

  it('an empty file becomes a failed document with a clear message and cannot be submitted', async () => {
    fx = await makeQueue(new ScriptedUploader());
    await fx.queue.start();
    const r = await fx.queue.ingest(await scan(fx.dir, 'empty.pdf', '', { autoSubmit: true }));
    if (r.outcome !== 'created') throw new Error(r.outcome);
    expect(r.document).toMatchObject({ state: 'failed', error: { code: 'file.empty' } });
    await expect(fx.queue.submit([r.document.id], undefined, false)).rejects.toThrow(/empty/);
  });

  it('cancel aborts an upload in flight and puts the document back to tagged', async () => {
    const up = new ScriptedUploader();
    up.script.push(
      (r) =>
        new Promise((_, reject) => {
          // The cancel may come before this runs (the state is 'uploading' before the uploader is called):
          // an already-aborted signal fires no 'abort' event, so it is checked first, as real uploaders do.
          const cancelled = () => reject(new IntakeError('cancelled', 'upload.cancelled', 'aborted'));
          if (r.signal.aborted) cancelled();
          else r.signal.addEventListener('abort', cancelled, { once: true });
        }),
    );
    fx = await makeQueue(up);
    await fx.queue.start();
    const r = await fx.queue.ingest(await scan(fx.dir, 'e.pdf', 'e', { autoSubmit: true }));
    if (r.outcome !== 'created') throw new Error(r.outcome);
    await waitFor(() => fx!.store.get(r.document.id)?.state === 'uploading', 'uploading');
    const [cancelled] = await fx.queue.cancel([r.document.id]);
    expect(cancelled?.state).toBe('tagged');
    expect(cancelled?.idempotencyKey).toBe(r.document.idempotencyKey);
  });

  it('the fixture does not hang on a queue that cannot stop: it says why and still removes its folder', async () => {
    const deaf = new ScriptedUploader();
    deaf.script.push(() => new Promise(() => undefined)); // an upload that ignores its abort signal
    const own = await makeQueue(deaf);
    await own.queue.start();
    const r = await own.queue.ingest(await scan(own.dir, 'deaf.pdf', 'deaf', { autoSubmit: true }));
    if (r.outcome !== 'created') throw new Error(r.outcome);
    await waitFor(() => own.store.get(r.document.id)?.state === 'uploading', 'uploading');
    await expect(own.close({ stopWithinMs: 300 })).rejects.toThrow(/did not stop within 300 ms/);
    expect(existsSync(own.dir)).toBe(false);
  });

  it('recovers after a crash: uploading → queued with the same key, half-written and orphaned spool files removed', async () => {
    const hang = new ScriptedUploader();
    hang.script.push(
      (r) =>
        new Promise((_, reject) => {
          if (r.signal.aborted) reject(new Error('aborted'));
          else r.signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
        }),
    );
    fx = await makeQueue(hang);
    let uploadingSaid = false;
    fx.bus.on('queue.changed', (e) => (uploadingSaid ||= (e.status.counts.uploading ?? 0) > 0));
    await fx.queue.start();
    const r = await fx.queue.ingest(await scan(fx.dir, 'f.pdf', 'f', { autoSubmit: true }));
    if (r.outcome !== 'created') throw new Error(r.outcome);
    await waitFor(() => fx!.store.get(r.document.id)?.state === 'uploading', 'uploading');
    // The status of that change is read from the database a moment later (queue.changed is batched):
    // let it be read before the "crash" closes the database under the running queue.
    await waitFor(() => uploadingSaid, 'queue.changed with the upload');
    // Simulate the crash: the database says uploading, the spool holds debris of an interrupted intake.
    const dir = fx.dir;
    await writeFile(join(fx.spool.dir, 'x.partial'), 'half');
    await writeFile(join(fx.spool.dir, 'orphan'), 'no row');
    fx.store.update(r.document.id, { state: 'uploading' }, new Date().toISOString());
    const crashed = fx;
    fx = undefined;
    // Close the db without the queue's orderly stop, like a kill would (the worker is left to die).
    (crashed.store as unknown as { db: { close(): void } }).db.close();

    const up = new ScriptedUploader();
    fx = await makeQueue(up, { dir });
    const recovered = await fx.queue.start();
    expect(recovered).toMatchObject({ requeued: 1, spool: { partial: 1, orphaned: 1 } });
    await waitFor(() => fx!.store.get(r.document.id)?.state === 'archived', 'archived after recovery');
    expect(up.calls[0]?.idempotencyKey).toBe(r.document.idempotencyKey);
    await crashed.queue.stop(); // the dead process's worker: its writes fail against the closed database
  });

  it('lists with states, query, paging and total; history searchable by file name', async () => {
    fx = await makeQueue(new ScriptedUploader());
    await fx.queue.start();
    for (const n of ['alpha.pdf', 'beta.pdf', 'gamma_100%.pdf']) await fx.queue.ingest(await scan(fx.dir, n, n));
    const all = await fx.queue.list({ limit: 2, offset: 0 });
    expect(all.total).toBe(3);
    expect(all.documents).toHaveLength(2);
    expect((await fx.queue.list({ query: '100%', limit: 10, offset: 0 })).documents.map((d) => d.fileName)).toEqual([
      'gamma_100%.pdf',
    ]);
    const beta = (await fx.queue.list({ query: 'beta', limit: 10, offset: 0 })).documents[0]!;
    await fx.queue.tag([beta.id], { caseNumber: 'K-9' });
    expect((await fx.queue.list({ states: ['tagged'], limit: 10, offset: 0 })).documents.map((d) => d.id)).toEqual([
      beta.id,
    ]);
    expect((await fx.queue.list({ query: 'K-9', limit: 10, offset: 0 })).total).toBe(1);
    expect((await fx.queue.history({ query: 'beta', limit: 10 })).map((h) => h.state)).toEqual(['tagged', 'new']);
    await expect(fx!.queue.get('nope')).rejects.toThrow(/No document/);
  });
});

describe('upload concurrency from the settings', () => {
  it('applies a new concurrency without a restart', async () => {
    const up = new ScriptedUploader();
    let running = 0;
    let most = 0;
    const gates: Array<() => void> = [];
    const held = (r: InboxUploadRequest) =>
      new Promise<DigitalInboxResponse>((resolve) => {
        running++;
        most = Math.max(most, running);
        gates.push(() => {
          running--;
          r.onProgress(r.size, r.size);
          resolve({ success: true, errors: [], payload: {} });
        });
      });
    up.script = Array.from({ length: 6 }, () => held);
    fx = await makeQueue(up, { extra: { concurrency: 1 } });
    await fx.queue.start();
    const ids: string[] = [];
    for (let i = 0; i < 6; i++) {
      const r = await fx.queue.ingest(
        await scan(fx.dir, `c${i}.pdf`, `content ${i}`, { metadata: { caseNumber: 'C-1' } }),
      );
      if (r.outcome === 'created') ids.push(r.document.id);
    }
    await fx.queue.submit(ids, undefined, false);
    await waitFor(() => gates.length === 1, 'first upload started');
    await new Promise((r) => setTimeout(r, 100));
    expect(running).toBe(1);

    fx.queue.setConcurrency(3);
    await waitFor(() => running === 3, 'three uploads at once');
    // Let every held upload finish, as they arrive.
    await waitFor(() => {
      while (gates.length > 0) gates.shift()!();
      return fx!.store.counts().archived === 6;
    }, 'all archived');
    expect(most).toBe(3);
  });
});
