import type { StateCreator } from 'zustand';
import type { Document } from '../../../shared/domain/document';
import type { Metadata } from '../../../shared/domain/metadata';
import type { IpcError } from '../../../shared/ipc/errors';
import { toIpcError } from '../../app/ipc-error';
import type { AppState } from '../../app/store';
import { intake } from '../../ipc/client';
import {
  applyPrevious,
  draftFromDocuments,
  fieldErrorsFromIpc,
  setField,
  submitGroups,
  validateDraft,
} from './metadata-form-model';
import type { DraftState, FieldErrors, MetadataField } from './metadata-form-model';

export interface DuplicatePrompt {
  ids: string[];
  fileNames: string[];
}

export interface TaggingSlice {
  /** Sorted ids the draft belongs to; a new selection starts a new draft. */
  draftKey: string;
  draft: DraftState;
  fieldErrors: FieldErrors;
  previousMetadata?: Metadata;
  submitting: boolean;
  submitError?: IpcError;
  duplicatePrompt?: DuplicatePrompt;
  /** Bumped when the form should move focus to its first error. */
  errorFocusTick: number;
  syncDraft(docs: readonly Document[]): void;
  setDraftField(field: MetadataField, value: string): void;
  useSameAsPrevious(): void;
  submitDraft(confirmDuplicate?: boolean): Promise<boolean>;
  cancelDuplicate(): void;
}

const isDuplicateError = (e: IpcError) => /duplicate/i.test(e.code);

export const createTaggingSlice: StateCreator<AppState, [], [], TaggingSlice> = (set, get) => ({
  draftKey: '',
  draft: draftFromDocuments([]),
  fieldErrors: {},
  submitting: false,
  errorFocusTick: 0,

  syncDraft(docs) {
    const key = docs
      .map((d) => d.id)
      .sort()
      .join('|');
    if (key === get().draftKey) return;
    set({
      draftKey: key,
      draft: draftFromDocuments(docs),
      fieldErrors: {},
      submitError: undefined,
      duplicatePrompt: undefined,
    });
  },

  setDraftField(field, value) {
    const draft = setField(get().draft, field, value);
    const { [field]: _cleared, form: _form, ...rest } = get().fieldErrors;
    set({ draft, fieldErrors: rest });
  },

  useSameAsPrevious() {
    const previous = get().previousMetadata;
    if (previous) set({ draft: applyPrevious(get().draft, previous), fieldErrors: {} });
  },

  async submitDraft(confirmDuplicate = false) {
    const s = get();
    if (s.submitting) return false;
    const docs = s.selection.selected.map((id) => s.documents[id]).filter((d): d is Document => !!d);
    if (!docs.length) return false;
    const errors = validateDraft(s.draft);
    if (Object.keys(errors).length) {
      set({ fieldErrors: errors, errorFocusTick: s.errorFocusTick + 1 });
      return false;
    }
    const duplicates = docs.filter((d) => d.duplicateOf);
    if (duplicates.length && !confirmDuplicate) {
      set({ duplicatePrompt: { ids: duplicates.map((d) => d.id), fileNames: duplicates.map((d) => d.fileName) } });
      return false;
    }
    set({ submitting: true, submitError: undefined, duplicatePrompt: undefined });
    try {
      for (const group of submitGroups(docs, s.draft)) {
        const updated = await intake().call('documents.submit', { ...group, confirmDuplicate });
        get().applyDocumentsChanged(updated, []);
      }
      const single = docs.length === 1;
      set({
        submitting: false,
        previousMetadata: submitGroups(docs, s.draft)[0]?.metadata,
        draftKey: single ? s.draftKey : '',
      });
      // Submitted documents leave the open list; keep the clerk on the next one.
      if (!get().selection.active && get().inboxOrder.length) get().moveSelection(1);
      return true;
    } catch (e) {
      const error = toIpcError(e);
      if (isDuplicateError(error) && !confirmDuplicate) {
        set({
          submitting: false,
          duplicatePrompt: { ids: docs.map((d) => d.id), fileNames: docs.map((d) => d.fileName) },
        });
        return false;
      }
      set({
        submitting: false,
        submitError: error,
        fieldErrors: fieldErrorsFromIpc(error.fields),
        errorFocusTick: get().errorFocusTick + 1,
      });
      return false;
    }
  },

  cancelDuplicate() {
    set({ duplicatePrompt: undefined });
  },
});
