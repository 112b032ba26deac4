import { FIRST_ZOOM, parseZoom } from './zoom';
import type { Zoom } from './zoom';

/**
 * The clerk's zoom choice, kept on this PC (as the scan panel's settings are): the next document, and the
 * window's next start, open at it (issue #48 item 6). A damaged entry is no choice.
 */
const KEY = 'intake.preview.zoom';

export const rememberedZoom = (): Zoom => parseZoom(localStorage.getItem(KEY)) ?? FIRST_ZOOM;

export const rememberZoom = (zoom: Zoom): void => localStorage.setItem(KEY, String(zoom));
