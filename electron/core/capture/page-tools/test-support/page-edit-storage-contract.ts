import { describe, expect, it } from 'vitest';
import type { DocumentStorage } from '../../../queue/document-storage';
import { newDocument } from '../../../queue/test-support/document-storage-contract';
import { openedForTest } from '../../../util/test-support/opened-for-test';
import type { PageEditRecord, PageEditStorage } from '../page-edit-storage';

/** One engine's page edits and the documents beside them, over a fresh place (a temp file, a fresh schema). */
export interface OpenedPageEditStorage {
  pageEdits: PageEditStorage;
  documents: DocumentStorage;
  close(): Promise<void>;
}

export type PageEditStorageFactory = () => Promise<OpenedPageEditStorage>;

const at = new Date('2026-12-07T08:00:00.000Z').toISOString();

/** The file a document had before its edit number `seq`. */
function edit(documentId: string, seq: number, over: Partial<PageEditRecord> = {}): PageEditRecord {
  return {
    documentId,
    seq,
    spoolName: seq === 1 ? documentId : `${documentId}.edit${seq - 1}`,
    fileName: `scan-${seq}.pdf`,
    size: 1000 + seq,
    sha256: `sha-before-${seq}`,
    ...over,
  };
}

/**
 * What every implementation of the page tools' port does (page-edit-storage.ts): SQLite's test and an office
 * engine's call this with their factory, so both answer to the same tests.
 */
