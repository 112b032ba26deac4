import { describe, expect, it } from 'vitest';
import { DEFAULT_CAPTURE_PROFILE } from '../../../../../shared/domain/capture';
import type { DocumentStorage } from '../../../queue/document-storage';
import { newDocument } from '../../../queue/test-support/document-storage-contract';
import type { BatchStorage, CaptureBatch, StoredPlan } from '../batch-storage';
import { openedForTest } from '../../../util/test-support/opened-for-test';

/** One engine's batches and the documents beside them, over a fresh place (a temp file, a fresh schema). */
export interface OpenedBatchStorage {
  batches: BatchStorage;
  documents: DocumentStorage;
  close(): Promise<void>;
}

export type BatchStorageFactory = () => Promise<OpenedBatchStorage>;

const at = (minute: number) => new Date(Date.parse('2026-12-07T08:00:00.000Z') + minute * 60_000).toISOString();

let serial = 0;
function newBatch(over: Partial<CaptureBatch> = {}): CaptureBatch {
  serial++;
  return {
    id: `batch-${serial}`,
    fileName: `stapel_${serial}.pdf`,
    sourceFolder: '/scans/claims',
    sourcePath: `/scans/claims/stapel_${serial}.pdf`,
    sourceSize: 2000,
    sourceMtimeMs: 1_765_000_000_000,
    size: 2000,
    sha256: `batch-sha-${serial}`,
    state: 'received',
    profile: { ...DEFAULT_CAPTURE_PROFILE, review: true, blankPages: 'flag' },
    metadata: { caseNumber: 'CLM-2026-000123' },
    autoSubmit: true,
    requiredFields: ['caseNumber'],
    receivedAt: at(0),
    ...over,
  };
}

/**
 * What every implementation of the batches' port does (batch-storage.ts): SQLite's test and an office
 * engine's call this with their factory, so both answer to the same tests.
 */
