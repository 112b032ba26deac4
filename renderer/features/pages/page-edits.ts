import type { PageEditPage } from '../../../shared/domain/page-edit';

/**
 * The page tools' edits as new page lists of the current file (pure, so every rule is tested without a
 * DOM). Each returns the list and where the selection goes, or undefined when the edit makes no sense.
 */
export interface PageListEdit {
  pages: PageEditPage[];
  selected: number;
}

const identity = (count: number): PageEditPage[] =>
  Array.from({ length: count }, (_, i) => ({ source: i, rotate: 0 as const }));

export function rotatePage(count: number, page: number, turn: 90 | 270): PageListEdit | undefined {
  if (page < 0 || page >= count) return undefined;
  return { pages: identity(count).map((p) => (p.source === page ? { ...p, rotate: turn } : p)), selected: page };
}

export function deletePage(count: number, page: number): PageListEdit | undefined {
  // A document keeps at least one page.
  if (count <= 1 || page < 0 || page >= count) return undefined;
  return { pages: identity(count).filter((p) => p.source !== page), selected: Math.min(page, count - 2) };
}

export function movePage(count: number, page: number, by: -1 | 1): PageListEdit | undefined {
  const to = page + by;
  if (page < 0 || page >= count || to < 0 || to >= count) return undefined;
  const pages = identity(count);
  [pages[page], pages[to]] = [pages[to]!, pages[page]!];
  return { pages, selected: to };
}
