import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { invokes } from '../../../shared/ipc/contract';
import type { InboxUploader } from '../queue/inbox-uploader';
import type { QueueFixture } from '../queue/test-support/queue-fixture';
import { makeQueue, waitFor } from '../queue/test-support/queue-fixture';
import { DocumentImporter } from '../transfer/document-importer';
import { createDocumentHandlers } from './documents-handlers';

const accepting: InboxUploader = { uploadToInbox: async () => ({ success: true, errors: [], payload: {} }) };
let fx: QueueFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
});

describe('document handlers', () => {
  it('import → tag → submit → archived; every answer matches the contract', async () => {
    fx = await makeQueue(accepting);
    await fx.queue.start();
    const h = createDocumentHandlers({ queue: fx.queue, importer: new DocumentImporter(fx.queue) });
    const dropped = join(fx.dir, 'Schaden "Nr 5".pdf');
    await writeFile(dropped, '%PDF');
    const doc = await h['documents.importPath']({ path: dropped });
    expect(invokes['documents.importPath'].response.parse(doc)).toMatchObject({
      fileName: 'Schaden "Nr 5".pdf',
      state: 'new',
      sourceFolder: 'import',
    });
    expect(await readFile((await fx.queue.contentFile(doc.id)).path, 'utf8')).toBe('%PDF');
    await h['documents.tag']({ ids: [doc.id], metadata: { caseNumber: 'C-1' } });
    await h['documents.submit']({ ids: [doc.id], confirmDuplicate: false });
    await waitFor(async () => (await fx!.queue.get(doc.id)).state === 'archived', 'archived');
    const list = await h['documents.list']({ limit: 10, offset: 0, query: 'C-1' });
    expect(invokes['documents.list'].response.parse(list).total).toBe(1);
    const status = await h['queue.status']({});
    expect(invokes['queue.status'].response.parse(status).counts.archived).toBe(1);
    const history = await h['queue.history']({ limit: 10, query: 'Schaden' });
    expect(invokes['queue.history'].response.parse(history).map((e) => e.state)).toContain('archived');
    expect((await h['queue.pause']({})).paused).toBe(true);
    expect((await h['queue.resume']({})).paused).toBe(false);
  });

  it('rejects a nameless import and an unknown id with errors, not crashes', async () => {
    fx = await makeQueue(accepting);
    await fx.queue.start();
    const h = createDocumentHandlers({ queue: fx.queue, importer: new DocumentImporter(fx.queue) });
    await expect(h['documents.importPath']({ path: '/' })).rejects.toMatchObject({ code: 'import.name' });
    await expect(h['documents.get']({ id: 'missing' })).rejects.toMatchObject({ code: 'document.not_found' });
    await expect(h['documents.retry']({ ids: ['missing'] })).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('a station without an office database: opening and leaving a document always succeed and change nothing', async () => {
    fx = await makeQueue(accepting);
    await fx.queue.start();
    const h = createDocumentHandlers({ queue: fx.queue, importer: new DocumentImporter(fx.queue) });
    const doc = await fx.queue.importBytes('alone.pdf', new TextEncoder().encode('%PDF alone'));
    expect(invokes['documents.take'].response.parse(await h['documents.take']({ id: doc.id }))).toEqual({
      outcome: 'taken',
    });
    const [tagged] = await h['documents.tag']({ ids: [doc.id], metadata: { caseNumber: 'C-9' } });
    expect(tagged?.heldBy).toBeUndefined();
    expect(await h['documents.leave']({ id: doc.id })).toEqual({});
    expect(await fx.queue.get(doc.id)).toEqual(tagged);
    // The contract refuses an empty id before any handler runs.
    expect(invokes['documents.take'].request.safeParse({ id: '' }).success).toBe(false);
  });

  it("the clerk's submit waits the settings' grace; a second submit sends at once", async () => {
    fx = await makeQueue(accepting);
    await fx.queue.start();
    let graceMs = 60_000;
    const h = createDocumentHandlers({
      queue: fx.queue,
      importer: new DocumentImporter(fx.queue),
      sendGraceMs: () => graceMs,
    });
    const doc = await fx.queue.importBytes('grace.pdf', new TextEncoder().encode('%PDF grace'));
    const [held] = await h['documents.submit']({
      ids: [doc.id],
      metadata: { caseNumber: 'C-1' },
      confirmDuplicate: false,
    });
    expect(held?.state).toBe('queued');
    expect(Date.parse(held?.nextAttemptAt ?? '')).toBeGreaterThan(Date.now() + 50_000);
    await h['documents.submit']({ ids: [doc.id], confirmDuplicate: false });
    await waitFor(async () => (await fx!.queue.get(doc.id)).state === 'archived', 'sent at once');
    // The setting is read at each submit: 0 is off.
    graceMs = 0;
    const other = await fx.queue.importBytes('other.pdf', new TextEncoder().encode('%PDF other'));
    const [now] = await h['documents.submit']({
      ids: [other.id],
      metadata: { caseNumber: 'C-1' },
      confirmDuplicate: false,
    });
    expect(now?.nextAttemptAt).toBeUndefined();
  });
});
