import type { Document } from '../../../shared/domain/document';
import type { IpcError } from '../../../shared/ipc/errors';
import type { DocumentsFrom } from './document-order';
import type { InboxFilter } from './document-order';
import type { Selection, SelectMode } from './selection';

export interface InboxSlice {
  documents: Record<string, Document>;
  inboxOrder: string[];
  inboxFilter: InboxFilter;
  inboxQuery: string;
  /** Documents the search found by their text (id → the words around the match), for `query`. */
  inboxTextMatches?: { query: string; snippets: Record<string, string> };
  selection: Selection;
  inboxLoading: boolean;
  inboxError?: IpcError;
  importing: number;
  loadDocuments(): Promise<void>;
  /** `from`: an event (applied as it is) or a call's answer (not applied over a newer state held). */
  applyDocumentsChanged(documents: readonly Document[], removed: readonly string[], from?: DocumentsFrom): void;
  setInboxFilter(filter: InboxFilter): void;
  setInboxQuery(query: string): void;
  selectDocument(id: string, mode: SelectMode): void;
  moveSelection(delta: number, extend?: boolean): void;
  /** With nothing selected: the first listed document no other clerk of the office has open. */
  openFirstFree(): void;
  selectAllDocuments(): void;
  /** Dropped files, handed to the shell as they are (streamed from disk, never read into the page). */
  importFiles(files: readonly File[]): Promise<IpcError[]>;
}
