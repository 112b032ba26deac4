import { z } from 'zod';
import { DocumentSchema } from '../../domain/document';
import { PageEditSchema, PageEditStateSchema } from '../../domain/page-edit';

/** Issue #16 item 4: page tools on a document (core: electron/core/capture/page-tools). */
export const pageInvokes = {
  /** Applies a new page list (order, left-out pages, turns) as a new file; the one before is kept for undo. */
  'documents.editPages': { request: PageEditSchema, response: DocumentSchema },
  /**
   * "Split here": the pages from `at` (0-based) on become a new document in the inbox with the same
   * metadata; the document keeps the pages before. Undone by documents.undoPageEdit while the new one is
   * still in the inbox.
   */
  'documents.splitPages': {
    request: z.object({ id: z.string().min(1), at: z.number().int().min(1) }),
    response: z.object({ kept: DocumentSchema, split: DocumentSchema }),
  },
  /**
   * Merges documents into the first, in this order: one PDF of all their pages; the others leave the inbox
   * (documents.undoPageEdit on the first brings them back).
   */
  'documents.mergePages': {
    request: z.object({ ids: z.array(z.string().min(1)).min(2).max(200) }),
    response: DocumentSchema,
  },
  /** Goes back to the file before the last page edit. */
  'documents.undoPageEdit': { request: z.object({ id: z.string().min(1) }), response: DocumentSchema },
  /** How many page edits of the document can be undone. */
  'documents.pageEdits': { request: z.object({ id: z.string().min(1) }), response: PageEditStateSchema },
};
