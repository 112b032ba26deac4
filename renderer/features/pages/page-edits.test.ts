import { describe, expect, it } from 'vitest';
import { deletePage, movePage, rotatePage } from './page-edits';

describe('page list edits', () => {
  it('turns one page and keeps the others as they are', () => {
    expect(rotatePage(3, 1, 90)).toEqual({
      pages: [
        { source: 0, rotate: 0 },
        { source: 1, rotate: 90 },
        { source: 2, rotate: 0 },
      ],
      selected: 1,
    });
    expect(rotatePage(3, 3, 90)).toBeUndefined();
  });

  it('deletes a page, never the last one; the selection stays on a page that exists', () => {
    expect(deletePage(3, 2)).toEqual({
      pages: [
        { source: 0, rotate: 0 },
        { source: 1, rotate: 0 },
      ],
      selected: 1,
    });
    expect(deletePage(1, 0)).toBeUndefined();
  });

  it('moves a page by one and the selection with it; not past either end', () => {
    expect(movePage(3, 0, 1)?.pages.map((p) => p.source)).toEqual([1, 0, 2]);
    expect(movePage(3, 0, 1)?.selected).toBe(1);
    expect(movePage(3, 0, -1)).toBeUndefined();
    expect(movePage(3, 2, 1)).toBeUndefined();
  });
});
