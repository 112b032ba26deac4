import { z } from 'zod';
import { StorageCodeSchema } from './queue';

/**
 * What a notice can say. Each code has a sentence `notice.<code>` in the renderer's catalogs (en and de,
 * checked by the compiler in renderer/app/notice-text.ts); the values fill its placeholders.
 */
export const NOTICE_CODES = [
  'folder.missing',
  'folder.unreadable',
  'folder.replaced',
  'folder.invalid',
  'folder.back',
  'file.unreadable',
  ...StorageCodeSchema.options,
  'storage.ok',
  'queue.paused.configuration',
  'capture.received',
  'capture.held',
  'capture.split',
  'capture.kept',
  'capture.too_large',
  'capture.too_many_pages',
  'capture.interrupted',
  'import.failed',
  'output.failed',
  'office.unreachable',
  'office.refused',
  'office.back',
  /** Documents of a gone station (`station`, silent since `since`) this station took over and sends: `count`. */
  'office.takenOver',
] as const;
export type NoticeCode = (typeof NOTICE_CODES)[number];

/**
 * The values a notice's sentence is filled with: names as written (a file, a folder) and the technical
 * reason. A value called `errorCode` is an error code: the renderer shows its sentence in place of `reason`.
 */
export const NoticeValuesSchema = z.record(z.string(), z.string());
export type NoticeValues = z.infer<typeof NoticeValuesSchema>;

/**
 * Something main tells the clerk (a banner in the window, a desktop notification). It travels as data, a
 * code and its values, never as a sentence: the renderer writes the sentence in the clerk's language.
 */
export const NoticeSchema = z.object({
  id: z.string(),
  level: z.enum(['info', 'warning', 'error']),
  code: z.enum(NOTICE_CODES),
  values: NoticeValuesSchema.default({}),
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
