import type { StateCreator } from 'zustand';
import { caseNumberPatternOf } from '../../../shared/domain/case-number';
import { DUPLICATE_CONTENT_CODE } from '../../../shared/domain/document';
import type { Document } from '../../../shared/domain/document';
import { profileFor } from '../../../shared/domain/folder-profile';
import type { MetadataRules } from '../../../shared/domain/metadata-check';
import type { Settings } from '../../../shared/domain/settings';
import { activeEnvironmentOf } from '../../../shared/domain/settings';
import { toIpcError } from '../../ipc/ipc-error';
import type { AppState } from '../../app/app-state';
import { intake } from '../../ipc/client';
import type { DraftValues } from '../../../shared/domain/drafts';
import { draftWithSaved, draftsToKeep } from './saved-drafts';
import { heldByOther, heldNote } from './held-by';
import {
  applyPrevious,
  cleanMetadata,
  draftFromDocuments,
  fieldErrorsFromIpc,
  setField,
  submitGroups,
  validateDraft,
} from './metadata-form-model';
import type { DraftState, FieldErrors, MetadataField } from './metadata-form-model';
import type { PressedSend, TaggingSlice } from './tagging-state';
import type { Metadata } from '../../../shared/domain/metadata';
import type { IpcError } from '../../../shared/ipc/errors';

export type { DuplicatePrompt, PressedSend, SubmittedNote } from './tagging-state';
export type { TaggingSlice } from './tagging-state';

/** A second Ctrl+Enter this soon after a submit sends the submitted documents at once (issue #36 item 9). */
export const SECOND_PRESS_MS = 1_500;

/** Queued and waiting, with no error: the send grace after the clerk's submit, not a retry's backoff. */
export function inSendGrace(d: Document | undefined, nowMs: number): boolean {
  return !!d && d.state === 'queued' && !d.error && !!d.nextAttemptAt && Date.parse(d.nextAttemptAt) > nowMs;
}

/** The rules of the checks before queuing for these documents (their folder profiles, the settings). */
export function checkRulesFor(settings: Settings | undefined, docs: readonly Document[]): MetadataRules {
  if (!settings) return { documentTypes: [] };
  const required = new Set<MetadataField>();
  for (const d of docs) {
    for (const f of profileFor(settings.folders, d.sourceFolder)?.requiredFields ?? []) required.add(f);
  }
  const env = activeEnvironmentOf(settings);
  return {
    requiredFields: [...required],
    documentTypes: settings.documentTypes,
    caseNumberPattern: env ? caseNumberPatternOf(env) : undefined,
  };
}

