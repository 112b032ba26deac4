import { describe, expect, it } from 'vitest';
import { DUPLICATE_CONTENT_CODE } from '../../../../shared/domain/document';
import { ClerkCommands } from '../clerk-commands';
import type { DocumentStorage, StorageInTransaction, StoredDocument } from '../document-storage';
import type { DocumentStorageFactory } from './document-storage-contract';
import { newDocument } from './document-storage-contract';
import { openedForTest } from '../../util/test-support/opened-for-test';

/**
 * The clerk's commands (clerk-commands.ts) over one engine's storage port: what they change and tell, all or
 * nothing, and two clerks on one document at once. Only the upload worker is stood in for (what it was told);
 * the queue's own tests run the commands with the real one, on SQLite.
 */
export function clerkCommandsContract(engine: string, open: DocumentStorageFactory): void {
  describe(`the clerk's commands on the storage port: ${engine}`, () => {
    const withStorage = openedForTest(open);

    /** A clerk's commands over `documents`, and what the queue and the upload worker were told. */
    function clerk(documents: DocumentStorage) {
      const told: string[] = [];
      const worker = { kicks: 0, retries: 0 };
      const tell = (docs: StoredDocument[]) => told.push(...docs.map((d) => `${d.id} ${d.state}`));
      const commands = new ClerkCommands({ now: () => new Date().toISOString(), changed: tell }, documents, {
        kick: () => worker.kicks++,
        retryNow: () => worker.retries++,
        cancel: () => false,
        settled: async () => undefined,
        applied: (d) => {
          tell([d]);
          return d;
        },
        progressOf: () => undefined,
      });
      return { commands, told, worker };
    }

    it(
      'tag, submit, cancel, retry and the confirmation change the document and its history, and tell it once committed',
      withStorage(async ({ documents, history }) => {
        const { commands, told, worker } = clerk(documents);
        const d = await documents.insert(newDocument());
        expect(await commands.tag([d.id], { caseNumber: 'CLM-2026-000101' })).toMatchObject([
          { id: d.id, state: 'tagged', metadata: { caseNumber: 'CLM-2026-000101' } },
        ]);
        const [queued] = await commands.submit([d.id], { policyNumber: 'HR-100001' }, false);
        expect(queued).toMatchObject({
          state: 'queued',
          metadata: { caseNumber: 'CLM-2026-000101', policyNumber: 'HR-100001' },
        });
        expect(queued?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
        expect(worker.kicks).toBe(1);
        expect(await commands.cancel([d.id])).toMatchObject([{ id: d.id, state: 'tagged' }]);
        const failed = await documents.insert(
          newDocument({ state: 'failed', error: { code: 'x', message: 'x', retryable: true } }),
        );
        expect(await commands.retry([failed.id])).toMatchObject([{ id: failed.id, state: 'queued' }]);
        expect(worker.retries).toBe(1);
        const uploaded = await documents.insert(newDocument({ state: 'uploaded' }));
        const confirmedAt = '2026-12-07T10:00:00.000Z';
        expect(await commands.markConfirmed(uploaded.id, confirmedAt)).toMatchObject({ confirmedAt });
        expect(told).toEqual([
          `${d.id} tagged`,
          `${d.id} queued`,
          `${d.id} tagged`,
          `${failed.id} queued`,
          `${uploaded.id} uploaded`,
        ]);
        const steps = (await history.history({ limit: 20 }))
          .filter((h) => h.documentId === d.id)
          .map((h) => h.step?.code);
        expect(steps).toEqual(['cancelled', 'submitted', 'tagged', undefined]);
      }),
    );

    it(
      'a command refused for one of its documents changes none of them and tells nothing',
      withStorage(async ({ documents }) => {
        const { commands, told, worker } = clerk(documents);
        const fresh = await documents.insert(newDocument());
        const uploading = await documents.insert(newDocument({ state: 'uploading' }));
        await expect(commands.submit([fresh.id, uploading.id], { caseNumber: 'CLM-1' }, false)).rejects.toMatchObject({
          code: 'document.state',
        });
        await expect(commands.tag([fresh.id, 'no-such-document'], { caseNumber: 'CLM-1' })).rejects.toMatchObject({
          code: 'document.not_found',
        });
        // The same content as a document already uploaded: refused, naming it, until the clerk confirms.
        const sent = await documents.insert(newDocument({ sha256: 'same' }));
        await documents.update(
          sent.id,
          { state: 'uploaded', uploadedAt: new Date().toISOString() },
          new Date().toISOString(),
        );
        const again = await documents.insert(newDocument({ sha256: 'same' }));
        await expect(commands.submit([fresh.id, again.id], undefined, false)).rejects.toMatchObject({
          code: DUPLICATE_CONTENT_CODE,
          duplicates: [{ documentId: again.id, duplicateOf: sent.id }],
        });
        expect(await documents.get(fresh.id)).toEqual(fresh);
        expect(await documents.get(again.id)).toMatchObject({ state: 'new' });
        expect(told).toEqual([]);
        expect(worker.kicks).toBe(0);
        expect(await commands.submit([again.id], undefined, true)).toMatchObject([{ id: again.id, state: 'queued' }]);
      }),
    );

    it(
      'two clerks tag one document at once, each a field of its own: both fields are kept (no lost update)',
      withStorage(async ({ documents, unitsTakeTurns }) => {
        const d = await documents.insert(newDocument({ metadata: { primaryFileName: 'scan.pdf' } }));
        const [first, second] = readingTogether(documents, unitsTakeTurns === true);
        const a = clerk(first);
        const b = clerk(second);
        await Promise.all([
          a.commands.tag([d.id], { caseNumber: 'CLM-2026-000101' }),
          b.commands.tag([d.id], { policyNumber: 'HR-100001' }),
        ]);
        expect((await documents.get(d.id))?.metadata).toEqual({
          primaryFileName: 'scan.pdf',
          caseNumber: 'CLM-2026-000101',
          policyNumber: 'HR-100001',
        });
      }),
    );
  });
}

/**
 * Two clerks' views of one storage whose units of work, once they asked for a document, wait until the other
 * clerk's unit asked too before they go on: the moment in which a read outside a lock loses an update. An
 * engine whose units take turns (SQLite: one connection) has no such moment, so there they go on at once.
 */
function readingTogether(documents: DocumentStorage, unitsTakeTurns: boolean): [DocumentStorage, DocumentStorage] {
  let asked = 0;
  let bothAsked!: () => void;
  const both = new Promise<void>((resolve) => (bothAsked = resolve));
  const get = (tx: StorageInTransaction) => async (id: string) => {
    const reading = tx.get(id); // asked: on PostgreSQL the statement is on its way (and may wait for a lock)
    if (++asked === 2) bothAsked();
    const d = await reading;
    if (!unitsTakeTurns) await both;
    return d;
  };
  const view = (): DocumentStorage =>
    new Proxy(documents, {
      get(target, prop) {
        if (prop === 'transaction')
          return <T>(work: (tx: StorageInTransaction) => Promise<T>) =>
            target.transaction((tx) => work(replacing(tx, 'get', get(tx))));
        return bound(target, prop);
      },
    });
  return [view(), view()];
}

/** `target` with one method replaced (the others bound to it). */
function replacing<T extends object>(target: T, name: PropertyKey, method: unknown): T {
  return new Proxy(target, { get: (t, prop) => (prop === name ? method : bound(t, prop)) });
}

function bound(target: object, prop: PropertyKey): unknown {
  const value: unknown = Reflect.get(target, prop, target);
  return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
}
