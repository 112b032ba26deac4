import { expect, it } from 'vitest';
import type { HistoryStep } from '../../../../shared/domain/history';
import type { OpenedDocumentStorage } from './document-storage-contract';
import { newDocument } from './document-storage-contract';

const T0 = Date.parse('2026-12-07T09:00:00.000Z');
const at = (minute: number) => new Date(T0 + minute * 60_000).toISOString();
const step = (code: 'tagged' | 'submitted'): HistoryStep => ({ code, values: {} });

/** One turn of the event loop: whatever else is under way (another unit, a read) goes on meanwhile. */
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A promise the test opens when it says so. */
function gate(): { open: () => void; opened: Promise<void> } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

/**
 * DocumentStorage.transaction, the port's unit of work (document-storage.ts): all or nothing, units that
 * decide on one document one after the other, and nothing of a unit seen before it commits. Called by
 * documentStorageContract inside its describe, so every engine answers it.
 */
export function unitOfWorkContract(
  withStorage: (test: (s: OpenedDocumentStorage) => Promise<void>) => () => Promise<void>,
) {
  it(
    'a unit of work commits all it wrote together, and a throw rolls back every write: document, history, seen-file key',
    withStorage(async ({ documents, history }) => {
      const kept = await documents.insert(newDocument({ seenKey: 'kept-file' }), { code: 'arrived', values: {} });
      const historyBefore = await history.history({ limit: 10 });
      const part = newDocument({ seenKey: 'new-file' });
      const failure = new Error('the check after the writes failed');
      await expect(
        documents.transaction(async (tx) => {
          await tx.insert(part, { code: 'arrived', values: {} });
          await tx.update(kept.id, { state: 'tagged', metadata: { caseNumber: 'CLM-1' } }, at(1), step('tagged'));
          await tx.markSeen('batch-file', 'batch-1', at(1));
          // The unit reads its own writes.
          expect((await tx.get(kept.id))?.state).toBe('tagged');
          await turn();
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(await documents.get(part.id)).toBeUndefined();
      expect(await documents.get(kept.id)).toEqual(kept);
      expect(await documents.hasSeen('new-file')).toBe(false);
      expect(await documents.hasSeen('batch-file')).toBe(false);
      expect(await documents.hasSeen('kept-file')).toBe(true);
      expect(await history.history({ limit: 10 })).toEqual(historyBefore);

      // The storage goes on after a rolled-back unit, and a unit that resolves commits all and answers its value.
      const value = await documents.transaction(async (tx) => {
        await tx.insert(part, { code: 'arrived', values: {} });
        await turn();
        await tx.update(kept.id, { state: 'tagged' }, at(2), step('tagged'));
        await tx.markSeen('batch-file', 'batch-1', at(2));
        return 'done';
      });
      expect(value).toBe('done');
      expect(await documents.get(part.id)).toMatchObject({ id: part.id, state: 'new' });
      expect((await documents.get(kept.id))?.state).toBe('tagged');
      expect(await documents.hasSeen('new-file')).toBe(true);
      expect(await documents.hasSeen('batch-file')).toBe(true);
      expect((await history.history({ limit: 10 })).map((h) => h.state)).toEqual(['tagged', 'new', 'new']);
    }),
  );

  it(
    'two units that check a document and change it: exactly one passes the check, and no update is lost',
    withStorage(async ({ documents, history }) => {
      const d = await documents.insert(newDocument({ state: 'tagged' }));
      // Two clerks submit the same document at once: each reads it, checks its state, then writes.
      const submit = () =>
        documents.transaction(async (tx) => {
          const now = await tx.get(d.id);
          await turn();
          if (now?.state !== 'tagged') throw new Error(`already ${now?.state}`);
          return tx.update(d.id, { state: 'queued', enqueue: true }, at(1), step('submitted'));
        });
      const results = await Promise.allSettled([submit(), submit()]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const refused = results.find((r) => r.status === 'rejected');
      expect((refused as PromiseRejectedResult | undefined)?.reason).toEqual(new Error('already queued'));
      expect((await history.history({ limit: 10 })).filter((h) => h.state === 'queued')).toHaveLength(1);

      // Three units that each add one to what they read: three added, none lost.
      const bump = () =>
        documents.transaction(async (tx) => {
          const now = await tx.get(d.id);
          await turn();
          return tx.update(d.id, { attempts: (now?.attempts ?? 0) + 1 }, at(2));
        });
      await Promise.all([bump(), bump(), bump()]);
      expect((await documents.get(d.id))?.attempts).toBe(3);
    }),
  );

  it(
    'a read outside a unit of work, while the unit is half done, sees none of it or all of it',
    withStorage(async ({ documents, history }) => {
      const d = await documents.insert(newDocument());
      const halfway = gate();
      const finish = gate();
      const unit = documents.transaction(async (tx) => {
        await tx.update(d.id, { state: 'tagged', metadata: { caseNumber: 'CLM-7' } }, at(1), step('tagged'));
        await tx.insert(newDocument());
        halfway.open();
        await finish.opened;
        await tx.update(d.id, { state: 'queued', enqueue: true }, at(2), step('submitted'));
      });
      await halfway.opened;
      // Each read is one statement: it sees the unit's commit or nothing of the unit, never the half done.
      const seen = Promise.all([documents.get(d.id), history.history({ limit: 10 }), documents.counts()]);
      await turn();
      finish.open();
      await unit;
      const [doc, entries, counts] = await seen;
      expect(['new', 'queued']).toContain(doc?.state);
      expect([1, 4]).toContain(entries.length);
      expect(counts.tagged).toBe(0);
      expect(await documents.get(d.id)).toMatchObject({ state: 'queued', metadata: { caseNumber: 'CLM-7' } });
    }),
  );

  it(
    'inside a unit of work, a unit joins it and a call of the storage itself is part of it',
    withStorage(async ({ documents }) => {
      const d = await documents.insert(newDocument());
      const joined = newDocument();
      const failure = new Error('the outer unit failed');
      await expect(
        documents.transaction(async (tx) => {
          await tx.transaction(async (inner) => {
            await inner.insert(joined);
          });
          // Not waiting for the unit it is in: it is the unit's, and sees its writes.
          await documents.update(d.id, { state: 'tagged' }, at(1), step('tagged'));
          expect(await documents.get(joined.id)).toMatchObject({ id: joined.id });
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect(await documents.get(joined.id)).toBeUndefined();
      expect((await documents.get(d.id))?.state).toBe('new');
    }),
  );
}
