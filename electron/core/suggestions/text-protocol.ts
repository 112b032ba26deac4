/** Messages between TextPool (main thread) and text-worker (worker thread). */
import { z } from 'zod';
import type { PageText } from './page-text';

/**
 * What the searchable PDF holds: pages with a text layer, pages sent bitonal, text pages kept as scanned
 * since bitonal lost words, its size; or why not.
 */
export type OutputBuilt =
  | { ok: true; textPages: number[]; bitonalPages: number[]; greyPages: number[]; size: number; sha256: string }
  | { ok: false; message: string };

export const TextWorkerDataSchema = z.object({
  /** Folder for the OCR language files (in the data folder). */
  stageDir: z.string().min(1),
  /** The models the worker may use; each request names those it reads with. */
  languages: z.array(z.object({ code: z.string().regex(/^[a-z_]{3,12}$/), file: z.string().min(1) })).min(1),
});
export type TextWorkerData = z.infer<typeof TextWorkerDataSchema>;

const LanguageCodes = z.array(z.string().regex(/^[a-z_]{3,12}$/)).min(1);

export const TextReadRequestSchema = z.object({
  id: z.number().int(),
  path: z.string().min(1),
  /** Pages from the start that may be OCR'd; later pages only give their text layer. */
  maxOcrPages: z.number().int().min(0),
  dpi: z.number().int().min(72).max(600),
  minTextLayerChars: z.number().int().min(0),
  /** The OCR languages of this read, Tesseract's first choice first (issue #46: `deu`, `eng`). */
  languages: LanguageCodes,
  readMs: z.number().int().min(1).optional(),
  /** Also write the searchable PDF of the document here (issue #39; written atomically). */
  output: z.object({ path: z.string().min(1), smaller: z.boolean() }).optional(),
});
export type TextReadRequest = z.infer<typeof TextReadRequestSchema>;

/**
 * Start the OCR engine for these languages and read nothing (issue #48 item 3): a stack of letters starts
 * arriving, and the engines start while it settles instead of on each worker's first page. Answered `done`.
 */
export const TextWarmRequestSchema = z.object({ id: z.number().int(), warm: LanguageCodes });

export const TextRequestSchema = z.union([TextReadRequestSchema, TextWarmRequestSchema]);
export type TextRequest = z.infer<typeof TextRequestSchema>;

export type TextReply =
  | { id: number; type: 'page'; page: PageText }
  | { id: number; type: 'done'; pageCount: number; output?: OutputBuilt }
  | { id: number; type: 'problem'; message: string }
  | { id: number; type: 'error'; message: string };
