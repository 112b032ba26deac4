import type { IpcError } from '../../../shared/ipc/errors';
import type { ShownPage } from '../document-view/shown-page';
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
