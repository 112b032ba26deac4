/**
 * The preview's zoom: a scale the clerk chose (1 = 100 %: one page point of a PDF, one pixel of an image, per
 * CSS pixel), "fit the whole page into the pane" or "fit the page's width to the pane". A document opens at
 * the clerk's last choice, fit width until they made one (issue #48 item 6: a 300 DPI scan fitted whole
 * opened at 13–15 %, too small to read), so flipping through letters keeps the view the clerk works in.
 */
export type Zoom = number | 'fit' | 'width';

/** What a document opens at before the clerk chose anything: its text at a readable size, no sideways scroll. */
export const FIRST_ZOOM: Zoom = 'width';

/** The steps + and − move through. */
export const ZOOM_STEPS = [0.1, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;
const MIN_STEP = ZOOM_STEPS[0];
const MAX_STEP = ZOOM_STEPS[ZOOM_STEPS.length - 1]!;

/** The scale at which a page of `page` size fits whole into `area` (both in CSS pixels). */
export function fitScale(page: { width: number; height: number }, area: { width: number; height: number }): number {
  if (page.width <= 0 || page.height <= 0) return 1;
  const scale = Math.min(area.width / page.width, area.height / page.height);
  return Number.isFinite(scale) && scale > 0 ? scale : 1;
}

/** The scale at which a page of `page` size is as wide as `area` (both in CSS pixels). */
export function widthScale(page: { width: number; height: number }, area: { width: number }): number {
  if (page.width <= 0 || area.width <= 0) return 1;
  // Half a pixel of room: a canvas a fraction wider than the pane would still scroll sideways.
  const scale = (area.width - 0.5) / page.width;
  return Math.min(MAX_STEP, Math.max(0.01, scale));
}

/**
 * The next step up (direction 1) or down (−1) from the scale shown now, which after a fit lies between
 * steps: from 37 %, + goes to 50 % and − to 25 %.
 */
export function stepZoom(current: number, direction: 1 | -1): number {
  const epsilon = 1e-6;
  if (direction === 1) return ZOOM_STEPS.find((z) => z > current + epsilon) ?? MAX_STEP;
  return [...ZOOM_STEPS].reverse().find((z) => z < current - epsilon) ?? ZOOM_STEPS[0];
}

/** The stored form of a choice read back: a fit, or a scale within the steps' range; anything else is none. */
export function parseZoom(raw: string | null | undefined): Zoom | undefined {
  if (raw === 'fit' || raw === 'width') return raw;
  const n = Number(raw);
  return raw && Number.isFinite(n) && n >= MIN_STEP && n <= MAX_STEP ? n : undefined;
}
