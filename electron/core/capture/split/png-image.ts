/**
 * A PNG's pixels as a PDF image without decoding them (issue #39): PNG's image data is a zlib stream of
 * rows, each prefixed with PNG's filter byte, which is exactly PDF's FlateDecode with /Predictor 15 (as
 * img2pdf and OCRmyPDF embed PNGs). pdf-lib's embedPng decodes and compresses again instead (11.7 s for a
 * 300-DPI A4 grey scan here). Taken as it is: not interlaced, no alpha channel, no transparency chunk,
 * grey, RGB or a palette; anything else is left to pdf-lib (undefined).
 */
import type { PDFDocument, PDFRawStream } from 'pdf-lib';
import { PDFHexString } from 'pdf-lib';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export interface PngImage {
  width: number;
  height: number;
  stream: PDFRawStream;
}

export function pngAsPdfImage(doc: PDFDocument, png: Uint8Array): PngImage | undefined {
  if (png.length < 33 || SIGNATURE.some((b, i) => png[i] !== b)) return undefined;
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  let width = 0;
  let height = 0;
  let depth = 0;
  let colour = -1;
  let palette: Uint8Array | undefined;
  const data: Uint8Array[] = [];
  for (let at = 8; at + 12 <= png.length;) {
    const length = view.getUint32(at);
    const type = String.fromCharCode(...png.subarray(at + 4, at + 8));
    const body = png.subarray(at + 8, at + 8 + length);
    if (body.length !== length) return undefined;
    if (type === 'IHDR') {
      width = view.getUint32(at + 8);
      height = view.getUint32(at + 12);
      depth = body[8] ?? 0;
      colour = body[9] ?? -1;
      if (body[10] !== 0 || body[11] !== 0 || body[12] !== 0) return undefined; // interlaced or unknown method
    } else if (type === 'PLTE') palette = body;
    else if (type === 'tRNS') return undefined;
    else if (type === 'IDAT') data.push(body);
    else if (type === 'IEND') break;
    at += 12 + length;
  }
  const colours = colour === 0 || colour === 3 ? 1 : colour === 2 ? 3 : 0;
  if (!colours || width === 0 || height === 0 || data.length === 0) return undefined;
  if (colour === 3 && (!palette || palette.length % 3 !== 0)) return undefined;
  const bytes = new Uint8Array(data.reduce((n, d) => n + d.length, 0));
  let o = 0;
  for (const d of data) {
    bytes.set(d, o);
    o += d.length;
  }
  const colorSpace =
    colour === 3 && palette
      ? ['Indexed', 'DeviceRGB', palette.length / 3 - 1, PDFHexString.of(Buffer.from(palette).toString('hex'))]
      : colours === 1
        ? 'DeviceGray'
        : 'DeviceRGB';
  const stream = doc.context.stream(bytes, {
    Type: 'XObject',
    Subtype: 'Image',
    Width: width,
    Height: height,
    BitsPerComponent: depth,
    ColorSpace: colorSpace,
    Filter: 'FlateDecode',
    DecodeParms: { Predictor: 15, Colors: colours, BitsPerComponent: depth, Columns: width },
  });
  return { width, height, stream };
}
