import type { HeldBatch } from '../../../shared/domain/capture';

/**
 * The clerk's view of a held batch's split (issue #38 item 8), pure: which pages are in (`included`) and
 * where documents start (`starts`, page numbers). A document starts at the first included page at or after
 * a start mark, so leaving a page out never loses a boundary. The documents are what `capture.release`
 * gets, exactly as shown.
 */
export interface ReviewState {
  included: ReadonlySet<number>;
  starts: ReadonlySet<number>;
}

export function initialReview(batch: HeldBatch): ReviewState {
  return {
    included: new Set(batch.documents.flatMap((d) => d.pages)),
    starts: new Set(batch.documents.map((d) => d.pages[0]!)),
  };
}

/** The documents as shown: included pages in scanner order, cut at the start marks. */
export function reviewDocuments(batch: HeldBatch, state: ReviewState): number[][] {
  const out: number[][] = [];
  let current: number[] = [];
  let pending = false;
  for (const { page } of batch.pages) {
    if (state.starts.has(page)) pending = true;
    if (!state.included.has(page)) continue;
    if (pending && current.length > 0) {
      out.push(current);
      current = [];
    }
    pending = false;
    current.push(page);
  }
  if (current.length > 0) out.push(current);
  return out;
}

/** Puts a page in or leaves it out (a blank page taken back, a page dropped). */
export function togglePage(state: ReviewState, page: number): ReviewState {
  const included = new Set(state.included);
  if (included.has(page)) included.delete(page);
  else included.add(page);
  return { ...state, included };
}

/**
 * Moves the boundary at `page` one page earlier (-1) or later (+1); unchanged when there is none there, or
 * the move would reach the batch's edge or another boundary.
 */
export function moveBoundary(batch: HeldBatch, state: ReviewState, page: number, by: -1 | 1): ReviewState {
  if (!state.starts.has(page)) return state;
  const target = page + by;
  if (target <= 0 || target >= batch.pages.length || state.starts.has(target)) return state;
  const starts = new Set(state.starts);
  starts.delete(page);
  starts.add(target);
  return { ...state, starts };
}

/** Starts or ends a document at `page` (a boundary added or taken away). */
export function toggleBoundary(state: ReviewState, page: number): ReviewState {
  const starts = new Set(state.starts);
  if (starts.has(page)) starts.delete(page);
  else starts.add(page);
  return { ...state, starts };
}

export interface ReviewSummary {
  pages: number;
  documents: number;
  /** Blank pages left out. */
  blanksDropped: number;
  /** Separator sheets left out. */
  separators: number;
}

export function reviewSummary(batch: HeldBatch, state: ReviewState): ReviewSummary {
  const out = (role: string) => batch.pages.filter((p) => p.role === role && !state.included.has(p.page)).length;
  return {
    pages: batch.pages.length,
    documents: reviewDocuments(batch, state).length,
    blanksDropped: out('blank'),
    separators: out('separator'),
  };
}
