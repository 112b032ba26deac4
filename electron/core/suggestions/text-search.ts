/**
 * The inbox's search over the documents' text (issue #17 item 4): the text read for suggestions (cached
 * by content hash) is searched, so a clerk finds the letter that names a number or a name. Only text that
 * has been read is searched: documents arriving now are read in the background (background-text.ts);
 * nothing is read here. The plain text of each content is kept in memory after the first search (a page
 * of a letter is a few KB; the map is bounded), so typing in the search field does not read every cache
 * file again.
 */
import type { Document } from '../../../shared/domain/document';
import type { TextMatch } from '../../../shared/domain/suggestions';
import type { CachedText } from './text-cache';

export interface TextSearchDeps {
  cachedText: (hash: string, languages: string) => Promise<CachedText | undefined>;
  /** The OCR languages a document is read in (issue #46): text read again in others is searched anew. */
  languagesOf: (doc: Document) => string;
  documents: () => Document[] | Promise<Document[]>;
  /** Contents kept in memory (default 5000). */
  maxKept?: number;
}

/** Lower case, one space between words, so line breaks and OCR spacing do not hide a match. */
export function normalize(text: string): string {
  return text.toLocaleLowerCase('de').replace(/\s+/g, ' ').trim();
}

const SNIPPET_CONTEXT = 40;

export class TextSearch {
  /** hash:languages → normalized text per page ('' where there is none). */
  private readonly kept = new Map<string, string[] | null>();

  constructor(private readonly deps: TextSearchDeps) {}

  async search(query: string, limit: number): Promise<TextMatch[]> {
    const q = normalize(query);
    if (!q) return [];
    const matches: TextMatch[] = [];
    for (const doc of await this.deps.documents()) {
      const pages = await this.pagesOf(doc);
      if (!pages) continue;
      for (let page = 0; page < pages.length; page++) {
        const text = pages[page] ?? '';
        const at = text.indexOf(q);
        if (at < 0) continue;
        const from = Math.max(0, at - SNIPPET_CONTEXT);
        const to = Math.min(text.length, at + q.length + SNIPPET_CONTEXT);
        matches.push({
          id: doc.id,
          page,
          snippet: `${from > 0 ? '…' : ''}${text.slice(from, to)}${to < text.length ? '…' : ''}`,
        });
        break;
      }
      if (matches.length >= limit) break;
    }
    return matches;
  }

  private async pagesOf(doc: Document): Promise<string[] | null> {
    const languages = this.deps.languagesOf(doc);
    const key = `${doc.sha256}:${languages}`;
    const known = this.kept.get(key);
    if (known !== undefined) return known;
    const cached = await this.deps.cachedText(doc.sha256, languages);
    // Not read yet: not remembered either, so it is found once the background read has it.
    if (!cached) return null;
    const pages = cached.pages.map((p) => normalize(p.lines.map((l) => l.map((w) => w.text).join(' ')).join(' ')));
    if (this.kept.size >= (this.deps.maxKept ?? 5000)) {
      const oldest = this.kept.keys().next().value;
      if (oldest !== undefined) this.kept.delete(oldest);
    }
    this.kept.set(key, pages);
    return pages;
  }
}
