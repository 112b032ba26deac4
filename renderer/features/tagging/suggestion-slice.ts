import type { StateCreator } from 'zustand';
import { toIpcError } from '../../ipc/ipc-error';
import type { AppState } from '../../app/app-state';
import { intake } from '../../ipc/client';
import { formFieldOf, SUGGESTED_FIELDS, topSuggestion } from './suggestion-model';
import type { SuggestionSlice } from './suggestion-state';

import type { SuggestionLoad } from './suggestion-state';
export type { PreviewMark, SuggestionLoad, TypeGuess } from './suggestion-state';
export type { SuggestionSlice } from './suggestion-state';

export const createSuggestionSlice: StateCreator<AppState, [], [], SuggestionSlice> = (set, get) => {
  const resultOf = (id: string) => {
    const load = get().suggestions[id];
    return load?.state === 'ready' ? load.result : undefined;
  };
  const put = (id: string, load: SuggestionLoad) => set({ suggestions: { ...get().suggestions, [id]: load } });

  return {
    suggestions: {},
    typeGuesses: {},

    async loadTypeGuess(id) {
      if (id in get().typeGuesses) return;
      try {
        const guess = await intake().call('documents.suggestType', { id });
        set({ typeGuesses: { ...get().typeGuesses, [id]: guess } });
      } catch {
        // No suggestion is no harm: the clerk picks the type as before.
      }
    },

    acceptTypeGuess(documentId) {
      const guess = get().typeGuesses[documentId];
      if (guess) get().setDraftField('documentTypeCode', guess.code);
      return !!guess;
    },

    acceptAllSuggestions(documentId) {
      let any = false;
      const { draft } = get();
      for (const field of SUGGESTED_FIELDS) {
        if (draft.values[field].trim()) continue;
        const top = topSuggestion(resultOf(documentId), field);
        if (top?.check !== 'verified') continue;
        get().acceptSuggestion(top);
        any = true;
      }
      if (!draft.values.documentTypeCode.trim() && get().acceptTypeGuess(documentId)) any = true;
      return any;
    },

    async loadSuggestions(id) {
      const current = get().suggestions[id];
      if (current?.state === 'reading') return;
      if (current?.state === 'ready' && current.result.problems.length === 0) return;
      put(id, { state: 'reading' });
      // The one after it in the list is read next in the background (issue #48 item 3): the clerk's next.
      const order = get().inboxOrder;
      const at = order.indexOf(id);
      const next = at >= 0 ? order[at + 1] : undefined;
      try {
        put(id, {
          state: 'ready',
          result: await intake().call('documents.suggestions', { id, ...(next ? { next } : {}) }),
        });
        // The text is read now: the type can be told from it.
        void get().loadTypeGuess(id);
      } catch (e) {
        put(id, { state: 'failed', error: toIpcError(e) });
      }
    },

    acceptSuggestion(s) {
      const field = formFieldOf(s);
      if (field) get().setDraftField(field, s.value);
    },

    acceptTopSuggestion(documentId, field) {
      const top = topSuggestion(resultOf(documentId), field);
      if (top) get().acceptSuggestion(top);
      return !!top;
    },

    showSuggestion(documentId, s) {
      set({
        previewMark: {
          documentId,
          page: s.page,
          ...(s.box ? { box: s.box } : {}),
          tick: (get().previewMark?.tick ?? 0) + 1,
        },
      });
    },

    showTopSuggestion(documentId, field) {
      const top = topSuggestion(resultOf(documentId), field);
      if (top) get().showSuggestion(documentId, top);
      return !!top;
    },
  };
};
