import type { StateCreator } from 'zustand';
import type { IpcError } from '../../../shared/ipc/errors';
import { toIpcError } from '../../ipc/ipc-error';
import type { AppState } from '../../app/app-state';
import { intake } from '../../ipc/client';
import { pageOf } from '../document-view/shown-page';
import type { ShownPage } from '../document-view/shown-page';
import { mergeConflicts, withUnsent } from '../../../shared/domain/merge-metadata';
import type { MergeConflict } from '../../../shared/domain/merge-metadata';

/**
 * The page shown of the active document, shared by the preview, the page strip and the list (issue #31
 * items 5 and 6): the strip follows the preview's page and the preview the strip's, a page edit (a new
 * file, so both are mounted anew) stays on the page it was made on, and PageDown in the list turns it.
 */
export interface PageChange {
  id: string;
  what: 'turned' | 'deleted' | 'moved' | 'split';
  /** 0-based page the change shows on (the turned or moved page; the page before a deleted one or a split). */
  page: number;
}

export interface PagesSlice {
  /** 0-based page shown for document `id`; another document starts at its first page. */
  shownPage?: ShownPage;
  /** How many pages the preview found in document `id`. */
  shownPages?: { id: string; count: number };
  /** A merge (M in the list or the strip) running, and its refusal. */
  merging: boolean;
  mergeError?: IpcError;
  /** The merge was refused before it was asked: these fields would have lost values (issue #36 item 3). */
  mergeRefused?: (MergeConflict & { unsent: boolean })[];
  /**
   * The last page change made with the strip's tools (issue #36 item 4: one click changed a document with
   * only a quiet line to show for it): the strip marks the page and says what changed, with Undo.
   */
  pageChange?: PageChange;
  notePageChange(change: PageChange | undefined): void;
  showPage(id: string, page: number): void;
  setPageCount(id: string, count: number): void;
  /** Next or previous page of the active document, within its pages. */
  turnPage(delta: 1 | -1): void;
  /** Merges the selected documents, in list order, into the first; the clerk stays on that one. */
  mergeSelected(): Promise<void>;
  /** Takes back the document's last page change, a merge included (Ctrl+Z in the list, issue #36 item 3). */
  undoPageEdit(id: string): Promise<void>;
}

export const createPagesSlice: StateCreator<AppState, [], [], PagesSlice> = (set, get) => ({
  merging: false,

  notePageChange(change) {
    set({ pageChange: change });
  },

  showPage(id, page) {
    const current = get().shownPage;
    if (current?.id !== id || current.page !== page) set({ shownPage: { id, page: Math.max(0, page) } });
  },

  setPageCount(id, count) {
    const current = get().shownPages;
    if (current?.id !== id || current.count !== count) set({ shownPages: { id, count } });
    // A page turned to while the document was still loading, beyond its last page: its last page.
    const shown = get().shownPage;
    if (shown?.id === id && count > 0 && shown.page > count - 1) set({ shownPage: { id, page: count - 1 } });
  },

  turnPage(delta) {
    const s = get();
    const id = s.selection.active;
    if (!id) return;
    // While the document is still loading its page count is unknown: the turn is kept (and held to the
    // pages once they are counted, setPageCount), never lost (issue #36 item 6).
    const count = s.shownPages?.id === id ? s.shownPages.count : Number.POSITIVE_INFINITY;
    s.showPage(id, Math.min(count - 1, Math.max(0, pageOf(s, id) + delta)));
  },

  async mergeSelected() {
    const s = get();
    if (s.merging) return;
    const ids = s.inboxOrder.filter((id) => s.selection.selected.includes(id));
    if (ids.length < 2) return;
    // Said before anything is asked: which field disagrees, with its values (the core refuses it too). What
    // the clerk typed and has not sent counts as the document's value (issue #48 item 2).
    const unsent = (id: string) => s.savedDrafts[id];
    const lost = mergeConflicts(
      ids.map((id) => ({ metadata: withUnsent(s.documents[id]?.metadata ?? {}, unsent(id)) })),
    ).map((c) => ({ ...c, unsent: ids.some((id) => unsent(id)?.[c.field] !== undefined) }));
    if (lost.length) {
      set({ mergeRefused: lost, mergeError: undefined });
      return;
    }
    set({ merging: true, mergeError: undefined, mergeRefused: undefined });
    try {
      const kept = await intake().call('documents.mergePages', { ids });
      get().applyDocumentsChanged([kept], ids.slice(1));
      // The merged document is the one shown and tagged (and the one whose undo brings the others back).
      get().selectDocument(kept.id, 'single');
      set({ merging: false });
    } catch (e) {
      set({ merging: false, mergeError: toIpcError(e) });
    }
  },

  async undoPageEdit(id) {
    try {
      const doc = await intake().call('documents.undoPageEdit', { id });
      get().applyDocumentsChanged([doc], []);
      set({ mergeError: undefined, mergeRefused: undefined });
    } catch (e) {
      set({ mergeError: toIpcError(e) });
    }
  },
});
