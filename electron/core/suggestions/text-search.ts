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
  cachedText: (hash: string) => Promise<CachedText | undefined>;
  documents: () => Document[];
  /** Contents kept in memory (default 5000). */
  maxKept?: number;
}

/** Lower case, one space between words, so line breaks and OCR spacing do not hide a match. */
export function normalize(text: string): string {
  return text.toLocaleLowerCase('de').replace(/\s+/g, ' ').trim();
}

const SNIPPET_CONTEXT = 40;

export class TextSearch {
  /** hash → normalized text per page ('' where there is none); undefined = read, but no text. */
  private readonly kept = new Map<string, string[] | null>();

  constructor(private readonly deps: TextSearchDeps) {}

  async search(query: string, limit: number): Promise<TextMatch[]> {
    const q = normalize(query);
    if (!q) return [];
    const matches: TextMatch[] = [];
    for (const doc of this.deps.documents()) {
      const pages = await this.pagesOf(doc.sha256);
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

  private async pagesOf(hash: string): Promise<string[] | null> {
    const known = this.kept.get(hash);
    if (known !== undefined) return known;
    const cached = await this.deps.cachedText(hash);
    // Not read yet: not remembered either, so it is found once the background read has it.
    if (!cached) return null;
    const pages = cached.pages.map((p) => normalize(p.lines.map((l) => l.map((w) => w.text).join(' ')).join(' ')));
    if (this.kept.size >= (this.deps.maxKept ?? 5000)) {
      const oldest = this.kept.keys().next().value;
      if (oldest !== undefined) this.kept.delete(oldest);
    }
    this.kept.set(hash, pages);
    return pages;
  }
}
