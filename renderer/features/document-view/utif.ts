import type * as UtifModule from 'utif2';
import type { IFD } from 'utif2';
import { MAX_SCAN_PIXELS, tiffDirectoryChainProblem } from '../../../shared/formats/tiff-directories';

export type Utif = typeof UtifModule;
let utifLoaded: Promise<Utif> | undefined;
/** utif2 (MIT, plain JS; the core reads TIFF structure with it too) is loaded on the first TIFF shown. */
export const loadUtif = () => (utifLoaded ??= import('utif2').then((m) => (m as { default?: Utif }).default ?? m));

/**
 * The pages (top-level directories) of a TIFF. The chain is walked with a guard first (shared with the
 * capture workers): utif2 itself follows a directory loop until the page runs out of memory, so a hostile
 * file kept whole in the inbox would hang the window that previews it.
 */
export function tiffPages(utif: Utif, bytes: ArrayBuffer): IFD[] {
  const problem = tiffDirectoryChainProblem(new Uint8Array(bytes));
  if (problem) throw new Error(`the TIFF cannot be shown: ${problem}`);
  return utif.decode(bytes);
}

/** A size tag (ImageWidth t256, ImageLength t257) as the directory says it, before any pixel is decoded. */
function declared(ifd: IFD, tag: 't256' | 't257'): number {
  const v: unknown = ifd[tag];
  return Array.isArray(v) && typeof v[0] === 'number' ? v[0] : 0;
}

/** One TIFF page drawn into a canvas at its own size; its decoded pixels are not kept (35 MB at 300 DPI). */
export function drawTiffPage(utif: Utif, bytes: ArrayBuffer, ifd: IFD, canvas: HTMLCanvasElement): void {
  // A page over what capture decodes (a 12 KB file can declare 100,000 × 100,000) is not decoded here
  // either: its RGBA alone would take the window down.
  const [width, height] = [declared(ifd, 't256'), declared(ifd, 't257')];
  if (width * height > MAX_SCAN_PIXELS)
    throw new Error(`the page declares ${width} × ${height} pixels, too many to show`);
  utif.decodeImage(bytes, ifd);
  const rgba = utif.toRGBA8(ifd);
  canvas.width = ifd.width;
  canvas.height = ifd.height;
  canvas.getContext('2d')?.putImageData(new ImageData(new Uint8ClampedArray(rgba), ifd.width, ifd.height), 0, 0);
  ifd.data = new Uint8Array(0);
}
