import type * as UtifModule from 'utif2';
import type { IFD } from 'utif2';

export type Utif = typeof UtifModule;
let utifLoaded: Promise<Utif> | undefined;
/** utif2 (MIT, plain JS; the core reads TIFF structure with it too) is loaded on the first TIFF shown. */
export const loadUtif = () => (utifLoaded ??= import('utif2').then((m) => (m as { default?: Utif }).default ?? m));

/** One TIFF page drawn into a canvas at its own size; its decoded pixels are not kept (35 MB at 300 DPI). */
export function drawTiffPage(utif: Utif, bytes: ArrayBuffer, ifd: IFD, canvas: HTMLCanvasElement): void {
  utif.decodeImage(bytes, ifd);
  const rgba = utif.toRGBA8(ifd);
  canvas.width = ifd.width;
  canvas.height = ifd.height;
  canvas.getContext('2d')?.putImageData(new ImageData(new Uint8ClampedArray(rgba), ifd.width, ifd.height), 0, 0);
  ifd.data = new Uint8Array(0);
}
