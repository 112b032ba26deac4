/**
 * A JPEG-in-TIFF page (Compression 7, "new-style" JPEG, as libtiff and scanners write it) as one whole
 * JPEG stream, so it goes into a PDF as a DCT image without recompression. libtiff keeps the shared
 * quantisation and Huffman tables in the JPEGTables tag and writes each strip as an "abbreviated" JPEG
 * without them: the tables are put back between the strip's SOI and its frame, which is what a JPEG
 * decoder reading the strip with the tables does. Only what passes through unchanged is taken: one strip,
 * 8 bits, grey (BlackIsZero), YCbCr or RGB, and a frame whose size and components are the page's;
 * anything else (several strips, tiles, old-style JPEG, CMYK) is decoded by the caller and stored
 * losslessly, as before.
 */
import type { TiffPageInfo } from '../pages/tiff-structure';

export interface TiffJpeg {
  data: Uint8Array;
  components: 1 | 3;
  /** RGB samples coded as they are (Photometric RGB): the PDF must not turn YCbCr into RGB (ColorTransform 0). */
  rgb: boolean;
}

/** The frame header (SOF0–SOF2) of a JPEG stream: its height, width and components; undefined when there is none. */
function frameOf(jpeg: Uint8Array): { width: number; height: number; components: number } | undefined {
  let i = 2;
  while (i + 4 <= jpeg.length) {
    if (jpeg[i] !== 0xff) return undefined;
    const marker = jpeg[i + 1]!;
    if (marker === 0xff) {
      i++; // fill byte
      continue;
    }
    const length = (jpeg[i + 2]! << 8) | jpeg[i + 3]!;
    if (marker >= 0xc0 && marker <= 0xc2) {
      if (i + 9 >= jpeg.length) return undefined;
      return {
        height: (jpeg[i + 5]! << 8) | jpeg[i + 6]!,
        width: (jpeg[i + 7]! << 8) | jpeg[i + 8]!,
        components: jpeg[i + 9]!,
      };
    }
    if (marker === 0xda || marker === 0xd9) return undefined; // scan data before any frame
    i += 2 + length;
  }
  return undefined;
}

export function jpegOfTiffPage(bytes: Uint8Array, page: TiffPageInfo): TiffJpeg | undefined {
  const [offset] = page.stripOffsets;
  const [count] = page.stripByteCounts;
  if (page.compression !== 7 || page.bitsPerSample !== 8 || page.planarConfig !== 1) return undefined;
  if (page.stripOffsets.length !== 1 || offset === undefined || count === undefined) return undefined;
  if (offset + count > bytes.length || count < 4) return undefined;
  const grey = page.samplesPerPixel === 1 && page.photometric === 1;
  const colour = page.samplesPerPixel === 3 && (page.photometric === 6 || page.photometric === 2);
  if (!grey && !colour) return undefined;
  const strip = bytes.subarray(offset, offset + count);
  if (strip[0] !== 0xff || strip[1] !== 0xd8) return undefined;
  let data: Uint8Array = strip;
  const tables = page.jpegTables;
  if (tables && tables.length > 4) {
    // Tables: SOI, DQT/DHT…, EOI. Whole stream: SOI, the tables, the strip after its own SOI.
    if (tables[0] !== 0xff || tables[1] !== 0xd8 || tables.at(-2) !== 0xff || tables.at(-1) !== 0xd9) return undefined;
    data = new Uint8Array(2 + (tables.length - 4) + (strip.length - 2));
    data.set([0xff, 0xd8], 0);
    data.set(tables.subarray(2, tables.length - 2), 2);
    data.set(strip.subarray(2), tables.length - 2);
  }
  const frame = frameOf(data);
  if (!frame || frame.width !== page.width || frame.height !== page.height) return undefined;
  if (frame.components !== page.samplesPerPixel) return undefined;
  return { data, components: grey ? 1 : 3, rgb: page.photometric === 2 };
}
