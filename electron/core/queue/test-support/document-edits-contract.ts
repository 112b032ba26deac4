import { describe, expect, it } from 'vitest';
import { historyStep } from '../../../../shared/domain/history';
import { DocumentEdits } from '../document-edits';
import type { DocumentStorage } from '../document-storage';
import type { DocumentStorageFactory } from './document-storage-contract';
import { newDocument } from './document-storage-contract';
import { openedForTest } from '../../util/test-support/opened-for-test';

/**
 * The page tools' document edits (document-edits.ts) over one engine's storage port: a file replaced, a
 * document taken back and brought back, never under a queued document, and several edits in one unit all or
 * nothing. The page tools' own records and files are theirs (capture/page-tools); here the edits alone.
 */
export function documentEditsContract(engine: string, open: DocumentStorageFactory): void {
  describe(`the page tools' document edits on the storage port: ${engine}`, () => {
    const withStorage = openedForTest(open);

    /** The edits over `documents`, and what they told (changes, removals, spool files owned). */
    function editsOver(documents: DocumentStorage) {
      const told: string[] = [];
      const edits = new DocumentEdits(
        {
          now: () => new Date().toISOString(),
          changed: (docs) => told.push(...docs.map((d) => `changed ${d.id} ${d.fileName}`)),
          removed: (id) => told.push(`removed ${id}`),
          spoolNameAdded: (name) => told.push(`owns ${name}`),
        },
        documents,
      );
      return { edits, told };
    }

    it(
      "replaces a document's file, takes one back and brings it back, and tells each once committed",
      withStorage(async ({ documents, history }) => {
        const { edits, told } = editsOver(documents);
        const d = await documents.insert(newDocument({ fileName: 'scan.tif', idempotencyKey: 'scan-key' }));
        const seen: string[] = [];
        const edited = await edits.replaceContent(
          d.id,
          { spoolName: 'scan.edit1', fileName: 'scan.pdf', size: 10, sha256: 'edited' },
          historyStep('pagesEdited'),
          (before) => void seen.push(before.spoolName),
        );
        expect(seen).toEqual([d.spoolName]);
        expect(edited).toMatchObject({
          fileName: 'scan.pdf',
          contentType: 'application/pdf',
          size: 10,
          sha256: 'edited',
        });
        expect(edited).not.toHaveProperty('idempotencyKey');
        expect(await documents.get(d.id)).toMatchObject({ spoolName: 'scan.edit1' });
        expect((await history.history({ limit: 5 }))[0]?.step).toEqual(historyStep('pagesEdited'));

        const part = await documents.insert(newDocument());
        expect(await edits.discard(part.id)).toBe(part.spoolName);
        expect(await documents.get(part.id)).toBeUndefined();
        await edits.readmit(part, historyStep('mergeUndone'));
        expect(await documents.get(part.id)).toMatchObject({ id: part.id, spoolName: part.spoolName });
        expect(told).toEqual([
          'owns scan.edit1',
          `changed ${d.id} scan.pdf`,
          `removed ${part.id}`,
          `owns ${part.spoolName}`,
          `changed ${part.id} ${part.fileName}`,
        ]);
      }),
    );

    it(
      'refuses an edit once the document is queued, and several edits in one unit commit or roll back together',
      withStorage(async ({ documents }) => {
        const { edits } = editsOver(documents);
        const queued = await documents.insert(newDocument({ state: 'queued' }));
        let recorded = false;
        await expect(
          edits.replaceContent(
            queued.id,
            { spoolName: 'x.edit1', fileName: 'x.pdf', size: 1, sha256: 'x' },
            historyStep('pagesEdited'),
            () => void (recorded = true),
          ),
        ).rejects.toMatchObject({ code: 'document.state' });
        expect(recorded).toBe(false);
        expect(await documents.get(queued.id)).toEqual(queued);

        // A merge whose last step fails: the target keeps its file, the other document stays.
        const target = await documents.insert(newDocument());
        const other = await documents.insert(newDocument());
        const failure = new Error('the merge failed at its end');
        await expect(
          edits.inOneUnit(async () => {
            await edits.replaceContent(
              target.id,
              { spoolName: 'merged.edit1', fileName: 'merged.pdf', size: 2, sha256: 'merged' },
              historyStep('merged'),
              () => undefined,
            );
            await edits.discard(other.id);
            throw failure;
          }),
        ).rejects.toBe(failure);
        expect(await documents.get(target.id)).toEqual(target);
        expect(await documents.get(other.id)).toEqual(other);
      }),
    );
  });
}
