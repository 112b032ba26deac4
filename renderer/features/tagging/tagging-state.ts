import type { Document } from '../../../shared/domain/document';
import type { Metadata } from '../../../shared/domain/metadata';
import type { IpcError } from '../../../shared/ipc/errors';
import type { DraftValues } from '../../../shared/domain/drafts';
import type { DraftState, FieldErrors, MetadataField } from './metadata-form-model';

export interface DuplicatePrompt {
  ids: string[];
  fileNames: string[];
}

/**
 * A Ctrl+Enter as the clerk pressed it: on these documents, with these values. Kept as it was pressed, since
 * the form may show the next document before the last send's answer is back (the core queues a document and
 * says so before it answers the call), and the clerk types there and presses again.
 */
export interface PressedSend {
  ids: string[];
  draft: DraftState;
}

/** What the last submit sent to the queue: shown quietly, with an undo (documents.cancel). */
export interface SubmittedNote {
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
  submitted?: SubmittedNote;
  /** When the last submit went to the queue (ms): a second Ctrl+Enter right after it sends at once. */
  submittedAt?: number;
  /** Bumped when the form should move focus to its first error. */
  errorFocusTick: number;
  /**
   * What the clerk typed per document and has not sent, as kept by the core (issue #31 item 2): restored
   * when the document is selected again, after a reload or a restart; the list marks these documents.
   */
  savedDrafts: Record<string, DraftValues>;
  /** Keeping the typed values failed (they are still in the form): said beside the form. */
  draftSaveError?: IpcError;
  loadDrafts(): Promise<void>;
  /**
   * A value set for the document elsewhere (Create case tags it with the new case number) replaces what the
   * clerk had typed for that field and not sent, so the form shows the document's value, not the old typing.
   */
  dropDraftField(documentId: string, field: MetadataField): void;
  syncDraft(docs: readonly Document[]): void;
  setDraftField(field: MetadataField, value: string): void;
  useSameAsPrevious(): void;
  /**
   * Sends the form's documents with the form's values, or (`pressed`) the documents a Ctrl+Enter was pressed
   * on with the values they had then, wherever the clerk is now.
   */
  submitDraft(confirmDuplicate?: boolean, pressed?: PressedSend): Promise<boolean>;
  cancelDuplicate(): void;
  /** Takes the last submitted documents back out of the queue, into the inbox. */
  undoSubmit(): Promise<void>;
  /** The last submitted documents still waiting out the send grace go out now (Ctrl+Enter twice). */
  sendSubmittedNow(): Promise<void>;
  /**
   * Ctrl+Enter: acts on the document it was pressed on (issue #48 item 1). Pressed again on what was just
   * sent (or on a document nothing was typed in, within SECOND_PRESS_MS), it sends that now; pressed on a
   * document with typed values, it sends that one, however soon after the last. A press during a send is
   * kept, with the documents and the values it was pressed on, and done after it, in order.
   */
  pressSubmit(): Promise<void>;
  /** Ctrl+Enter presses made while a send was under way, to be done after it in the order pressed. */
  pressedDuringSend: PressedSend[];
  /** Why presses the clerk made were not done (a key that does nothing says so), until the next press. */
  pressNote?: IpcError;
  dismissSubmitted(): void;
}
