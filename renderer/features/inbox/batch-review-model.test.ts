import { describe, expect, it } from 'vitest';
import type { HeldBatch } from '../../../shared/domain/capture';
import {
  initialReview,
  moveBoundary,
  reviewDocuments,
  reviewSummary,
  toggleBoundary,
  togglePage,
} from './batch-review-model';

// The case batch as held: 0 A1 · 1 A2 · 2 cover · 3 blank back · 4 B1 · 5 B2 · 6 cover · 7 C1 · 8 C2.
const ROLES = [
  'content',
  'content',
  'separator',
  'blank',
  'content',
  'content',
  'separator',
  'content',
  'content',
] as const;
const batch: HeldBatch = {
  id: 'b',
  fileName: 'post.pdf',
  sourceFolder: '/scans',
  receivedAt: '2026-01-01T00:00:00.000Z',
  pages: ROLES.map((role, page) => ({ page, role })),
  documents: [
    { pages: [0, 1], metadata: {} },
    { pages: [4, 5], metadata: { CaseNumber: 'CLM-2026-000102' } },
    { pages: [7, 8], metadata: { CaseNumber: 'CLM-2026-000103' } },
  ],
};

describe('batch review model', () => {
  it('shows the planned split as it is', () => {
    const s = initialReview(batch);
    expect(reviewDocuments(batch, s)).toEqual([
      [0, 1],
      [4, 5],
      [7, 8],
    ]);
    expect(reviewSummary(batch, s)).toEqual({ pages: 9, documents: 3, blanksDropped: 1, separators: 2 });
  });

  it('a blank page taken back joins the document before it until the boundary is moved onto it', () => {
    let s = togglePage(initialReview(batch), 3);
    expect(reviewDocuments(batch, s)).toEqual([
      [0, 1, 3],
      [4, 5],
      [7, 8],
    ]);
    expect(reviewSummary(batch, s).blanksDropped).toBe(0);
    s = moveBoundary(batch, s, 4, -1);
    expect(reviewDocuments(batch, s)).toEqual([
      [0, 1],
      [3, 4, 5],
      [7, 8],
    ]);
  });

  it('moves a boundary page by page, never past another one or the edge', () => {
    let s = moveBoundary(batch, initialReview(batch), 7, -1); // onto the separator: the document still starts at 7
    expect(reviewDocuments(batch, s)).toEqual([
      [0, 1],
      [4, 5],
      [7, 8],
    ]);
    s = moveBoundary(batch, s, 6, -1);
    expect(reviewDocuments(batch, s)).toEqual([[0, 1], [4], [5, 7, 8]]);
    expect(moveBoundary(batch, s, 5, -1)).toBe(s); // 4 is a boundary
    expect(moveBoundary(batch, initialReview(batch), 0, -1).starts).toEqual(initialReview(batch).starts);
    expect(moveBoundary(batch, s, 3, 1)).toBe(s); // no boundary at 3
  });

  it('a boundary added or removed changes the number of documents', () => {
    const s = toggleBoundary(initialReview(batch), 8);
    expect(reviewDocuments(batch, s)).toEqual([[0, 1], [4, 5], [7], [8]]);
    expect(reviewDocuments(batch, toggleBoundary(initialReview(batch), 4))).toEqual([
      [0, 1, 4, 5],
      [7, 8],
    ]);
  });
});
