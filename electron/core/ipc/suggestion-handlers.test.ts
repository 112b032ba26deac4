import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invokes } from '../../../shared/ipc/contract';
import { IntakeError } from '../errors';
import { DocumentTextService } from '../suggestions/document-text';
import { hashFile, TextCache } from '../suggestions/text-cache';
import { letterPdf, letterScan } from '../suggestions/test-support/letters';
import { dispatch } from './handler-table';
import { createSuggestionHandlers } from './suggestion-handlers';
import { completeHandlerTable } from './test-support/complete-handler-table';
import { idleMs } from '../util/test-support/box-pace';

// Issue #39 item 7: documents.pageWords answers the words already read from one page of a document (the
// text cache), for the preview's text layer; a malformed request never reaches the handler.
describe('documents.pageWords', () => {
  let dir: string;
  let text: DocumentTextService;
  /** Document id → its content file. */
  const files = new Map<string, string>();
  const hashes = new Map<string, string>();
  let asked: string[] = [];

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'page-words-'));
    // No page is OCR'd: the scan's page is "not read" by the limit, the PDF's text is its own layer.
    text = new DocumentTextService({ dataDir: join(dir, 'data'), maxOcrPages: 0, poolSize: 1 });
    files.set('letter', join(dir, 'letter.pdf'));
    await writeFile(files.get('letter')!, await letterPdf({ lines: ['Versicherungsnummer: HR-100001', 'Unfall'] }));
    files.set('scan', join(dir, 'scan.png'));
    await writeFile(files.get('scan')!, await letterScan({ lines: ['Schaden'], page: [200, 200] }, { dpi: 100 }));
    files.set('broken', join(dir, 'broken.pdf'));
    await writeFile(files.get('broken')!, '%PDF-1.4 not really');
    for (const [id, path] of files) hashes.set(id, await hashFile(path));
  }, idleMs(60_000));
  afterAll(async () => {
    await text.close();
    await rm(dir, { recursive: true, force: true });
  });

  const handlers = () =>
    completeHandlerTable(
      createSuggestionHandlers({
        text,
        platform: () => ({ searchCustomers: async () => [], getClaimFiles: async () => [] }),
        caseNumberPattern: () => undefined,
        now: () => Date.now(),
        fileOf: (id) => files.get(id)!,
        contentHashOf: (id) => {
          asked.push(id);
          const hash = hashes.get(id);
          if (!hash) throw new IntakeError('not_found', 'document.not_found', `No document with id ${id}.`);
          return hash;
        },
        search: { search: async () => [] } as never,
        suggestType: async () => undefined,
      }),
    );

  it('refuses a malformed request before the handler runs, naming the field', async () => {
    asked = [];
    const bad: [unknown, string][] = [
      [{ id: '', page: 0 }, 'id'],
      [{ id: 'letter' }, 'page'],
      [{ id: 'letter', page: -1 }, 'page'],
      [{ id: 'letter', page: 0.5 }, 'page'],
      [{ id: 'letter', page: '0' }, 'page'],
      [{ id: 'letter', page: 100_001 }, 'page'],
      [{ page: 0 }, 'id'],
      [{ id: 'letter', page: 0, read: 'yes' }, 'read'],
      [null, '(request)'],
    ];
    for (const [request, field] of bad) {
      const r = await dispatch(handlers(), 'documents.pageWords', request);
      expect(r, JSON.stringify(request)).toMatchObject({ ok: false, error: { code: 'ipc.invalid_request' } });
      if (!r.ok) expect(Object.keys(r.error.fields ?? {}), JSON.stringify(request)).toContain(field);
    }
    expect(asked).toEqual([]);
  });

  it('answers "not read" before the text is read, and does not read it unless asked to', async () => {
    const r = await dispatch(handlers(), 'documents.pageWords', { id: 'letter', page: 0 });
    expect(r).toEqual({ ok: true, value: { state: 'notRead', pageCount: 0 } });
    expect(await text.cachedText(hashes.get('letter')!)).toBeUndefined();
  });

  it('asked to read: the words of the page with their places and lines; a page after the last is no page', async () => {
    const r = await dispatch(handlers(), 'documents.pageWords', { id: 'letter', page: 0, read: true });
    if (!r.ok) throw new Error(r.error.message);
    const value = invokes['documents.pageWords'].response.parse(r.value);
    if (value.state !== 'read') throw new Error(`not read: ${value.state}`);
    expect(value).toMatchObject({ source: 'pdf-text', rotation: 0, pageCount: 1 });
    expect(value.words.map((w) => [w.text, w.line])).toEqual([
      ['Versicherungsnummer:', 0],
      ['HR-100001', 0],
      ['Unfall', 1],
    ]);
    const number = value.words[1]!.box;
    // Right of the first word, near the page's top.
    expect(number.x).toBeGreaterThan(value.words[0]!.box.x + value.words[0]!.box.w);
    expect(number.y).toBeLessThan(0.15);
    // Read once: the cache answers now, without `read`.
    expect(await dispatch(handlers(), 'documents.pageWords', { id: 'letter', page: 0 })).toEqual(r);
    expect(await dispatch(handlers(), 'documents.pageWords', { id: 'letter', page: 1 })).toEqual({
      ok: true,
      value: { state: 'noPage', pageCount: 1 },
    });
  });

  it('a content whose read failed for good is "unreadable", not "not read yet"', async () => {
    await new TextCache(join(dir, 'data', 'text-cache')).setFailure(hashes.get('broken')!, 'the worker was killed');
    expect(await dispatch(handlers(), 'documents.pageWords', { id: 'broken', page: 0, read: true })).toEqual({
      ok: true,
      value: { state: 'unreadable', pageCount: 0 },
    });
  });

  it('a scanned page after the OCR page limit is skipped; an unknown document is an error, not a crash', async () => {
    expect((await text.textOf(files.get('scan')!)).ok).toBe(true);
    expect(await dispatch(handlers(), 'documents.pageWords', { id: 'scan', page: 0 })).toEqual({
      ok: true,
      value: { state: 'skipped', pageCount: 1 },
    });
    expect(await dispatch(handlers(), 'documents.pageWords', { id: 'gone', page: 0 })).toMatchObject({
      ok: false,
      error: { code: 'document.not_found' },
    });
  });
});
