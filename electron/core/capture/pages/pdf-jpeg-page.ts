/**
 * Fast path for the commonest scan: a PDF page that is one JPEG covering the page, unrotated. PDFium
 * would decode that JPEG in WASM (no SIMD) and resample it; handing the DCT bytes to sharp's
 * libjpeg-turbo (SIMD, shrink-on-load) gives the same grey bitmap several times faster. Anything else
 * (text, several objects, masks, rotation, other filters or colour spaces) returns undefined and PDFium
 * renders the page.
 */
import type { GrayBitmap } from './bitmap';
import { DECODE_LIMITS } from './decode-limits';
import type { Pdfium } from './pdfium';
import { loadSharp } from './sharp-lib';

const IMAGE_OBJECT = 3;
const DEVICE_GRAY = 1;
const DEVICE_RGB = 2;

export function fullPageJpeg(m: Pdfium, page: number, widthPt: number, heightPt: number): Uint8Array | undefined {
  if (m.FPDFPage_CountObjects(page) !== 1 || m.FPDFPage_GetRotation(page) !== 0) return undefined;
  const obj = m.FPDFPage_GetObject(page, 0);
  if (!obj || m.FPDFPageObj_GetType(obj) !== IMAGE_OBJECT || m.FPDFPageObj_HasTransparency(obj)) return undefined;
  if (m.FPDFImageObj_GetImageFilterCount(obj) !== 1 || filterName(m, obj) !== 'DCTDecode') return undefined;
  const heap = () => m.pdfium;
  const scratch = heap().wasmExports.malloc(32);
  try {
    // FS_MATRIX {a, b, c, d, e, f} as floats: the image must fill the page, upright, not mirrored.
    if (!m.FPDFPageObj_GetMatrix(obj, scratch)) return undefined;
    const [a, b, c, d, e, f] = [0, 1, 2, 3, 4, 5].map((i) => heap().getValue(scratch + i * 4, 'float') as number);
    const near = (x: number, y: number) => Math.abs(x - y) <= 1;
    if (!near(b!, 0) || !near(c!, 0) || !near(e!, 0) || !near(f!, 0) || !near(a!, widthPt) || !near(d!, heightPt))
      return undefined;
    // FPDF_IMAGEOBJ_METADATA {uint width, height; float hdpi, vdpi; uint bpp; int colorspace; int mcid}
    if (!m.FPDFImageObj_GetImageMetadata(obj, page, scratch)) return undefined;
    const colorspace = heap().getValue(scratch + 20, 'i32') as number;
    const bpp = heap().getValue(scratch + 16, 'i32') as number;
    if ((colorspace !== DEVICE_GRAY && colorspace !== DEVICE_RGB) || (bpp !== 8 && bpp !== 24)) return undefined;
  } finally {
    heap().wasmExports.free(scratch);
  }
  const length = m.FPDFImageObj_GetImageDataRaw(obj, 0, 0);
  if (length <= 0) return undefined;
  const buf = heap().wasmExports.malloc(length);
  try {
    if (m.FPDFImageObj_GetImageDataRaw(obj, buf, length) !== length) return undefined;
    return heap().HEAPU8.slice(buf, buf + length);
  } finally {
    heap().wasmExports.free(buf);
  }
}

function filterName(m: Pdfium, obj: number): string {
  const length = m.FPDFImageObj_GetImageFilter(obj, 0, 0, 0);
  if (length <= 0 || length > 64) return '';
  const buf = m.pdfium.wasmExports.malloc(length);
  try {
    m.FPDFImageObj_GetImageFilter(obj, 0, buf, length);
    return m.pdfium.UTF8ToString(buf);
  } finally {
    m.pdfium.wasmExports.free(buf);
  }
}

/**
 * Decodes the JPEG to grey at exactly width × height (sharp shrinks on load when it can). Its frame header
 * is read first: a JPEG that would decode to more than the source pixel limit even shrunk on load is
 * refused before decoding (decode-limits.ts), and PDFium renders the page at its capped size. A big JPEG
 * that shrinks on load stays here: PDFium would decode it whole (a 16k² one took 16 s and 1 GB).
 */
export async function decodeJpegGray(jpeg: Uint8Array, width: number, height: number): Promise<GrayBitmap> {
  const sharp = await loadSharp();
  const meta = await sharp(jpeg, { limitInputPixels: false }).metadata();
  if (!meta.width || !meta.height) throw new Error('the JPEG has no size');
  // libjpeg decodes at 1/2, 1/4 or 1/8 when the target is that small: the pixels it really makes count.
  const shrink = [8, 4, 2, 1].find((f) => meta.width! / f >= width && meta.height! / f >= height) ?? 1;
  const limitInputPixels = DECODE_LIMITS.maxSourcePixels * shrink * shrink;
  if (meta.width * meta.height > limitInputPixels) throw new Error('the JPEG is over the pixel limit');
  const { data, info } = await sharp(jpeg, { limitInputPixels })
    .greyscale()
    .resize(width, height, { fit: 'fill', kernel: 'linear' })
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}