export const createTaggingSlice: StateCreator<AppState, [], [], TaggingSlice> = (set, get) => {
  const selectedDocs = (): Document[] => {
    const s = get();
    return s.selection.selected.map((id) => s.documents[id]).filter((d): d is Document => !!d);
  };
  /** Hands the form's typed values to the core, per selected document, where they changed. */
  const keepDraft = () => {
    const s = get();
    const changes = draftsToKeep(selectedDocs(), s.draft, s.savedDrafts);
    if (!changes.length) return;
    const savedDrafts = { ...s.savedDrafts };
    for (const { documentId, values } of changes) {
      if (values) savedDrafts[documentId] = values;
      else delete savedDrafts[documentId];
    }
    set({ savedDrafts });
    for (const { documentId, values } of changes) {
      intake()
        .call('drafts.save', { documentId, values: values ?? {} })
        .then(() => get().draftSaveError && set({ draftSaveError: undefined }))
        .catch((e: unknown) => set({ draftSaveError: toIpcError(e) }));
    }
  };
  const forgetDrafts = (ids: readonly string[]) => {
    const savedDrafts = { ...get().savedDrafts };
    for (const id of ids) delete savedDrafts[id];
    set({ savedDrafts });
    if (ids.length)
      void intake()
        .call('drafts.discard', { ids: [...ids] })
        .catch(() => undefined);
  };
  const dropDraftField = (documentId: string, field: MetadataField) => {
    const kept = get().savedDrafts[documentId];
    if (kept?.[field] === undefined) return;
    const values: DraftValues = { ...kept };
    delete values[field];
    const savedDrafts = { ...get().savedDrafts };
    if (Object.keys(values).length) savedDrafts[documentId] = values;
    else delete savedDrafts[documentId];
    set({ savedDrafts });
    intake()
      .call('drafts.save', { documentId, values })
      .catch((e: unknown) => set({ draftSaveError: toIpcError(e) }));
  };
  return {
    dropDraftField,
    draftKey: '',
    draft: draftFromDocuments([]),
    fieldErrors: {},
    submitting: false,
    errorFocusTick: 0,
    savedDrafts: {},
    pressedDuringSend: [],

    async loadDrafts() {
      try {
        const list = await intake().call('drafts.list', {});
        set({ savedDrafts: Object.fromEntries(list.map((d) => [d.documentId, d.values])) });
        // The form may already show a document (the list loaded first): show its kept values, unless the
        // clerk is typing already.
        if (!get().draft.touched.length) set({ draft: draftWithSaved(selectedDocs(), get().savedDrafts) });
      } catch (e) {
        set({ draftSaveError: toIpcError(e) });
      }
    },

    syncDraft(docs) {
      const key = docs
        .map((d) => d.id)
        .sort()
        .join('|');
      if (key === get().draftKey) {
        // A draft the clerk has not touched follows the documents: metadata set elsewhere meanwhile (a
        // confirmed suggestion auto-accepted after the text was read) shows instead of the old, empty value.
        const { draft } = get();
        if (draft.touched.length) return;
        const fresh = draftWithSaved(docs, get().savedDrafts);
        if (JSON.stringify(fresh) !== JSON.stringify(draft)) set({ draft: fresh });
        return;
      }
      set({
        draftKey: key,
        draft: draftWithSaved(docs, get().savedDrafts),
        fieldErrors: {},
        submitError: undefined,
        duplicatePrompt: undefined,
      });
    },

    setDraftField(field, value) {
      const draft = setField(get().draft, field, value);
      const { [field]: _cleared, form: _form, ...rest } = get().fieldErrors;
      set({ draft, fieldErrors: rest });
      keepDraft();
    },

    useSameAsPrevious() {
      const previous = get().previousMetadata;
      if (previous) {
        set({ draft: applyPrevious(get().draft, previous), fieldErrors: {} });
        keepDraft();
      }
    },

    async submitDraft(confirmDuplicate = false, pressed) {
      const s = get();
      if (s.submitting) return false;
      const ids = pressed?.ids ?? s.selection.selected;
      const draft = pressed?.draft ?? s.draft;
      const key = draftKeyOf(ids);
      const docs = ids.map((id) => s.documents[id]).filter((d): d is Document => !!d);
      if (!docs.length) {
        // Pressed on documents that have left the inbox since (merged, deleted): nothing to send, said.
        if (pressed) set({ pressNote: PRESSED_GONE });
        return false;
      }
      /** A refusal is shown on the documents it is about: the clerk is brought back to a pressed send's. */
      const backToThem = () => {
        if (!pressed || draftKeyOf(get().selection.selected) === key) return;
        const first = ids[0] as string;
        get().selectDocument(first, 'single');
        if (ids.length > 1) set({ selection: { selected: [...ids], anchor: first, active: first } });
        set({ draftKey: key, draft, submitError: undefined, duplicatePrompt: undefined });
      };
      const errors = validateDraft(draft, checkRulesFor(s.settings, docs));
      if (Object.keys(errors).length) {
        backToThem();
        set({ fieldErrors: errors, errorFocusTick: get().errorFocusTick + 1 });
        return false;
      }
      const duplicates = docs.filter((d) => d.duplicateOf);
      if (duplicates.length && !confirmDuplicate) {
        backToThem();
        set({ duplicatePrompt: { ids: duplicates.map((d) => d.id), fileNames: duplicates.map((d) => d.fileName) } });
        return false;
      }
      set({ submitting: true, submitError: undefined, duplicatePrompt: undefined, submitted: undefined });
      try {
        // What only the core and the platform can tell (a case or policy number they do not know), before
        // anything is queued: a made-up case number is said here, not as a 422 in the queue later.
        const checked: FieldErrors = {};
        for (const group of submitGroups(docs, draft)) {
          const answer = await intake().call('documents.check', group);
          for (const [field, code] of Object.entries(answer.fields)) {
            if (!(field in checked)) checked[field as MetadataField] = code;
          }
        }
        if (Object.keys(checked).length) {
          backToThem();
          set({ submitting: false, fieldErrors: checked, errorFocusTick: get().errorFocusTick + 1 });
          return false;
        }
        for (const group of submitGroups(docs, draft)) {
          const updated = await intake().call('documents.submit', { ...group, confirmDuplicate });
          get().applyDocumentsChanged(updated, []);
        }
        const single = docs.length === 1;
        // Sent: the typed values are the documents' metadata now, nothing is left to keep.
        forgetDrafts(docs.map((d) => d.id));
        set({
          submitting: false,
          previousMetadata: submitGroups(docs, draft)[0]?.metadata,
          // A batch's form is made again from the documents' new metadata. Only the form of what was sent: the
          // window may show the next document already (its queued event came before this answer), and the
          // clerk's typing there and its errors stay.
          ...(get().draftKey === key ? { draftKey: single ? key : '' } : {}),
          submitted: { ids: docs.map((d) => d.id), fileNames: docs.map((d) => d.fileName) },
          submittedAt: Date.now(),
        });
        // Submitted documents leave the open list; keep the clerk on the next one.
        if (!get().selection.active && get().inboxOrder.length) get().openFirstFree();
        return true;
      } catch (e) {
        const error = toIpcError(e);
        backToThem();
        if (error.code === DUPLICATE_CONTENT_CODE && !confirmDuplicate) {
          // The core knew of an earlier upload the list did not show: ask about the documents it names.
          const named = new Set(error.duplicates?.map((d) => d.documentId));
          const asked = docs.some((d) => named.has(d.id)) ? docs.filter((d) => named.has(d.id)) : docs;
          set({
            submitting: false,
            duplicatePrompt: { ids: asked.map((d) => d.id), fileNames: asked.map((d) => d.fileName) },
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

    async undoSubmit() {
      const note = get().submitted;
      if (!note) return;
      set({ submitted: undefined });
      try {
        const back = await intake().call('documents.cancel', { ids: note.ids });
        get().applyDocumentsChanged(back, []);
        const first = note.ids[0];
        if (first && get().documents[first]) get().selectDocument(first, 'single');
      } catch (e) {
        set({ submitError: toIpcError(e) });
      }
    },

    async sendSubmittedNow() {
      const note = get().submitted;
      if (!note) return;
      const now = Date.now();
      const waiting = note.ids.filter((id) => inSendGrace(get().documents[id], now));
      set({ submittedAt: undefined });
      if (!waiting.length) return;
      try {
        get().applyDocumentsChanged(await intake().call('documents.retry', { ids: waiting }), []);
      } catch (e) {
        set({ submitError: toIpcError(e) });
      }
    },

    dismissSubmitted() {
      set({ submitted: undefined });
    },

    async pressSubmit() {
      const s = get();
      const on = [...s.selection.selected];
      if (!on.length) return;
      // Another clerk has one of them open: the key says so instead of doing nothing (issue #50 item 3).
      const held = heldByOther(on.map((id) => s.documents[id]));
      if (held) {
        set({ pressNote: heldNote(held) });
        return;
      }
      const pressed: PressedSend = { ids: on, draft: pressedDraft(s, on) };
      if (s.pressNote) set({ pressNote: undefined });
      if (s.submitting) {
        // Kept, not dropped: a trained clerk presses faster than a send's round trip.
        set({ pressedDuringSend: [...s.pressedDuringSend, pressed] });
        return;
      }
      const just = s.submitted?.ids ?? [];
      const soon = s.submittedAt !== undefined && Date.now() - s.submittedAt < SECOND_PRESS_MS;
      const waiting = just.some((id) => inSendGrace(s.documents[id], Date.now()));
      // A second press on what was just sent, or on the next document before anything was typed in it,
      // is the double press: send now. A document with typed values is sent itself.
      if (soon && waiting && (sameIds(on, just) || pressed.draft.touched.length === 0)) {
        await s.sendSubmittedNow();
        return;
      }
      let sent = await s.submitDraft(false, pressed);
      // The presses made meanwhile, in order, each on the documents and with the values it was pressed on.
      for (let next = get().pressedDuringSend[0]; next && !get().submitting; next = get().pressedDuringSend[0]) {
        // A refused send stops the rest: the clerk is on it, with its errors, and is told the rest waits.
        if (!sent) {
          set({ pressedDuringSend: [], pressNote: PRESSES_DROPPED });
          return;
        }
        set({ pressedDuringSend: get().pressedDuringSend.slice(1) });
        const last = get().submitted;
        // Pressed again on what was being sent, with nothing changed: the double press, send it now.
        if (last && sameIds(next.ids, last.ids) && sameValues(next.draft, get().previousMetadata)) {
          await get().sendSubmittedNow();
          continue;
        }
        sent = await get().submitDraft(false, next);
      }
    },
  };
};

/** The draft of the documents a key was pressed on: the form's, or their kept values if the form is not theirs yet. */
function pressedDraft(s: AppState, ids: readonly string[]): DraftState {
  if (s.draftKey === draftKeyOf(ids)) return s.draft;
  return draftWithSaved(
    ids.map((id) => s.documents[id]).filter((d): d is Document => !!d),
    s.savedDrafts,
  );
}

function draftKeyOf(ids: readonly string[]): string {
  return [...ids].sort().join('|');
}

/** Whether a draft says what was last sent (a press again on it changes nothing but the time). */
function sameValues(draft: DraftState, sent: Metadata | undefined): boolean {
  return JSON.stringify(cleanMetadata(draft.values)) === JSON.stringify(sent ?? {});
}

const PRESSED_GONE: IpcError = {
  code: 'tagging.press_elsewhere',
  message: 'Ctrl+Enter was pressed on documents that have left the inbox since',
  retryable: false,
};
const PRESSES_DROPPED: IpcError = {
  code: 'tagging.presses_dropped',
  message: 'Ctrl+Enter presses made during a send that was refused were not done',
  retryable: false,
};

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  return a.length > 0 && a.length === b.length && a.every((id) => b.includes(id));
}
