import { z } from 'zod';
import { DocumentSuggestionsSchema, TextMatchSchema } from '../../domain/suggestions';
import { PageWordsSchema } from '../../domain/page-words';

/** Issue #17: the text of a document read for the tagging form's suggestions (core: suggestions). */
export const suggestionInvokes = {
  /**
   * Reads the document's text (cached by content; OCR for scanned pages within the limit), finds
   * candidates and checks them against the platform. Slow the first time for a scan (seconds per page):
   * the form stays usable meanwhile. The clerk has it open: its text is read before the documents waiting
   * (issue #48 item 3); `next`, the document after it in the clerk's list, is read in the background next.
   */
  'documents.suggestions': {
    request: z.object({ id: z.string().min(1), next: z.string().min(1).optional() }),
    response: DocumentSuggestionsSchema,
  },
  /**
   * The document type this station's history suggests for the document (issue #31 item 10): learnt from the
   * text of documents sent and the type the clerk chose; null when the model is not confident.
   */
  'documents.suggestType': {
    request: z.object({ id: z.string().min(1) }),
    response: z
      .object({ code: z.string(), confidence: z.number().min(0).max(1), examples: z.number().int().min(0) })
      .nullable(),
  },
  /**
   * The words read from one page of the document (issue #39 item 7), for the preview's text layer and its
   * find on page. `page` is 0-based, as the core counts pages. Without `read`: only what was read already
   * (the text cache), answered at once. With `read`: a content not read yet (a page edit made new content)
   * is read first, in the text workers; the preview asks so only after an answer `notRead`, and shows the
   * page meanwhile.
   */
  'documents.pageWords': {
    request: z.object({
      id: z.string().min(1),
      page: z.number().int().min(0).max(100_000),
      read: z.boolean().default(false),
    }),
    response: PageWordsSchema,
  },
  /** OCR languages installed on this machine and the page limit, for the settings screen. */
  'ocr.info': {
    request: z.object({}),
    response: z.object({
      languages: z.array(z.string()),
      maxOcrPages: z.number().int().min(0),
      threads: z.number().int().min(1),
    }),
  },
  /**
   * The inbox search over the documents' text (what was read for suggestions; documents not read yet are
   * not found by their text). Matches in the inbox's order of arrival, newest first, at most `limit`.
   */
  'documents.searchText': {
    request: z.object({
      query: z.string().trim().min(2).max(200),
      limit: z.number().int().min(1).max(1000).default(200),
    }),
    response: z.object({ matches: z.array(TextMatchSchema) }),
  },
};
