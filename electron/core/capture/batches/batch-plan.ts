/**
 * The plan's words for the line: one document of a batch to make (PartSpec), why a batch is kept whole and
 * what then becomes of it, and each part's first history entry.
 */
import { historyStep, type HistoryStep } from '../../../../shared/domain/history';
import type { CaptureProblem } from '../../../../shared/domain/capture';
import type { DocumentError } from '../../../../shared/domain/document';

/** One document of a batch, to be built by the part worker and adopted. */
export interface PartSpec {
  /** 0-based, in scanner order. */
  index: number;
  /** 0-based pages of the original; absent: every page from `fromPage` on (what is left of the batch). */
  pages?: number[];
  fromPage?: number;
  metadata: Record<string, string>;
  flagged: number[];
  /** The part's file name (`{pages}`: the range the worker counted). */
  file: string;
  /** Its first history entry, given the pages it holds. */
  step: (pages: number[], index: number) => HistoryStep;
  error?: DocumentError;
  /** Whether it is queued, when not by the folder's rule (a rest kept with a reason). */
  autoSubmit?: boolean;
  /** The batch's last part: its transaction also marks the batch split. */
  last?: boolean;
}

/** A part that could not be built: the reason says what is wrong with the file. */
export class PartProblem extends Error {
  constructor(readonly problem: CaptureProblem) {
    super(problem.message);
  }
}

/** Why a batch was kept whole: its document carries this (keepWhole says whether it waits for the clerk). */
export function keptWholeError(problem: CaptureProblem): DocumentError {
  const message = `Kept whole, not split: ${problem.message}`;
  switch (problem.code) {
    case 'encrypted':
      return { code: 'capture.encrypted', message, retryable: false };
    case 'damaged':
      return { code: 'capture.damaged', message, retryable: false };
    case 'no-pages':
      return { code: 'capture.no_pages', message, retryable: false };
    case 'unsupported':
      return { code: 'capture.unsupported', message, retryable: false };
    case 'too-large':
      return { code: 'capture.too_large', message, retryable: false };
    case 'too-many-pages':
      return { code: 'capture.too_many_pages', message, retryable: false };
  }
}
export const NOTHING_TO_SPLIT: DocumentError = {
  code: 'capture.no_documents',
  message: 'Kept whole, not split: it holds nothing but separator sheets and blank pages.',
  retryable: false,
};
/** The history of a scan in which no separator sheet was found: one document, as the scanner wrote it. */
export const AS_SCANNED = historyStep('asScanned');
/**
 * Analyses begun and cut off by the process ending with no document made in between, after which a batch is
 * kept whole unanalysed (an analysis that made a document takes its start back: run-batch.ts).
 */
export const MAX_ANALYSIS_STARTS = 2;
export const INTERRUPTED: DocumentError = {
  code: 'capture.interrupted',
  message:
    'Kept whole, not split: its analysis was cut off twice as the program ended, with no document made in between (it may have crashed it), so it is not analysed again.',
  retryable: false,
};
/** Kept-whole reasons that say nothing against the file itself: it goes on as a plain document (keepWhole). */
export const GOES_ON_AS_PLAIN: ReadonlySet<string> = new Set([
  'capture.too_large',
  'capture.too_many_pages',
  'capture.interrupted',
  'capture.failed',
]);
/** Kept-whole reasons with a notice of their own (the clerk may rescan in parts); others say "kept". */
export const SPECIFIC_NOTICES = ['capture.too_large', 'capture.too_many_pages', 'capture.interrupted'] as const;
export const analysisFailed = (e: unknown): DocumentError => ({
  code: 'capture.failed',
  message: `Kept whole, not split: the analysis failed (${e instanceof Error ? e.message : String(e)}).`,
  retryable: false,
});

/** Why a part could not be made, as the reason its batch (or its rest) is kept whole. */
export function partError(e: unknown): DocumentError {
  return e instanceof PartProblem ? keptWholeError(e.problem) : analysisFailed(e);
}

export const pageList = (ps: number[]) => ps.map((p) => p + 1).join(', ');
/** A part's first history entry; the number of parts is not known yet when the first ones are made. */
export function partStep(original: string, i: number, pages: number[], flagged: number[]): HistoryStep {
  const values = { n: i + 1, file: original, pages: pageList(pages) };
  return flagged.length > 0
    ? historyStep('partOfFlagged', { ...values, blank: pageList(flagged) })
    : historyStep('partOf', values);
}