export function batchStorageContract(engine: string, open: BatchStorageFactory): void {
  describe(`BatchStorage contract: ${engine}`, () => {
    const withStorage = openedForTest(open);

    it(
      "keeps a batch as it was received: a watched folder's file, and a scan with its scanner",
      withStorage(async ({ batches }) => {
        const file = newBatch();
        await batches.insert(file);
        expect(await batches.get(file.id)).toEqual({ ...file, analysisStarts: 0 });
        const scan = newBatch({
          kind: 'scan',
          scanOpen: true,
          scanner: 'https://scanner.local/eSCL',
          autoSubmit: false,
        });
        await batches.insert(scan);
        expect(await batches.get(scan.id)).toEqual({ ...scan, analysisStarts: 0 });
        expect(await batches.get('no-such-batch')).toBeUndefined();
      }),
    );

    it(
      'moves a batch through its states, with its plan, its scan finished and its archive path',
      withStorage(async ({ batches }) => {
        const a = newBatch();
        const b = newBatch({ kind: 'scan', scanOpen: true });
        await batches.insert(a);
        await batches.insert(b);
        const plan: StoredPlan = {
          pages: [
            { page: 0, role: 'content' },
            { page: 1, role: 'separator' },
            { page: 2, role: 'blank' },
          ],
          documents: [
            { pages: [0], metadata: { caseNumber: 'CLM-1' } },
            { pages: [2], metadata: {} },
          ],
        };
        await batches.setPlan(a.id, 'held', plan, at(1));
        expect(await batches.get(a.id)).toMatchObject({ state: 'held', plan });
        const released: StoredPlan = { ...plan, documents: [{ pages: [0, 2], metadata: {} }] };
        await batches.setPlan(a.id, 'released', released, at(2));
        expect(await batches.get(a.id)).toMatchObject({ state: 'released', plan: released });
        await batches.setScanOpen(b.id, false, at(3));
        expect((await batches.get(b.id))?.scanOpen).toBe(false);
        await batches.setScanOpen(b.id, true, at(3));
        expect((await batches.get(b.id))?.scanOpen).toBe(true);
        await batches.setArchivePath(b.id, '/archive/stapel.pdf', at(4));
        expect((await batches.get(b.id))?.archivePath).toBe('/archive/stapel.pdf');
        await batches.setArchivePath(b.id, null, at(4));
        expect(await batches.get(b.id)).not.toHaveProperty('archivePath');
        expect((await batches.inState('received')).map((x) => x.id)).toEqual([b.id]);
        await batches.setState(b.id, 'split', at(5));
        await batches.setState(a.id, 'split', at(5));
        expect((await batches.inState('split')).map((x) => x.id)).toEqual([a.id, b.id]);
        expect(await batches.openIds()).toEqual(new Set([a.id, b.id]));
        await batches.setState(a.id, 'done', at(6));
        expect(await batches.openIds()).toEqual(new Set([b.id]));
      }),
    );

    it(
      'counts the batches waiting to be made into documents: received (a scan once finished) or released',
      withStorage(async ({ batches }) => {
        expect(await batches.waiting()).toBe(0);
        const file = newBatch();
        const scan = newBatch({ kind: 'scan', scanOpen: true });
        const held = newBatch();
        await batches.insert(file);
        await batches.insert(scan);
        await batches.insert(held);
        // The scan the clerk is still scanning into waits for the clerk, not for this station.
        expect(await batches.waiting()).toBe(2);
        await batches.setScanOpen(scan.id, false, at(1));
        expect(await batches.waiting()).toBe(3);
        const plan: StoredPlan = { pages: [{ page: 0, role: 'content' }], documents: [{ pages: [0], metadata: {} }] };
        await batches.setPlan(held.id, 'held', plan, at(2));
        expect(await batches.waiting()).toBe(2);
        await batches.setPlan(held.id, 'released', plan, at(3));
        expect(await batches.waiting()).toBe(3);
        await batches.setState(file.id, 'split', at(4));
        await batches.setState(scan.id, 'done', at(4));
        expect(await batches.waiting()).toBe(1);
      }),
    );

    it(
      'counts the analyses begun and not cleanly stopped, never below none',
      withStorage(async ({ batches }) => {
        const a = newBatch();
        await batches.insert(a);
        await batches.markAnalysisStart(a.id, at(1));
        await batches.markAnalysisStart(a.id, at(2));
        expect((await batches.get(a.id))?.analysisStarts).toBe(2);
        await batches.unmarkAnalysisStart(a.id, at(3));
        await batches.unmarkAnalysisStart(a.id, at(3));
        await batches.unmarkAnalysisStart(a.id, at(3));
        expect((await batches.get(a.id))?.analysisStarts).toBe(0);
      }),
    );

    it(
      'links parts to their batch: how many, where a restart resumes, and which wait for their upload',
      withStorage(async ({ batches, documents }) => {
        const batch = newBatch();
        await batches.insert(batch);
        expect(await batches.partsMade(batch.id)).toEqual({ count: 0, nextPage: 0 });
        const first = await documents.insert(newDocument());
        const second = await documents.insert(newDocument());
        await batches.linkPart({ documentId: first.id, batchId: batch.id, index: 0, count: 0, pages: [0, 1] });
        await batches.linkPart({ documentId: second.id, batchId: batch.id, index: 1, count: 0, pages: [3, 4] });
        expect(await batches.partsMade(batch.id)).toEqual({ count: 2, nextPage: 5 });
        await batches.setPartCount(batch.id, 2);
        expect(await batches.partOf(second.id)).toEqual({
          documentId: second.id,
          batchId: batch.id,
          index: 1,
          count: 2,
          pages: [3, 4],
        });
        expect(await batches.partOf('not-a-part')).toBeUndefined();
        expect(await batches.partsPending(batch.id)).toBe(2);
        await documents.update(first.id, { state: 'archived' }, at(1));
        expect(await batches.partsPending(batch.id)).toBe(1);
        // A part whose document is gone still waits: the batch is not done behind its back.
        await documents.remove(second.id);
        expect(await batches.partsPending(batch.id)).toBe(1);
        expect(await batches.partsPending('other-batch')).toBe(0);
      }),
    );

    it(
      "commits a part's document and its link to the batch in one unit of work over both ports, or neither",
      withStorage(async ({ batches, documents }) => {
        const batch = newBatch();
        await batches.insert(batch);
        const link = (documentId: string, index: number) =>
          batches.linkPart({ documentId, batchId: batch.id, index, count: 0, pages: [index] });
        // Thrown after both writes, from a unit of the documents and from one of the batches: neither is kept.
        const lost = newDocument();
        await expect(
          documents.transaction(async (tx) => {
            await tx.insert(lost);
            await link(lost.id, 0);
            throw new Error('cut off after the link');
          }),
        ).rejects.toThrow('cut off after the link');
        const lostToo = newDocument();
        await expect(
          batches.transaction(async (tx) => {
            await tx.linkPart({ documentId: lostToo.id, batchId: batch.id, index: 0, count: 0, pages: [0] });
            await documents.insert(lostToo);
            await tx.setState(batch.id, 'split', at(1));
            throw new Error('cut off after the document');
          }),
        ).rejects.toThrow('cut off after the document');
        expect(await documents.get(lost.id)).toBeUndefined();
        expect(await documents.get(lostToo.id)).toBeUndefined();
        expect(await batches.partOf(lost.id)).toBeUndefined();
        expect(await batches.partOf(lostToo.id)).toBeUndefined();
        expect(await batches.partsMade(batch.id)).toEqual({ count: 0, nextPage: 0 });
        expect((await batches.get(batch.id))?.state).toBe('received');

        // Resolved: both are kept, and a unit of either port inside the other's joins it.
        const kept = newDocument();
        await documents.transaction(async (tx) => {
          await tx.insert(kept);
          await batches.transaction(async (inner) => {
            await inner.linkPart({ documentId: kept.id, batchId: batch.id, index: 0, count: 0, pages: [0] });
            await inner.setState(batch.id, 'split', at(2));
          });
        });
        expect((await documents.get(kept.id))?.id).toBe(kept.id);
        expect(await batches.partOf(kept.id)).toMatchObject({ batchId: batch.id, index: 0 });
        expect((await batches.get(batch.id))?.state).toBe('split');
        // The documents' unit resolved after the batches' one joined it: a throw there took the inner's too.
        const late = newDocument();
        await expect(
          documents.transaction(async (tx) => {
            await tx.insert(late);
            await batches.transaction((inner) => link(late.id, 1).then(() => inner.setState(batch.id, 'done', at(3))));
            throw new Error('cut off after the inner unit');
          }),
        ).rejects.toThrow('cut off after the inner unit');
        expect(await batches.partOf(late.id)).toBeUndefined();
        expect((await batches.get(batch.id))?.state).toBe('split');
      }),
    );

    it(
      "lets two units that decide on one batch take turns: the later reads the earlier one's commit",
      withStorage(async ({ batches }) => {
        const batch = newBatch({ state: 'held' });
        await batches.insert(batch);
        const plan: StoredPlan = { pages: [{ page: 0, role: 'content' }], documents: [{ pages: [0], metadata: {} }] };
        // Two releases of one held batch: one finds it held and releases it, the other finds it released.
        const release = () =>
          batches.transaction(async (tx) => {
            if ((await tx.get(batch.id))?.state !== 'held') return false;
            await tx.setPlan(batch.id, 'released', plan, at(1));
            return true;
          });
        const outcomes = await Promise.all([release(), release()]);
        expect(outcomes.sort()).toEqual([false, true]);
        expect((await batches.get(batch.id))?.state).toBe('released');
      }),
    );
  });
}
