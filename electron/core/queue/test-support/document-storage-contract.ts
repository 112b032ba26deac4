import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { DocumentStorage, NewDocument } from '../document-storage';
import type { HistoryStorage } from '../history-storage';
import { unitOfWorkContract } from './unit-of-work-contract';
import { openedForTest } from '../../util/test-support/opened-for-test';

/** One engine's documents and history over a fresh place (a temp file, a fresh schema). */
export interface OpenedDocumentStorage {
  documents: DocumentStorage;
  history: HistoryStorage;
  /** Whether units of work run one at a time (SQLite: one connection), not side by side under locks. */
  unitsTakeTurns?: boolean;
  close(): Promise<void>;
}

export type DocumentStorageFactory = () => Promise<OpenedDocumentStorage>;

const T0 = Date.parse('2026-12-07T08:00:00.000Z');
const at = (minute: number) => new Date(T0 + minute * 60_000).toISOString();

let serial = 0;
/** A new document as the queue's intake makes it; `over` sets what the test is about. */
export function newDocument(over: Partial<NewDocument> = {}): NewDocument {
  serial++;
  return {
    id: `doc-${serial}`,
    fileName: `scan_${serial}.pdf`,
    sourceFolder: '/scans/claims',
    spoolName: `spool-${serial}.pdf`,
    size: 1000 + serial,
    contentType: 'application/pdf',
    sha256: `sha-${serial}`,
    at: at(0),
    state: 'new',
    metadata: {},
    ...over,
  };
}

/**
 * What every implementation of the queue's storage ports does (document-storage.ts, history-storage.ts):
 * SQLite's test and an office engine's call this with their factory, so both answer to the same tests.
 */
