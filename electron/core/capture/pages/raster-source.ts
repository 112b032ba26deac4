/** TIFF (every page), JPEG and PNG through sharp (libvips + libtiff/libjpeg-turbo/libspng, LGPL/BSD). */
import type { GrayBitmap } from './bitmap';
import { DECODE_LIMITS, renderSize, tooLargeMessage, tooManySourcePixels } from './decode-limits';
import type { OpenResult, PageSource } from './page-source';
import { problem } from './page-source';
import { loadSharp } from './sharp-lib';
import { readTiffStructure } from './tiff-structure';

interface RasterPage {
  width: number;
  height: number;
  xDpi: number;
  yDpi: number;
}

export async function openTiff(bytes: Uint8Array): Promise<OpenResult> {
  let pages: RasterPage[];
  try {
    pages = readTiffStructure(bytes);
  } catch (e) {
    return problem('damaged', `the TIFF cannot be read: ${(e as Error).message}`);
  }
  if (pages.length === 0) return problem('damaged', 'the TIFF has no readable page');
  // The directories' sizes, before a pixel is decoded (decode-limits.ts).
  const big = pages.find((p) => tooManySourcePixels(p.width, p.height));
  if (big) return problem('too-large', tooLargeMessage(big.width, big.height));
  return { ok: true, source: new RasterSource('tiff', bytes, pages) };
}

export async function openImage(kind: 'jpeg' | 'png', bytes: Uint8Array): Promise<OpenResult> {
  const sharp = await loadSharp();
  try {
    // The header alone (no pixels): its size is checked before anything is decoded.
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    if (!meta.width || !meta.height) return problem('damaged', `the ${kind.toUpperCase()} has no size`);
    if (tooManySourcePixels(meta.width, meta.height))
      return problem('too-large', tooLargeMessage(meta.width, meta.height));
    // Many scanners write no density, and JFIF's default is 72, which no scanner uses: 200 DPI then.
    const dpi = meta.density && meta.density > 72 ? meta.density : 200;
    // The header can be fine and the rest cut off: decode a small copy now, so a damaged file is told at open.
    await sharp(bytes, { failOn: 'truncated', limitInputPixels: DECODE_LIMITS.maxSourcePixels })
      .resize(32, 32, { fit: 'fill' })
      .raw()
      .toBuffer();
    // EXIF orientation is applied when rendering; report the size as it will be seen.
    const turned = (meta.orientation ?? 1) >= 5;
    const width = turned ? meta.height : meta.width;
    const height = turned ? meta.width : meta.height;
    return { ok: true, source: new RasterSource(kind, bytes, [{ width, height, xDpi: dpi, yDpi: dpi }]) };
  } catch (e) {
    return problem('damaged', `the ${kind.toUpperCase()} cannot be read: ${(e as Error).message}`);
  }
}

class RasterSource implements PageSource {
  constructor(
    readonly kind: 'tiff' | 'jpeg' | 'png',
    private readonly bytes: Uint8Array,
    private readonly pages: RasterPage[],
  ) {}

  get pageCount() {
    return this.pages.length;
  }

  pageSize(index: number) {
    const p = this.page(index);
    return { widthPt: (p.width / p.xDpi) * 72, heightPt: (p.height / p.yDpi) * 72 };
  }

  imageBoxes(): [] {
    return [];
  }

  scanDpi(index: number): number | undefined {
    return this.pages[index]?.xDpi;
  }

  async render(index: number, dpi: number): Promise<GrayBitmap> {
    const p = this.page(index);
    // Never above the source's own pixels (a 73-DPI image is not scaled up to 200), never above the cap.
    const { width, height } = renderSize(this.pageSize(index), dpi, p);
    const sharp = await loadSharp();
    const limitInputPixels = DECODE_LIMITS.maxSourcePixels;
    let img = sharp(this.bytes, this.kind === 'tiff' ? { page: index, limitInputPixels } : { limitInputPixels });
    if (this.kind !== 'tiff') img = img.rotate(); // EXIF orientation
    img = img.flatten({ background: '#ffffff' }).greyscale();
    // Fax pages (204×98 DPI) are not square; a small difference in scale is not worth a resample.
    if (Math.abs(width - p.width) > 2 || Math.abs(height - p.height) > 2)
      img = img.resize(width, height, { fit: 'fill', kernel: 'linear' });
    const { data, info } = await img.raw().toBuffer({ resolveWithObject: true });
    if (info.channels !== 1) throw new Error(`expected one channel, got ${info.channels}`);
    return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
  }

  close() {}

  private page(index: number): RasterPage {
    const p = this.pages[index];
    if (!p) throw new RangeError(`no page ${index}`);
    return p;
  }
}
