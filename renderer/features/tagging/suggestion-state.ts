import type { Box, DocumentSuggestions, Suggestion } from '../../../shared/domain/suggestions';
import type { IpcError } from '../../../shared/ipc/errors';
import type { MetadataField } from './metadata-form-model';

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
