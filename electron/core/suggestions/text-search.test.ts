import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Document } from '../../../shared/domain/document';
import { DocumentTextService } from './document-text';
import { hashFile } from './text-cache';
import { TextSearch } from './text-search';
import { letterPdf } from './test-support/letters';

let dir: string;
let text: DocumentTextService;
const docs: Document[] = [];

/** A document record as the queue lists it: what the search needs is its id and content hash. */
const record = (id: string, sha256: string) => ({ id, sha256 }) as Document;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'text-search-'));
  text = new DocumentTextService({ dataDir: join(dir, 'data'), poolSize: 1 });
  const letters: Record<string, string[]> = {
    mueller: ['Sehr geehrter Herr Müller,', 'Ihre Versicherungsnummer   HR-100001', 'Wasserschaden in der Küche'],
    schmidt: ['Sehr geehrte Frau Schmidt,', 'Kennzeichen HH-AB 1234'],
    unread: ['Versicherungsnummer HR-100001, noch nicht gelesen'],
  };
  for (const [id, lines] of Object.entries(letters)) {
    const path = join(dir, `${id}.pdf`);
    writeFileSync(path, await letterPdf({ lines }));
    docs.push(record(id, await hashFile(path)));
    if (id !== 'unread') expect(await text.textOf(path)).toMatchObject({ ok: true });
  }
});
afterAll(async () => {
  await text.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('inbox search over the documents’ text', () => {
  const search = () =>
    new TextSearch({
      cachedText: (h, languages) => text.cachedText(h, languages),
      languagesOf: () => text.languages,
      documents: () => docs,
    });

  it('finds the document whose text holds the words, in any case and spacing, with the words around them', async () => {
    const s = search();
    const found = await s.search('versicherungsnummer hr-100001', 10);
    expect(found).toEqual([{ id: 'mueller', page: 0, snippet: expect.stringContaining('hr-100001') }]);
    expect((await s.search('WASSERSCHADEN', 10)).map((m) => m.id)).toEqual(['mueller']);
    expect((await s.search('hh-ab 1234', 10)).map((m) => m.id)).toEqual(['schmidt']);
    expect(await s.search('Meier', 10)).toEqual([]);
  });

  it('a document whose text was not read yet is not found, and is found once it has been read', async () => {
    const s = search();
    expect((await s.search('noch nicht gelesen', 10)).map((m) => m.id)).toEqual([]);
    await text.textOf(join(dir, 'unread.pdf'));
    expect((await s.search('noch nicht gelesen', 10)).map((m) => m.id)).toEqual(['unread']);
  });

  it('stops at the limit', async () => {
    expect(await search().search('sehr geehrte', 1)).toHaveLength(1);
  });
});
