import { z } from 'zod';
import { DocumentSchema } from '../../domain/document';
import { PageEditSchema, PageEditStateSchema } from '../../domain/page-edit';

/** Issue #16 item 4: page tools on a document (core: electron/core/capture/page-tools). */
export const pageInvokes = {
  /** Applies a new page list (order, left-out pages, turns) as a new file; the one before is kept for undo. */
  'documents.editPages': { request: PageEditSchema, response: DocumentSchema },
  /** Goes back to the file before the last page edit. */
  'documents.undoPageEdit': { request: z.object({ id: z.string().min(1) }), response: DocumentSchema },
  /** How many page edits of the document can be undone. */
  'documents.pageEdits': { request: z.object({ id: z.string().min(1) }), response: PageEditStateSchema },
};
