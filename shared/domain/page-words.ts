import { z } from 'zod';
import { BoxSchema } from './suggestions';

/**
 * One word as read from a page (issue #39 item 7): its text, its place (fractions 0..1 of the page as it
 * lies in the file, origin top-left) and its line on the page (0-based, in reading order).
 */
export const PageWordSchema = z.object({
  text: z.string().min(1).max(500),
  box: BoxSchema,
  line: z.number().int().min(0),
});
export type PageWord = z.infer<typeof PageWordSchema>;

/** Words of a page are capped: a page of text holds a few thousand; more is not a page anyone reads. */
export const MAX_PAGE_WORDS = 20_000;

/**
 * The words of one page, as far as they were read:
 * - `read`: from the PDF's own text layer (`pdf-text`) or by OCR (`ocr`); `rotation` is the quarter turn
 *   (clockwise) that makes the page upright, so the words run turned on the page as it lies;
 * - `notRead`: the document's text is not read yet (it is read on arrival and when the clerk opens it);
 * - `unreadable`: its text cannot be read and is not tried again (docs/capture.md, "no poison pill");
 * - `skipped`: the page was not read (after the OCR page limit, or it could not be read);
 * - `noPage`: the document's text has fewer pages than that.
 * `pageCount` is the number of pages the text knows of (0 when not read).
 */
export const PageWordsSchema = z.discriminatedUnion('state', [
  z.object({
    state: z.literal('read'),
    source: z.enum(['pdf-text', 'ocr']),
    rotation: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]),
    words: z.array(PageWordSchema).max(MAX_PAGE_WORDS),
    pageCount: z.number().int().min(0),
  }),
  z.object({ state: z.enum(['notRead', 'unreadable']), pageCount: z.literal(0) }),
  z.object({ state: z.enum(['skipped', 'noPage']), pageCount: z.number().int().min(0) }),
]);
export type PageWords = z.infer<typeof PageWordsSchema>;
