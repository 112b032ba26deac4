import type { StateCreator } from 'zustand';
import { toIpcError } from '../../ipc/ipc-error';
import type { AppState } from '../../app/app-state';
import { intake } from '../../ipc/client';
import { pageOf } from '../document-view/shown-page';
import { mergeConflicts, withUnsent } from '../../../shared/domain/merge-metadata';
import type { PagesSlice } from './pages-state';

export type { PageChange } from './pages-state';
export type { PagesSlice } from './pages-state';

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
