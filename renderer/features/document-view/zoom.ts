/**
 * The preview's zoom: a scale the clerk chose (1 = 100 %), "fit the whole page into the pane", or the one a
 * document opens at: 100 %, or less when the page is wider than the pane (a narrow window, 200 % zoom), so
 * the preview never opens scrolled sideways.
 */
export type Zoom = number | 'fit' | 'opening';

/** The steps + and − move through. */
export const ZOOM_STEPS = [0.1, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;

/** The scale at which a page of `page` size fits whole into `area` (both in CSS pixels). */
export function fitScale(page: { width: number; height: number }, area: { width: number; height: number }): number {
  if (page.width <= 0 || page.height <= 0) return 1;
  const scale = Math.min(area.width / page.width, area.height / page.height);
  return Number.isFinite(scale) && scale > 0 ? scale : 1;
}

/** The opening scale: 100 %, or the width of `area` when the page is wider (both in CSS pixels). */
export function openingScale(page: { width: number; height: number }, area: { width: number }): number {
  if (page.width <= 0 || area.width <= 0) return 1;
  // Half a pixel of room: a canvas a fraction wider than the pane would still scroll sideways.
  return Math.min(1, Math.max(0.01, (area.width - 0.5) / page.width));
}

/**
 * The next step up (direction 1) or down (−1) from the scale shown now, which after "fit" lies between
 * steps: from 37 %, + goes to 50 % and − to 25 %.
 */
export function stepZoom(current: number, direction: 1 | -1): number {
  const epsilon = 1e-6;
  if (direction === 1) return ZOOM_STEPS.find((z) => z > current + epsilon) ?? ZOOM_STEPS[ZOOM_STEPS.length - 1]!;
  return [...ZOOM_STEPS].reverse().find((z) => z < current - epsilon) ?? ZOOM_STEPS[0];
}