export function pageEditStorageContract(engine: string, open: PageEditStorageFactory): void {
  describe(`PageEditStorage contract: ${engine}`, () => {
    const withStorage = openedForTest(open);

    it(
      'keeps each edit as recorded, per document: the last, how many, the highest number, oldest first',
      withStorage(async ({ pageEdits, documents }) => {
        const mergedIn = await documents.insert(
          newDocument({ fileName: 'b.tif', contentType: 'image/tiff', metadata: { policyNumber: 'HR-100001' } }),
        );
        const first = edit('doc-a', 1);
        const split = edit('doc-a', 2, { splitInto: 'doc-a-part-2' });
        const merge = edit('doc-a', 3, { merged: [mergedIn] });
        const other = edit('doc-b', 1);
        // Recorded out of order: the order read is the edits', not the inserts'.
        for (const e of [split, other, first, merge]) await pageEdits.insert(e);

        expect(await pageEdits.all('doc-a')).toEqual([first, split, merge]);
        expect(await pageEdits.last('doc-a')).toEqual(merge);
        expect(await pageEdits.count('doc-a')).toBe(3);
        expect(await pageEdits.maxSeq('doc-a')).toBe(3);
        expect(await pageEdits.all('doc-b')).toEqual([other]);
        // What a record holds comes back as it was written, nothing added (no splitInto, no merged).
        expect(Object.keys((await pageEdits.last('doc-b')) ?? {}).sort()).toEqual(Object.keys(other).sort());
        expect(await pageEdits.all('no-edits')).toEqual([]);
        expect(await pageEdits.last('no-edits')).toBeUndefined();
        expect(await pageEdits.count('no-edits')).toBe(0);
        expect(await pageEdits.maxSeq('no-edits')).toBe(0);
      }),
    );

    it(
      'takes back one edit (an undo) or every edit of a document (uploaded), and refuses a number twice',
      withStorage(async ({ pageEdits }) => {
        for (const e of [edit('doc-a', 1), edit('doc-a', 2), edit('doc-b', 1)]) await pageEdits.insert(e);
        await expect(pageEdits.insert(edit('doc-a', 2, { spoolName: 'other' }))).rejects.toThrow();
        expect((await pageEdits.last('doc-a'))?.spoolName).toBe('doc-a.edit1');

        await pageEdits.remove('doc-a', 2);
        expect(await pageEdits.last('doc-a')).toEqual(edit('doc-a', 1));
        expect(await pageEdits.maxSeq('doc-a')).toBe(1);
        await pageEdits.remove('doc-a', 7); // not there: nothing happens
        expect(await pageEdits.count('doc-a')).toBe(1);

        await pageEdits.insert(edit('doc-a', 2));
        await pageEdits.removeAll('doc-a');
        expect(await pageEdits.count('doc-a')).toBe(0);
        expect(await pageEdits.all('doc-b')).toEqual([edit('doc-b', 1)]);
      }),
    );

    it(
      "names the spool files it keeps: the files before the edits and merged-in documents' files",
      withStorage(async ({ pageEdits, documents }) => {
        expect(await pageEdits.spoolNames()).toEqual(new Set());
        const b = await documents.insert(newDocument({ spoolName: 'spool-of-b' }));
        const c = await documents.insert(newDocument({ spoolName: 'spool-of-c' }));
        await pageEdits.insert(edit('doc-a', 1));
        await pageEdits.insert(edit('doc-a', 2, { merged: [b, c] }));
        await pageEdits.insert(edit('doc-d', 1, { splitInto: 'doc-e' }));
        expect(await pageEdits.spoolNames()).toEqual(
          new Set(['doc-a', 'doc-a.edit1', 'spool-of-b', 'spool-of-c', 'doc-d']),
        );
        await pageEdits.remove('doc-a', 2);
        expect(await pageEdits.spoolNames()).toEqual(new Set(['doc-a', 'doc-d']));
      }),
    );

    it(
      "commits an edit's record with its document's change in one unit of work of the documents, or neither",
      withStorage(async ({ pageEdits, documents }) => {
        const d = await documents.insert(newDocument());
        const switchFile = (spoolName: string) =>
          documents.update(d.id, { file: { spoolName, fileName: 'x.pdf', contentType: 'application/pdf' } }, at);
        await expect(
          documents.transaction(async () => {
            await pageEdits.insert(edit(d.id, 1, { spoolName: d.spoolName }));
            await switchFile(`${d.id}.edit1`);
            throw new Error('cut off after the switch');
          }),
        ).rejects.toThrow('cut off after the switch');
        expect(await pageEdits.count(d.id)).toBe(0);
        expect((await documents.get(d.id))?.spoolName).toBe(d.spoolName);

        await documents.transaction(async () => {
          await pageEdits.insert(edit(d.id, 1, { spoolName: d.spoolName }));
          await switchFile(`${d.id}.edit1`);
        });
        expect(await pageEdits.count(d.id)).toBe(1);
        expect((await documents.get(d.id))?.spoolName).toBe(`${d.id}.edit1`);

        // An undo: the record taken back with the switch back, both or neither.
        const undo = (fail: boolean) =>
          documents.transaction(async () => {
            await switchFile(d.spoolName);
            await pageEdits.remove(d.id, 1);
            if (fail) throw new Error('cut off after the removal');
          });
        await expect(undo(true)).rejects.toThrow('cut off after the removal');
        expect(await pageEdits.count(d.id)).toBe(1);
        expect((await documents.get(d.id))?.spoolName).toBe(`${d.id}.edit1`);
        await undo(false);
        expect(await pageEdits.count(d.id)).toBe(0);
        expect((await documents.get(d.id))?.spoolName).toBe(d.spoolName);
      }),
    );

    it(
      'a read from outside never sees a record of a unit that has not committed (here: one rolled back)',
      withStorage(async ({ pageEdits, documents }) => {
        let halfway!: () => void;
        const reached = new Promise<void>((resolve) => (halfway = resolve));
        let finish!: () => void;
        const finished = new Promise<void>((resolve) => (finish = resolve));
        const unit = documents.transaction(async () => {
          await pageEdits.insert(edit('doc-a', 1));
          halfway();
          await finished;
          throw new Error('rolled back');
        });
        await reached;
        // Asked while the unit is open (an engine answers now, from what is committed, or once the unit ended).
        const reads = Promise.all([pageEdits.count('doc-a'), pageEdits.all('doc-a'), pageEdits.spoolNames()]);
        finish();
        await expect(unit).rejects.toThrow('rolled back');
        expect(await reads).toEqual([0, [], new Set()]);
      }),
    );
  });
}
