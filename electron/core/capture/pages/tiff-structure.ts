/**
 * The pages of a TIFF as its directories say (no pixels decoded): size, resolution, compression and where
 * the strips are. utif2 parses the directories; sharp (libtiff) decodes pixels, which measured 2–8× faster.
 */
import UTIF from 'utif2';
import { tiffDirectoryChainProblem } from '../../../../shared/formats/tiff-directories';
import { DECODE_LIMITS } from './decode-limits';

export interface TiffPageInfo {
  width: number;
  height: number;
  /** Pixels per inch; TIFFs without a resolution are taken as 200 DPI (the usual scanner setting). */
  xDpi: number;
  yDpi: number;
  compression: number;
  bitsPerSample: number;
  samplesPerPixel: number;
  photometric: number;
  stripOffsets: number[];
  stripByteCounts: number[];
  rowsPerStrip: number;
  /** FillOrder 2 (lsb first) strips cannot be copied into a PDF as they are. */
  fillOrder: number;
  /** PlanarConfiguration: 1 chunky (samples of a pixel together), 2 planar. */
  planarConfig: number;
  /** JPEGTables (tag 347): the tables a JPEG-in-TIFF page's strips leave out. */
  jpegTables?: Uint8Array;
}

const num = (ifd: UTIF.IFD, tag: number, fallback: number): number => {
  const v = ifd[`t${tag}`];
  return Array.isArray(v) && typeof v[0] === 'number' ? v[0] : fallback;
};
const nums = (ifd: UTIF.IFD, tag: number): number[] => {
  const v = ifd[`t${tag}`];
  return Array.isArray(v) ? v.filter((x): x is number => typeof x === 'number') : [];
};

function dpiOf(ifd: UTIF.IFD, tag: number, unit: number): number {
  // utif2 gives a RATIONAL as [[numerator, denominator]].
  const v = ifd[`t${tag}`] as unknown;
  const first: unknown = Array.isArray(v) ? v[0] : undefined;
  const r = Array.isArray(first) ? Number(first[0]) / Number(first[1] || 1) : Number(first ?? 0);
  if (!(r >= 20 && r <= 4800)) return 200;
  return unit === 3 ? r * 2.54 : r;
}

/** Throws on a file that is not a readable TIFF; the caller turns that into a `damaged` state. */
export function readTiffStructure(bytes: Uint8Array): TiffPageInfo[] {
  const chain = tiffDirectoryChainProblem(bytes, DECODE_LIMITS.maxTiffPages);
  if (chain) throw new Error(chain);
  const ab = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const ifds = UTIF.decode(ab);
  // Sub-IFDs (thumbnails) are not pages; utif2 lists only the main chain here.
  return ifds
    .filter((ifd) => num(ifd, 256, 0) > 0 && num(ifd, 257, 0) > 0)
    .map((ifd) => {
      const unit = num(ifd, 296, 2);
      const height = num(ifd, 257, 0);
      return {
        width: num(ifd, 256, 0),
        height,
        xDpi: dpiOf(ifd, 282, unit),
        yDpi: dpiOf(ifd, 283, unit),
        compression: num(ifd, 259, 1),
        bitsPerSample: num(ifd, 258, 1),
        samplesPerPixel: num(ifd, 277, 1),
        photometric: num(ifd, 262, 0),
        stripOffsets: nums(ifd, 273),
        stripByteCounts: nums(ifd, 279),
        rowsPerStrip: num(ifd, 278, height),
        fillOrder: num(ifd, 266, 1),
        planarConfig: num(ifd, 284, 1),
        ...(ifd['t347'] instanceof Uint8Array ? { jpegTables: ifd['t347'] } : {}),
      };
    });
}
