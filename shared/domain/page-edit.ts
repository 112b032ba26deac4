import { z } from 'zod';

/**
 * Page tools (issue #16 item 4): an edit is the new page list of a document, each entry naming a page of
 * its current file (0-based) and a turn clockwise added to it. Leaving a page out deletes it; the order is
 * the new order. Applied, it gives a new file; the one before is kept for undo.
 */
export const PageEditPageSchema = z.object({
  source: z.number().int().min(0),
  rotate: z.union([z.literal(0), z.literal(90), z.literal(180), z.literal(270)]).default(0),
});
export type PageEditPage = z.output<typeof PageEditPageSchema>;

export const PageEditSchema = z.object({
  id: z.string().min(1),
  pages: z
    .array(PageEditPageSchema)
    .min(1, 'a document keeps at least one page')
    .max(10_000)
    .refine((pages) => new Set(pages.map((p) => p.source)).size === pages.length, 'a page is listed twice'),
});

/** What the page tools show beside a document: how many edits can be undone. */
export const PageEditStateSchema = z.object({ undoable: z.number().int().min(0) });
export type PageEditState = z.infer<typeof PageEditStateSchema>;
