/**
 * The words of one page for the preview's text layer (issue #39 item 7), from the text already read for
 * the document's content: never a read of its own (the preview must not wait on OCR, nor start one).
 */
import type { PageWords } from '../../../shared/domain/page-words';
import { MAX_PAGE_WORDS } from '../../../shared/domain/page-words';
import type { CachedText } from './text-cache';
import { clampBox } from './page-text';

export function pageWordsOf(text: CachedText | undefined, page: number, unreadable = false): PageWords {
  if (!text) return { state: unreadable ? 'unreadable' : 'notRead', pageCount: 0 };
  const { pageCount } = text;
  if (page >= pageCount) return { state: 'noPage', pageCount };
  const read = text.pages.find((p) => p.page === page);
  // Pages after the time budget of a read are missing from it: not read, as a skipped page.
  if (!read || read.source === 'skipped') return { state: 'skipped', pageCount };
  const words = read.lines
    .flatMap((line, i) => line.map((w) => ({ text: w.text.trim().slice(0, 500), box: clampBox(w.box), line: i })))
    .filter((w) => w.text.length > 0)
    .slice(0, MAX_PAGE_WORDS);
  return { state: 'read', source: read.source, rotation: read.rotation ?? 0, words, pageCount };
}
