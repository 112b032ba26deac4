/** The preview's zoom: a scale (1 = 100 %) or "fit the whole page into the pane". */
export type Zoom = number | 'fit';

/** The steps + and − move through. */
export const ZOOM_STEPS = [0.1, 0.25, 0.5, 0.75, 1, 1.25, 1.5, 2, 3, 4] as const;

/** The scale at which a page of `page` size fits whole into `area` (both in CSS pixels). */
export function fitScale(page: { width: number; height: number }, area: { width: number; height: number }): number {
  if (page.width <= 0 || page.height <= 0) return 1;
  const scale = Math.min(area.width / page.width, area.height / page.height);
  return Number.isFinite(scale) && scale > 0 ? scale : 1;
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
