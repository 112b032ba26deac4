import { z } from 'zod';

/** Something main tells the clerk (a banner in the window, a desktop notification). */
export const NoticeSchema = z.object({
  id: z.string(),
  level: z.enum(['info', 'warning', 'error']),
  /** Message-catalog key and its values, so the renderer shows it in the clerk's language. */
  message: z.string(),
  documentId: z.string().optional(),
  count: z.number().int().positive().default(1),
  at: z.string(),
});
export type Notice = z.infer<typeof NoticeSchema>;

/** Main asks the window to show something, e.g. after a click on a native notification. */
export const NavigateSchema = z.object({
  screen: z.enum(['inbox', 'queue', 'settings']),
  /** Select this document (inbox). */
  documentId: z.string().optional(),
});
export type Navigate = z.infer<typeof NavigateSchema>;
