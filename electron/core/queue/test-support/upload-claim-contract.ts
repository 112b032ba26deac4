import { describe, expect, it } from 'vitest';
import type { DocumentStorage, StorageInTransaction } from '../document-storage';
import { claimDue } from '../upload-claim';
import type { DocumentStorageFactory } from './document-storage-contract';
import { newDocument } from './document-storage-contract';
import { openedForTest } from '../../util/test-support/opened-for-test';

const T0 = Date.parse('2026-12-07T08:00:00.000Z');
const AT = new Date(T0).toISOString();

/**
 * The upload worker's claim of due documents (upload-claim.ts) over one engine's storage port: what it takes
 * and writes, and two workers (two stations on an office database) claiming at once never take one document.
 * The queue's own tests run the claim inside the real upload worker, on SQLite.
 */
export function uploadClaimContract(engine: string, open: DocumentStorageFactory): void {
  describe(`the upload worker's claim on the storage port: ${engine}`, () => {
    const withStorage = openedForTest(open);

    it(
      'claims due documents in upload order, up to the limit and less those excluded: uploading, the attempt counted and in the history',
      withStorage(async ({ documents, history }) => {
        const first = await documents.insert(newDocument({ state: 'queued', idempotencyKey: 'key-1' }));
        const later = await documents.insert(newDocument());
        await documents.update(later.id, { state: 'queued', enqueue: true, nextAttemptAtMs: T0 + 60_000 }, AT);
        const second = await documents.insert(newDocument({ state: 'queued' }));
        await documents.update(second.id, { attempts: 2 }, AT);
        const third = await documents.insert(newDocument({ state: 'queued' }));
        const claimed = await claimDue(documents, { nowMs: T0, limit: 2, exclude: new Set([first.id]), at: AT });
        expect(claimed.map((d) => [d.id, d.state, d.attempts])).toEqual([
          [second.id, 'uploading', 3],
          [third.id, 'uploading', 1],
        ]);
        expect(await documents.get(second.id)).toEqual(claimed[0]);
        expect((await documents.get(first.id))?.state).toBe('queued');
        expect((await documents.get(later.id))?.state).toBe('queued');
        const steps = (await history.history({ limit: 20 })).filter((h) => h.documentId === second.id);
        expect(steps[0]).toMatchObject({ state: 'uploading', step: { code: 'attempt', values: { n: 3 } } });
        // Nothing due any more but the excluded one and the one waiting for its time.
        expect(await claimDue(documents, { nowMs: T0, limit: 5, exclude: new Set([first.id]), at: AT })).toEqual([]);
      }),
    );

    it(
      'two workers claiming at once take different documents, each once (two stations never send one document)',
      withStorage(async ({ documents, history, unitsTakeTurns }) => {
        const a = await documents.insert(newDocument({ state: 'queued' }));
        const b = await documents.insert(newDocument({ state: 'queued' }));
        const [one, two] = lookingTogether(documents, unitsTakeTurns === true);
        const claims = await Promise.all(
          [one, two].map((storage) => claimDue(storage, { nowMs: T0, limit: 1, exclude: new Set(), at: AT })),
        );
        const ids = claims.map((c) => c.map((d) => d.id));
        expect(ids.flat().sort()).toEqual([a.id, b.id].sort());
        expect(ids.map((c) => c.length)).toEqual([1, 1]);
        for (const id of [a.id, b.id]) {
          expect(await documents.get(id)).toMatchObject({ state: 'uploading', attempts: 1 });
          const attempts = (await history.history({ limit: 20 })).filter(
            (h) => h.documentId === id && h.step?.code === 'attempt',
          );
          expect(attempts).toHaveLength(1);
        }
      }),
    );
  });
}

/**
 * Two workers' views of one storage that, once they were told what is due (in a unit of work or not), wait
 * until the other worker was told too before they go on: the moment in which two claims that read outside a
 * lock take one document. An engine whose units take turns (SQLite: one connection) has no such moment, so there they go on
 * at once.
 */
function lookingTogether(documents: DocumentStorage, unitsTakeTurns: boolean): [DocumentStorage, DocumentStorage] {
  let answered = 0;
  let bothAnswered!: () => void;
  const both = new Promise<void>((resolve) => (bothAnswered = resolve));
  const due =
    (storage: DocumentStorage) =>
    async (...args: Parameters<DocumentStorage['due']>) => {
      const found = await storage.due(...args);
      // Both answered (a due read never waits for a lock: inside a unit it skips what another holds).
      if (++answered === 2) bothAnswered();
      if (!unitsTakeTurns) await both;
      return found;
    };
  const view = (): DocumentStorage =>
    new Proxy(documents, {
      get(target, prop) {
        if (prop === 'transaction')
          return <T>(work: (tx: StorageInTransaction) => Promise<T>) =>
            target.transaction((tx) => work(replacing(tx, 'due', due(tx))));
        // Asked outside a unit too: a claim that reads what is due before its unit is held to the same moment.
        if (prop === 'due') return due(target);
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
