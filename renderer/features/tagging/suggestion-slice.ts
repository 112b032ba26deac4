import type { StateCreator } from 'zustand';
import type { Box, DocumentSuggestions, Suggestion } from '../../../shared/domain/suggestions';
import type { IpcError } from '../../../shared/ipc/errors';
import { toIpcError } from '../../ipc/ipc-error';
import type { AppState } from '../../app/app-state';
import { intake } from '../../ipc/client';
import type { MetadataField } from './metadata-form-model';
import { formFieldOf, SUGGESTED_FIELDS, topSuggestion } from './suggestion-model';

/** Suggestions of one document: being read (OCR takes seconds per page), there, or not available. */
export type SuggestionLoad =
  { state: 'reading' } | { state: 'ready'; result: DocumentSuggestions } | { state: 'failed'; error: IpcError };

/** A place on a page the preview marks (a suggestion's box); `tick` makes the same place markable again. */
export interface PreviewMark {
  documentId: string;
  /** 0-based, as the core counts pages. */
  page: number;
  box?: Box;
  tick: number;
}

/** The type the station's history suggests for a document (issue #31 item 10); null: none confident. */
export interface TypeGuess {
  code: string;
  confidence: number;
  examples: number;
}

export interface SuggestionSlice {
  suggestions: Record<string, SuggestionLoad>;
  typeGuesses: Record<string, TypeGuess | null>;
  /** Asks for the document's type once its text is read (after its suggestions). */
  loadTypeGuess(id: string): Promise<void>;
  /** Fills the document type with the suggested one. */
  acceptTypeGuess(documentId: string): boolean;
  /**
   * "Use the suggestions" (Alt+S): every empty field takes its top suggestion the platform confirmed, and
   * the document type the suggested one; a number only found in the document is left to the clerk.
   */
  acceptAllSuggestions(documentId: string): boolean;
  previewMark?: PreviewMark;
  /**
   * Asks the core for the document's suggestions, once: the answer comes when its text is read (at once
   * when it was read in the background on arrival). Never awaited by the form, which stays usable.
   * An answer with checks that could not be made (offline) is asked for again next time.
   */
  loadSuggestions(id: string): Promise<void>;
  /** Fills the suggestion's field in the draft. */
  acceptSuggestion(s: Suggestion): void;
  /** Fills the field with its top suggestion; false when it has none. */
  acceptTopSuggestion(documentId: string, field: MetadataField): boolean;
  /** Shows where on the page the suggestion was read (preview: its page, a box around it). */
  showSuggestion(documentId: string, s: Suggestion): void;
  showTopSuggestion(documentId: string, field: MetadataField): boolean;
}

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
