/**
 * A minimal multi-page TIFF writer (little-endian, one IFD per page, strips given as bytes). Used to
 * assemble test scans and to keep already-compressed strips (e.g. CCITT G4) as they are.
 */
export interface TiffPageData {
  width: number;
  height: number;
  bitsPerSample: 1 | 8;
  /** 1 none, 4 CCITT G4, 5 LZW, 8 Deflate. */
  compression: number;
  /** 0 WhiteIsZero, 1 BlackIsZero. */
  photometric: 0 | 1;
  rowsPerStrip: number;
  strips: Uint8Array[];
  dpi: number;
}

const SHORT = 3;
const LONG = 4;
const RATIONAL = 5;

export function writeTiff(pages: TiffPageData[]): Uint8Array {
  const chunks: Uint8Array[] = [];
  let offset = 8;
  const header = new Uint8Array(8);
  const hv = new DataView(header.buffer);
  header.set([0x49, 0x49, 0x2a, 0]);
  chunks.push(header);
  let previousNextPointer: { view: DataView; at: number } = { view: hv, at: 4 };
  for (const page of pages) {
    // Strip data first, then the IFD pointing at it.
    const stripOffsets: number[] = [];
    for (const s of page.strips) {
      stripOffsets.push(offset);
      chunks.push(s);
      offset += s.length;
      if (offset % 2) {
        chunks.push(new Uint8Array(1));
        offset++;
      }
    }
    const entries: Array<[tag: number, type: number, values: number[]]> = [
      [256, LONG, [page.width]],
      [257, LONG, [page.height]],
      [258, SHORT, [page.bitsPerSample]],
      [259, SHORT, [page.compression]],
      [262, SHORT, [page.photometric]],
      [273, LONG, stripOffsets],
      [277, SHORT, [1]],
      [278, LONG, [page.rowsPerStrip]],
      [279, LONG, page.strips.map((s) => s.length)],
      [282, RATIONAL, [page.dpi, 1]],
      [283, RATIONAL, [page.dpi, 1]],
      [296, SHORT, [2]],
    ];
    const ifdSize = 2 + entries.length * 12 + 4;
    const ifd = new Uint8Array(ifdSize);
    const v = new DataView(ifd.buffer);
    v.setUint16(0, entries.length, true);
    const extraStart = offset + ifdSize;
    const extraBytes: Uint8Array[] = [];
    let extraOffset = extraStart;
    entries.forEach(([tag, type, values], i) => {
      const at = 2 + i * 12;
      v.setUint16(at, tag, true);
      v.setUint16(at + 2, type, true);
      const count = type === RATIONAL ? values.length / 2 : values.length;
      v.setUint32(at + 4, count, true);
      const size = type === SHORT ? 2 : 4;
      const bytes = values.length * size;
      if (bytes <= 4) {
        values.forEach((x, k) =>
          type === SHORT ? v.setUint16(at + 8 + k * 2, x, true) : v.setUint32(at + 8 + k * 4, x, true),
        );
      } else {
        const b = new Uint8Array(bytes);
        const bv = new DataView(b.buffer);
        values.forEach((x, k) => (type === SHORT ? bv.setUint16(k * 2, x, true) : bv.setUint32(k * 4, x, true)));
        v.setUint32(at + 8, extraOffset, true);
        extraBytes.push(b);
        extraOffset += b.length;
      }
    });
    previousNextPointer.view.setUint32(previousNextPointer.at, offset, true);
    previousNextPointer = { view: v, at: ifdSize - 4 };
    chunks.push(ifd, ...extraBytes);
    offset = extraOffset;
    if (offset % 2) {
      chunks.push(new Uint8Array(1));
      offset++;
    }
  }
  const out = new Uint8Array(offset);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
