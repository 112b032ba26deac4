import { describe, expect, it } from 'vitest';
import type { Clock } from '../../util/clock';
import type { DraftStorage } from '../draft-storage';

/** One engine's drafts, opened over a fresh place (a temp file, a fresh schema); reopen is a restart. */
export interface OpenedDraftStorage {
  drafts: DraftStorage;
  /** The same place opened again, as after a restart (the first is closed). */
  reopen(): Promise<DraftStorage>;
  close(): Promise<void>;
}

export type DraftStorageFactory = (deps: {
  isOpen(documentId: string): boolean;
  clock: Clock;
}) => Promise<OpenedDraftStorage>;

const byDocument = (a: { documentId: string }, b: { documentId: string }) => a.documentId.localeCompare(b.documentId);

/**
 * What every implementation of the drafts' port does (draft-storage.ts): SQLite's test and an office
 * engine's call this with their factory, so both answer to the same tests.
 */
export function draftStorageContract(engine: string, open: DraftStorageFactory): void {
  describe(`DraftStorage contract: ${engine}`, () => {
    const at = (iso: string): Clock => ({ now: () => Date.parse(iso), sleep: async () => undefined });

    it('keeps typed values per document across a restart, with when they were saved', async () => {
      const inbox = new Set(['a', 'b']);
      const s = await open({ isOpen: (id) => inbox.has(id), clock: at('2026-12-07T03:00:00.000Z') });
      try {
        expect(await s.drafts.save('a', { caseNumber: 'CLM-2026-000123' })).toEqual({
          documentId: 'a',
          values: { caseNumber: 'CLM-2026-000123' },
          savedAt: '2026-12-07T03:00:00.000Z',
        });
        await s.drafts.save('b', { policyNumber: 'HR-100001', itemId: '' });
        const again = await s.reopen();
        expect((await again.list()).sort(byDocument)).toEqual([
          { documentId: 'a', values: { caseNumber: 'CLM-2026-000123' }, savedAt: '2026-12-07T03:00:00.000Z' },
          { documentId: 'b', values: { policyNumber: 'HR-100001', itemId: '' }, savedAt: '2026-12-07T03:00:00.000Z' },
        ]);
      } finally {
        await s.close();
      }
    });

    it('keeps the last save of a document, without the values left unset', async () => {
      const s = await open({ isOpen: () => true, clock: at('2026-12-07T03:01:00.000Z') });
      try {
        await s.drafts.save('a', { caseNumber: 'CLM-1', policyNumber: 'HR-1' });
        await s.drafts.save('a', { caseNumber: 'CLM-2', policyNumber: undefined });
        expect(await s.drafts.list()).toEqual([
          { documentId: 'a', values: { caseNumber: 'CLM-2' }, savedAt: '2026-12-07T03:01:00.000Z' },
        ]);
      } finally {
        await s.close();
      }
    });

    it('removes a draft saved empty, and the ones discarded', async () => {
      const s = await open({ isOpen: () => true, clock: at('2026-12-07T03:02:00.000Z') });
      try {
        await s.drafts.save('a', { caseNumber: 'CLM-1' });
        await s.drafts.save('b', { caseNumber: 'CLM-2' });
        await s.drafts.save('c', { caseNumber: 'CLM-3' });
        expect(await s.drafts.save('a', { caseNumber: undefined })).toBeNull();
        await s.drafts.discard(['b', 'never-saved']);
        expect((await s.drafts.list()).map((d) => d.documentId)).toEqual(['c']);
      } finally {
        await s.close();
      }
    });

    it('drops the draft of a document no longer open, for good', async () => {
      const inbox = new Set(['a', 'b']);
      const s = await open({ isOpen: (id) => inbox.has(id), clock: at('2026-12-07T03:03:00.000Z') });
      try {
        await s.drafts.save('a', { caseNumber: 'CLM-1' });
        await s.drafts.save('b', { caseNumber: 'CLM-2' });
        inbox.delete('b');
        expect((await s.drafts.list()).map((d) => d.documentId)).toEqual(['a']);
        // Dropped, not hidden: the document back in the inbox (a failed upload) has no old draft.
        inbox.add('b');
        expect((await s.drafts.list()).map((d) => d.documentId)).toEqual(['a']);
      } finally {
        await s.close();
      }
    });

    it('refuses a draft for a document that is not in the inbox, and keeps none', async () => {
      const inbox = new Set<string>();
      const s = await open({ isOpen: (id) => inbox.has(id), clock: at('2026-12-07T03:04:00.000Z') });
      try {
        await expect(s.drafts.save('sent', { caseNumber: 'X' })).rejects.toMatchObject({
          code: 'drafts.document_not_open',
        });
        inbox.add('sent');
        expect(await s.drafts.list()).toEqual([]);
      } finally {
        await s.close();
      }
    });
  });
}
