import type { StateCreator } from 'zustand';
import type { Document } from '../../../shared/domain/document';
import type { IpcError } from '../../../shared/ipc/errors';
import { toIpcError } from '../../ipc/ipc-error';
import type { AppState } from '../../app/app-state';
import { intake } from '../../ipc/client';
import { inboxOrder, mergeDocuments } from './document-order';
import type { InboxFilter } from './document-order';
import { move, reconcile, select } from './selection';
import type { InboxSlice } from './inbox-state';

export type { InboxSlice } from './inbox-state';

/** Page size of the initial load; the list holds every document in memory (10,000 is fine). */
const LOAD_PAGE = 5000;
/** The text search asks the core once typing pauses, not at every key. */
const TEXT_SEARCH_DELAY_MS = 250;
/** Shorter queries are matched by name and number only (the core refuses fewer than 2 characters). */
const TEXT_SEARCH_MIN = 2;

export const createInboxSlice: StateCreator<AppState, [], [], InboxSlice> = (set, get) => {
  /** Recomputes the order and keeps the selection on rows that are still listed. */
  const reorder = (documents: Record<string, Document>, filter: InboxFilter, query: string) => {
    const previous = get().inboxOrder;
    const text = get().inboxTextMatches;
    const order = inboxOrder(documents, filter, query, text && text.query === query.trim() ? text.snippets : {});
    const selection = reconcile(order, previous, get().selection);
    return { documents, inboxOrder: order, inboxFilter: filter, inboxQuery: query, selection };
  };

  let searchTimer: ReturnType<typeof setTimeout> | undefined;
  let searchSeq = 0;
  /** Asks the core which documents' text holds the query; an answer for an older query is dropped. */
  const searchText = (query: string) => {
    clearTimeout(searchTimer);
    const q = query.trim();
    if (q.length < TEXT_SEARCH_MIN) return;
    searchTimer = setTimeout(() => {
      const seq = ++searchSeq;
      intake()
        .call('documents.searchText', { query: q })
        .then((r) => {
          if (seq !== searchSeq || get().inboxQuery.trim() !== q) return;
          set({
            inboxTextMatches: { query: q, snippets: Object.fromEntries(r.matches.map((m) => [m.id, m.snippet])) },
          });
          const s = get();
          set(reorder(s.documents, s.inboxFilter, s.inboxQuery));
        })
        // The search by name and number still works; a failed text search only finds less.
        .catch(() => undefined);
    }, TEXT_SEARCH_DELAY_MS);
  };

  return {
    documents: {},
    inboxOrder: [],
    inboxFilter: 'open',
    inboxQuery: '',
    selection: { selected: [] },
    inboxLoading: false,
    importing: 0,

    async loadDocuments() {
      set({ inboxLoading: true, inboxError: undefined });
      try {
        const all: Document[] = [];
        for (let offset = 0; ; offset += LOAD_PAGE) {
          const page = await intake().call('documents.list', { limit: LOAD_PAGE, offset });
          all.push(...page.documents);
          if (page.documents.length < LOAD_PAGE || all.length >= page.total) break;
        }
        const { inboxFilter, inboxQuery, documents: held } = get();
        // The list replaces what is held, but a document an event changed while the pages were read keeps
        // its newer state (the list is an answer).
        const listed = mergeDocuments({}, all);
        for (const [id, doc] of Object.entries(held))
          if (listed[id] && listed[id].updatedAt < doc.updatedAt) listed[id] = doc;
        set({ ...reorder(listed, inboxFilter, inboxQuery), inboxLoading: false });
        if (!get().selection.active && get().inboxOrder.length) get().openFirstFree();
      } catch (e) {
        set({ inboxLoading: false, inboxError: toIpcError(e) });
      }
    },

    applyDocumentsChanged(documents, removed, from = 'answer') {
      const s = get();
      set(reorder(mergeDocuments(s.documents, documents, removed, from), s.inboxFilter, s.inboxQuery));
      // The first document to arrive in an empty selection becomes the current one.
      if (!get().selection.active && get().inboxOrder.length) get().openFirstFree();
    },

    setInboxFilter(filter) {
      const s = get();
      set(reorder(s.documents, filter, s.inboxQuery));
    },

    setInboxQuery(query) {
      const s = get();
      set(reorder(s.documents, s.inboxFilter, query));
      searchText(query);
    },

    selectDocument(id, mode) {
      set({ selection: select(get().inboxOrder, get().selection, id, mode) });
    },

    openFirstFree() {
      const { inboxOrder: order, documents } = get();
      // In an office, another clerk's document is passed over (issue #50 item 3): clerks starting together
      // do not all land on the newest one. None free: the first, which shows who has it.
      const first = order.find((id) => !documents[id]?.heldBy) ?? order[0];
      if (first) get().selectDocument(first, 'single');
    },

    moveSelection(delta, extend = false) {
      set({ selection: move(get().inboxOrder, get().selection, delta, extend) });
    },

    selectAllDocuments() {
      const order = get().inboxOrder;
      if (!order.length) return;
      const active = get().selection.active ?? order[0];
      set({ selection: { selected: [...order], anchor: order[0], active } });
    },

    async importFiles(files) {
      const errors: IpcError[] = [];
      set((s) => ({ importing: s.importing + files.length }));
      for (const file of files) {
        try {
          const doc = await intake().importFile(file);
          get().applyDocumentsChanged([doc], []);
        } catch (e) {
          errors.push({ ...toIpcError(e), fields: { fileName: file.name } });
        } finally {
          set((s) => ({ importing: s.importing - 1 }));
        }
      }
      return errors;
    },
  };
};
