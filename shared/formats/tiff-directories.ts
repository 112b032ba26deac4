/**
 * What the capture workers (electron/core/capture/pages/decode-limits.ts) and the preview (renderer, utif2 in the
 * page) both need before a TIFF is decoded: the chain of its directories walked with a guard, and the
 * largest page either decodes. Pure (DataView), so both sides use the one rule.
 */

/** Pixels of one source image decoded at most: 100 MP (an A3 page at 600 DPI is 70 MP). */
export const MAX_SCAN_PIXELS = 100_000_000;

/** TIFF directories (pages) followed before a file is taken as damaged (a loop, or a lie). */
export const MAX_TIFF_PAGES = 10_000;

/**
 * Why the chain of directories (pages) cannot be followed, or undefined. utif2 follows a next pointer that
 * points back into the chain for ever (its list grew until the heap ran out): a loop, a pointer outside
 * the file or more than `maxPages` directories is a damaged file.
 */
export function tiffDirectoryChainProblem(bytes: Uint8Array, maxPages = MAX_TIFF_PAGES): string | undefined {
  if (bytes.length < 8) return 'the file is shorter than a TIFF header';
  const v = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const little = bytes[0] === 0x49;
  const magic = v.getUint16(2, little);
  if (magic === 43) return undefined; // BigTIFF: utif2 reads no such file and says so itself
  const seen = new Set<number>();
  let offset = v.getUint32(4, little);
  while (offset !== 0) {
    if (seen.has(offset)) return 'its directories point back at each other (a loop)';
    if (seen.size >= maxPages) return `more than ${maxPages} pages`;
    if (offset + 2 > bytes.length) return 'a directory lies outside the file';
    seen.add(offset);
    const entries = v.getUint16(offset, little);
    const next = offset + 2 + entries * 12;
    if (next + 4 > bytes.length) return 'a directory runs past the end of the file';
    offset = v.getUint32(next, little);
  }
  return undefined;
}
