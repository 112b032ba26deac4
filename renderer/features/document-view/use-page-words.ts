import { useCallback, useEffect, useState } from 'react';
import type { PageWords } from '../../../shared/domain/page-words';
import { useAppStore } from '../../app/store';
import { intake } from '../../ipc/client';

/** Find reads at most this many pages' words (a page's words are a few KB; a 2,000-page file is not searched whole). */
export const MAX_FIND_PAGES = 500;

export interface PageWordsView {
  /** The words of each page asked for so far, by 0-based page; a page being asked for is missing. */
  pages: Readonly<Record<number, PageWords>>;
  /** Asks for every page's words (find on page), up to MAX_FIND_PAGES. */
  loadAll(): void;
  /** True once every page's words are here (or the text is not read). */
  allLoaded: boolean;
}

/** A page's words; a failed answer is no text layer, never an error over the preview. */
function askWords(id: string, page: number, read = false): Promise<PageWords> {
  return intake()
    .call('documents.pageWords', { id, page, read })
    .catch((): PageWords => ({ state: 'notRead', pageCount: 0 }));
}

/**
 * The words the app read from the document's pages (documents.pageWords; issue #39 item 7): the shown
 * page's at once, all pages' once find is opened. Only text already read is answered: the document's
 * text is read on arrival and when the tagging form asks for its suggestions, so the words are asked for
 * again when those are ready.
 */
export function usePageWords(docId: string | undefined, shownPage: number): PageWordsView {
  const readTick = useAppStore((st) => (docId && st.suggestions[docId]?.state === 'ready' ? 1 : 0));
  const [state, setState] = useState<{
    key: string;
    pages: Record<number, PageWords>;
    /** The pages answered since the text was last read: the others are asked for (again). */
    fresh: Record<number, true>;
  }>({ key: '', pages: {}, fresh: {} });
  const [all, setAll] = useState(false);
  const key = `${docId ?? ''}:${readTick}`;
  // The text read meanwhile: what was answered before is asked for anew, and shown until the new answer
  // comes (the layer is not taken away under the clerk's selection).
  const { pages } = state;
  const fresh = state.key === key ? state.fresh : {};

  const put = useCallback(
    (page: number, answer: PageWords) =>
      setState((s) => ({
        key,
        pages: { ...s.pages, [page]: answer },
        fresh: { ...(s.key === key ? s.fresh : {}), [page]: true },
      })),
    [key],
  );

  const shownKnown = fresh[shownPage] !== undefined;
  useEffect(() => {
    if (!docId || shownKnown) return;
    let cancelled = false;
    void askWords(docId, shownPage).then((answer) => !cancelled && put(shownPage, answer));
    return () => {
      cancelled = true;
    };
  }, [docId, shownPage, shownKnown, put]);

  // Not read yet (new content after a page edit, a document never opened for tagging): said at once
  // (above), then read in the text workers and shown when it is. Asked once per answer "not read".
  const shownNotRead = fresh[shownPage] !== undefined && pages[shownPage]?.state === 'notRead';
  useEffect(() => {
    if (!docId || !shownNotRead) return;
    let cancelled = false;
    void askWords(docId, shownPage, true).then((answer) => !cancelled && put(shownPage, answer));
    return () => {
      cancelled = true;
    };
  }, [docId, shownPage, shownNotRead, put]);

  const pageCount = Math.min(
    MAX_FIND_PAGES,
    Object.values(pages).reduce((n, p) => Math.max(n, p.pageCount), 0),
  );
  const missing = all ? Array.from({ length: pageCount }, (_, i) => i).filter((i) => fresh[i] === undefined) : [];
  const next = missing[0];
  useEffect(() => {
    if (next === undefined || !docId) return;
    let cancelled = false;
    void askWords(docId, next).then((answer) => !cancelled && put(next, answer));
    return () => {
      cancelled = true;
    };
  }, [docId, next, put]);

  const loadAll = useCallback(() => setAll(true), []);
  const anyKnown = Object.keys(pages).length > 0;
  return { pages, loadAll, allLoaded: all && anyKnown && missing.length === 0 };
}
