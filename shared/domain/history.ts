import { z } from 'zod';

/**
 * What a step of a document's history can say. Like a notice it is data, a code and its values, never a
 * sentence: each code has a sentence `history.step.<code>` in the renderer's catalogs (en and de, checked
 * by the compiler in renderer/features/queue/history-step-text.ts), so a wording change can't break it.
 */
export const HISTORY_CODES = [
  'arrived',
  /** A shared folder (docs/deployment.md, "Shared scan folders"): `station` took the scan. */
  'arrivedAtStation',
  'emptyFile',
  'readableAgain',
  /** The scanner file could not be opened: `reason` (the OS error). */
  'unreadable',
  'imported',
  'tagged',
  'submitted',
  'retry',
  'cancelled',
  'interrupted',
  /** The data folder failed under an upload: queued again with the same key. */
  'storageRequeued',
  'recovered',
  /**
   * An office (issue #50 item 3): `station` went silent at `since` (its last heartbeat, ISO 8601) and stayed
   * silent longer than its lapse; this station took the document over and sends it (the same key).
   */
  'takenOver',
  /** The platform answers again after an outage: a lost connection's backoff is over (issue #36 item 5). */
  'dueAgain',
  'uploaded',
  /** Sent as a searchable PDF (issue #39): `read` pages with a text layer, `bitonal` made black and white. */
  'uploadedSearchable',
  /** As uploadedSearchable, and `grey` text pages kept as scanned: OCR read fewer words on them in black and white. */
  'uploadedSearchableKeptGrey',
  /** Sent as scanned where a searchable PDF was asked for: `reason`. */
  'uploadedAsScanned',
  'archived',
  'filesRemoved',
  /** An upload begins: attempt `n`. */
  'attempt',
  /** An upload did not succeed: `errorCode` and the error's own text `reason`. */
  'error',
  'pagesEdited',
  'pageEditUndone',
  'turnedOnArrival',
  'split',
  'merged',
  'mergeUndone',
  /** A part of a scanned batch: `n`, `file` (the scan), `pages`; …Flagged adds `blank`; part/partFlagged add `count`. */
  'part',
  'partFlagged',
  'partOf',
  'partOfFlagged',
  /** Split off with the page tools from `file` before `page`. */
  'splitFrom',
  /** A scan without a separator sheet: one document as scanned; with blank pages left out: `pages` of `file`. */
  'asScanned',
  'pagesNoSeparator',
  'pagesNoSeparatorFlagged',
  /** The rest of a batch whose analysis stopped: `pages` of `file`, `errorCode`, `reason`. */
  'pagesNotSplit',
  /** A batch kept as one document: `errorCode`, `reason`. */
  'keptWhole',
  /** A text that is no step (a row from before steps were data that the reader did not know): `text`. */
  'note',
] as const;
export type HistoryCode = (typeof HISTORY_CODES)[number];

export const HistoryValuesSchema = z.record(z.string(), z.union([z.string(), z.number()]));
export type HistoryValues = z.infer<typeof HistoryValuesSchema>;

/** One step of a document's history as the core records it. */
export const HistoryStepSchema = z.object({
  code: z.enum(HISTORY_CODES),
  values: HistoryValuesSchema.default({}),
});
export type HistoryStep = z.infer<typeof HistoryStepSchema>;

/** A step with its values (none for most). */
export function historyStep(code: HistoryCode, values: HistoryValues = {}): HistoryStep {
  return { code, values };
}