export function documentStorageContract(engine: string, open: DocumentStorageFactory): void {
  describe(`DocumentStorage and HistoryStorage contract: ${engine}`, () => {
    const withStorage = openedForTest(open);

    it(
      'stores a document as given, its seen-file key and its first history entry, in one insert',
      withStorage(async ({ documents, history }) => {
        const d = newDocument({
          sourcePath: '/scans/claims/scan.pdf',
          sourceSize: 4711,
          sourceMtimeMs: 1_765_000_000_000,
          metadata: { caseNumber: 'CLM-2026-000123', policyNumber: 'HR-100001' },
          state: 'failed',
          error: { code: 'file.unreadable', message: 'EACCES', retryable: true },
          duplicateOf: 'other',
          idempotencyKey: 'key-1',
          seenKey: 'seen-1',
        });
        const stored = await documents.insert(d, { code: 'arrived', values: {} });
        expect(stored).toEqual({
          id: d.id,
          fileName: d.fileName,
          sourceFolder: '/scans/claims',
          size: d.size,
          contentType: 'application/pdf',
          sha256: d.sha256,
          arrivedAt: at(0),
          updatedAt: at(0),
          state: 'failed',
          metadata: { caseNumber: 'CLM-2026-000123', policyNumber: 'HR-100001' },
          attempts: 0,
          idempotencyKey: 'key-1',
          error: { code: 'file.unreadable', message: 'EACCES', retryable: true },
          duplicateOf: 'other',
          spoolName: d.spoolName,
          sourcePath: '/scans/claims/scan.pdf',
          sourceSize: 4711,
          sourceMtimeMs: 1_765_000_000_000,
        });
        expect(await documents.get(d.id)).toEqual(stored);
        expect(await documents.get('no-such-document')).toBeUndefined();
        expect(await documents.hasSeen('seen-1')).toBe(true);
        expect(await documents.hasSeen('seen-2')).toBe(false);
        expect(await history.history({ limit: 10 })).toEqual([
          {
            documentId: d.id,
            fileName: d.fileName,
            caseNumber: 'CLM-2026-000123',
            state: 'failed',
            step: { code: 'arrived', values: {} },
            at: at(0),
          },
        ]);
        // Several at once: those stored, an id not stored left out.
        const second = await documents.insert(newDocument());
        const many = await documents.getMany([second.id, 'no-such-document', d.id]);
        expect([...many].sort((a, b) => a.id.localeCompare(b.id))).toEqual(
          [stored, second].sort((a, b) => a.id.localeCompare(b.id)),
        );
        expect(await documents.getMany([])).toEqual([]);
      }),
    );

    it(
      'keeps a seen-file key without a document, and answers whether the call recorded it',
      withStorage(async ({ documents }) => {
        expect(await documents.markSeen('batch-file', 'batch-1', at(0))).toBe(true);
        expect(await documents.hasSeen('batch-file')).toBe(true);
        expect(await documents.get('batch-1')).toBeUndefined();
        // Taken already (here, or by another station): not recorded again, and it says so.
        expect(await documents.markSeen('batch-file', 'batch-2', at(1))).toBe(false);
        await documents.insert(newDocument({ seenKey: 'folder-file' }));
        expect(await documents.markSeen('folder-file', 'batch-3', at(1))).toBe(false);
      }),
    );

    it(
      'keeps seen-file keys as the watched folders make them (parts joined by NUL, any character of a file name)',
      withStorage(async ({ documents }) => {
        // hot-folder.ts seenKeyOf: folder, path, size and mtime joined by U+0000, which no path holds.
        const key = (name: string) => ['/scans/Büro', `2026/${name}`, 1234, 1765000000000].join('\u0000');
        await documents.insert(newDocument({ seenKey: key('a.pdf') }));
        expect(await documents.hasSeen(key('a.pdf'))).toBe(true);
        expect(await documents.markSeen(key('b\\0.pdf'), 'batch-1', at(0))).toBe(true);
        // A name with the characters an encoding of NUL might use is another key, not the same one.
        expect(await documents.hasSeen(key('b\u0000.pdf'))).toBe(false);
        expect(await documents.hasSeen(key('b\\0.pdf'))).toBe(true);
        expect(await documents.markSeen(key('b\u0000.pdf'), 'batch-2', at(0))).toBe(true);
        expect(await documents.hasSeen(key('c.pdf'))).toBe(false);
      }),
    );

    it(
      'applies a patch: fields left out stay, null clears, and only a new state or other bytes make history',
      withStorage(async ({ documents, history }) => {
        const d = await documents.insert(
          newDocument({ error: { code: 'x', message: 'x', retryable: false }, idempotencyKey: 'k' }),
        );
        const tagged = await documents.update(
          d.id,
          { state: 'tagged', metadata: { caseNumber: 'CLM-1' }, error: null, idempotencyKey: null },
          at(1),
          { code: 'tagged', values: {} },
        );
        expect(tagged).toMatchObject({ state: 'tagged', metadata: { caseNumber: 'CLM-1' }, updatedAt: at(1) });
        expect(tagged).not.toHaveProperty('error');
        expect(tagged).not.toHaveProperty('idempotencyKey');
        expect(tagged.fileName).toBe(d.fileName);
        // The same state again, and a change that is not a state: no history entry.
        await documents.update(d.id, { state: 'tagged', metadata: { caseNumber: 'CLM-2' } }, at(2));
        await documents.update(d.id, { attempts: 2, nextAttemptAtMs: T0 + 5_000 }, at(3));
        const retried = await documents.get(d.id);
        expect(retried).toMatchObject({ attempts: 2, nextAttemptAt: new Date(T0 + 5_000).toISOString() });
        expect(await documents.update(d.id, { nextAttemptAtMs: null }, at(3))).not.toHaveProperty('nextAttemptAt');
        // Other bytes (a page edit) are history though the state stays.
        const edited = await documents.update(
          d.id,
          { file: { spoolName: 'edited.pdf', fileName: 'edited.pdf', contentType: 'application/pdf' } },
          at(4),
          { code: 'pagesEdited', values: {} },
        );
        expect(edited).toMatchObject({ spoolName: 'edited.pdf', fileName: 'edited.pdf', state: 'tagged' });
        const content = await documents.update(d.id, { content: { size: 99, sha256: 'other' } }, at(5));
        expect(content).toMatchObject({ size: 99, sha256: 'other' });
        const steps = (await history.history({ limit: 10 })).map((h) => [h.fileName, h.state, h.caseNumber, h.step]);
        expect(steps).toEqual([
          ['edited.pdf', 'tagged', 'CLM-2', { code: 'pagesEdited', values: {} }],
          [d.fileName, 'tagged', 'CLM-1', { code: 'tagged', values: {} }],
          [d.fileName, 'new', undefined, undefined],
        ]);
        await expect(documents.update('no-such-document', { state: 'tagged' }, at(6))).rejects.toThrow();
      }),
    );

    it(
      'keeps the upload order: queued oldest first, due now, less those excluded, and the next due time',
      withStorage(async ({ documents }) => {
        const first = await documents.insert(newDocument({ state: 'queued' }));
        const second = await documents.insert(newDocument());
        const third = await documents.insert(newDocument());
        // Queued later, so after `first`, whatever the order they arrived in.
        await documents.update(third.id, { state: 'queued', enqueue: true }, at(1));
        await documents.update(second.id, { state: 'queued', enqueue: true, nextAttemptAtMs: T0 + 60_000 }, at(2));
        const ids = async (nowMs: number, limit: number, exclude: string[] = []) =>
          (await documents.due(nowMs, limit, new Set(exclude))).map((d) => d.id);
        expect(await ids(T0, 10)).toEqual([first.id, third.id]);
        expect(await ids(T0 + 60_000, 10)).toEqual([first.id, third.id, second.id]);
        expect(await ids(T0 + 60_000, 2)).toEqual([first.id, third.id]);
        expect(await ids(T0 + 60_000, 2, [first.id])).toEqual([third.id, second.id]);
        expect(await documents.nextDueAt()).toBe(T0 + 60_000);
        await documents.update(second.id, { state: 'uploading' }, at(3));
        expect(await documents.nextDueAt()).toBeUndefined();
        expect(await documents.activeCount()).toBe(3);
      }),
    );

    it(
      'lists newest first, by state and by a text in the name, case number or metadata, taken literally',
      withStorage(async ({ documents }) => {
        const a = await documents.insert(newDocument({ fileName: 'Brief 100%.pdf' }));
        const b = await documents.insert(newDocument({ metadata: { caseNumber: 'CLM-2026-000777' }, state: 'tagged' }));
        const c = await documents.insert(newDocument({ metadata: { policyNumber: 'HR_55' } }));
        const ids = async (q: Parameters<DocumentStorage['list']>[0]) => {
          const { documents: found, total } = await documents.list(q);
          return [found.map((d) => d.id), total];
        };
        expect(await ids({ limit: 10, offset: 0 })).toEqual([[c.id, b.id, a.id], 3]);
        expect(await ids({ limit: 1, offset: 1 })).toEqual([[b.id], 3]);
        expect(await ids({ states: ['tagged'], limit: 10, offset: 0 })).toEqual([[b.id], 1]);
        expect(await ids({ query: '000777', limit: 10, offset: 0 })).toEqual([[b.id], 1]);
        expect(await ids({ query: 'HR_55', limit: 10, offset: 0 })).toEqual([[c.id], 1]);
        expect(await ids({ query: '100%', limit: 10, offset: 0 })).toEqual([[a.id], 1]);
        // `%` and `_` are the clerk's characters, not wildcards.
        expect(await ids({ query: '0%.', limit: 10, offset: 0 })).toEqual([[a.id], 1]);
        expect(await ids({ query: 'HR_5_', limit: 10, offset: 0 })).toEqual([[], 0]);
        expect(await ids({ query: 'Brief_', limit: 10, offset: 0 })).toEqual([[], 0]);
        expect((await documents.inStates(['new'])).map((d) => d.id)).toEqual([a.id, c.id]);
        expect(await documents.counts()).toEqual({
          new: 2,
          tagged: 1,
          queued: 0,
          uploading: 0,
          uploaded: 0,
          archived: 0,
          failed: 0,
        });
      }),
    );

    it(
      'finds an earlier upload of the same content, and not the document itself',
      withStorage(async ({ documents }) => {
        const sent = await documents.insert(newDocument({ sha256: 'same' }));
        const again = await documents.insert(newDocument({ sha256: 'same' }));
        expect(await documents.uploadedWithHash('same', again.id)).toBeUndefined();
        await documents.update(sent.id, { state: 'uploaded', uploadedAt: at(1) }, at(1));
        expect(await documents.uploadedWithHash('same', again.id)).toBe(sent.id);
        expect(await documents.uploadedWithHash('same', sent.id)).toBeUndefined();
      }),
    );

    it(
      'removes a document and keeps its history',
      withStorage(async ({ documents, history }) => {
        const d = await documents.insert(newDocument(), { code: 'splitFrom', values: { file: 'x.pdf', page: 2 } });
        await documents.remove(d.id);
        expect(await documents.get(d.id)).toBeUndefined();
        expect(await documents.spoolNames()).toEqual(new Set());
        expect((await history.history({ limit: 10 })).map((h) => h.documentId)).toEqual([d.id]);
      }),
    );

    it(
      'knows the files taken in place in a folder, moves them, and the unreadable ones by their path',
      withStorage(async ({ documents }) => {
        const folder = join('/scans', 'claims');
        const inPlace = await documents.insert(
          newDocument({ sourcePath: join(folder, 'a.pdf'), sourceSize: 10, sourceMtimeMs: 20 }),
        );
        await documents.insert(
          newDocument({ sourcePath: join('/scans', 'claims-old', 'c.pdf'), sourceSize: 10, sourceMtimeMs: 20 }),
        );
        const archived = await documents.insert(
          newDocument({ sourcePath: join(folder, 'd.pdf'), sourceSize: 10, sourceMtimeMs: 20 }),
        );
        await documents.update(archived.id, { state: 'archived' }, at(1));
        const unreadable = await documents.insert(
          newDocument({
            sourcePath: join(folder, 'locked.pdf'),
            sourceSize: 10,
            sourceMtimeMs: 20,
            state: 'failed',
            error: { code: 'file.unreadable', message: 'EACCES', retryable: true },
          }),
        );
        const sources = await documents.inPlaceSources(folder);
        const ids = sources.map((x) => x.id);
        // A folder whose name only begins like it is another folder; archived and unreadable files are left out.
        expect(ids).toContain(inPlace.id);
        expect(ids).not.toContain(archived.id);
        expect(ids).not.toContain(unreadable.id);
        expect(sources.every((x) => x.path.startsWith(join(folder, '/')))).toBe(true);
        expect(sources.find((s) => s.id === inPlace.id)).toEqual({
          id: inPlace.id,
          path: join(folder, 'a.pdf'),
          size: 10,
          mtimeMs: 20,
        });
        await documents.moveSource(inPlace.id, join(folder, '.intake', 'taken', 'a.pdf'));
        expect((await documents.get(inPlace.id))?.sourcePath).toBe(join(folder, '.intake', 'taken', 'a.pdf'));
        expect(await documents.unreadableDocuments()).toEqual(new Map([[join(folder, 'locked.pdf'), unreadable.id]]));
      }),
    );

    it(
      'reads the history newest first, by file name or case number, between two times, at most `limit`',
      withStorage(async ({ documents, history }) => {
        const a = await documents.insert(newDocument({ fileName: 'alpha.pdf', at: at(0) }), {
          code: 'arrived',
          values: {},
        });
        const b = await documents.insert(newDocument({ fileName: 'beta.pdf', at: at(1) }));
        await documents.update(a.id, { state: 'tagged', metadata: { caseNumber: 'CLM-9' } }, at(2));
        await documents.update(b.id, { state: 'failed' }, at(3), {
          code: 'partOf',
          values: { n: 2, file: 'batch.pdf', pages: '3, 4' },
        });
        const entries = await history.history({ limit: 10 });
        expect(entries.map((h) => [h.fileName, h.state, h.at])).toEqual([
          ['beta.pdf', 'failed', at(3)],
          ['alpha.pdf', 'tagged', at(2)],
          ['beta.pdf', 'new', at(1)],
          ['alpha.pdf', 'new', at(0)],
        ]);
        expect(entries[0]?.step).toEqual({ code: 'partOf', values: { n: 2, file: 'batch.pdf', pages: '3, 4' } });
        expect((await history.history({ limit: 2 })).map((h) => h.at)).toEqual([at(3), at(2)]);
        expect((await history.history({ query: 'alph', limit: 10 })).map((h) => h.at)).toEqual([at(2), at(0)]);
        expect((await history.history({ query: 'CLM-9', limit: 10 })).map((h) => h.at)).toEqual([at(2)]);
        expect((await history.history({ from: at(1), to: at(2), limit: 10 })).map((h) => h.at)).toEqual([at(2), at(1)]);
      }),
    );

    it(
      'answers the durability waits once what was written is kept',
      withStorage(async ({ documents }) => {
        const d = await documents.insert(newDocument({ state: 'queued', idempotencyKey: 'key' }));
        await documents.durable();
        await documents.durableSoon();
        await documents.keyDurable(d.id);
        await documents.keyDurable('never-written');
        expect((await documents.get(d.id))?.idempotencyKey).toBe('key');
      }),
    );

    unitOfWorkContract(withStorage);
  });
}
