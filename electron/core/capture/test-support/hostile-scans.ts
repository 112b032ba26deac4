/**
 * The hostile set (issue #27): small files that declare huge pixels or pages (bombs), page trees that
 * loop, headers that lie about what follows, and files cut off. Made in code so no large binary sits in
 * the repository; each builds in well under a second and under ~150 MB of memory. Used by
 * hostile-scans.test.ts (the real capture path) and bench/hostile-scans.ts (time and peak memory).
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createDeflate, crc32, deflateSync } from 'node:zlib';
import { makePdf } from '../../samples/sample-scans';
import { loadSharp } from '../pages/sharp-lib';
import { writeTiff } from './tiff-writer';

export type HostileGroup = 'bomb' | 'cycle' | 'lie' | 'truncation' | 'pages';

export interface HostileScan {
  name: string;
  group: HostileGroup;
  /** What a split must end in: the problem code (kept whole), or `pages` when it is read and split. */
  expect: 'too-large' | 'too-many-pages' | 'damaged' | 'pages';
  /** Where `pages` (analysis alone) ends otherwise: a page tree PDFium reads and pdf-lib cannot copy. */
  pagesExpect?: 'pages';
  /** Takes seconds to make (a real 30k² JPEG): the bench makes it, the test does not. */
  slow?: boolean;
  make: () => Promise<Uint8Array>;
}

/** A PDF from object bodies (1-based, in order), with a correct cross-reference table. */
export function rawPdf(objects: string[], root = 1): Uint8Array {
  const parts: string[] = ['%PDF-1.4\n'];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(length);
    const s = `${i + 1} 0 obj\n${o}\nendobj\n`;
    parts.push(s);
    length += s.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`];
  for (const o of offsets) xref.push(`${String(o).padStart(10, '0')} 00000 n \n`);
  xref.push(`trailer\n<< /Size ${objects.length + 1} /Root ${root} 0 R >>\nstartxref\n${length}\n%%EOF\n`);
  return Buffer.from(parts.join('') + xref.join(''), 'latin1');
}

/**
 * A CCITT G4 strip of `rows` white rows: against a white reference row each row is one V0 code (bit 1),
 * so 100,000 rows are 12.5 KB. Ends with EOFB.
 */
function whiteG4Rows(rows: number): Uint8Array {
  const bytes = new Uint8Array(Math.ceil(rows / 8) + 3);
  bytes.fill(0xff, 0, Math.floor(rows / 8));
  if (rows % 8) bytes[Math.floor(rows / 8)] = (0xff << (8 - (rows % 8))) & 0xff;
  // EOFB (000000000001 000000000001) right after the last row's bit.
  let bit = rows;
  const put = (b: number) => {
    if (b) bytes[bit >> 3]! |= 0x80 >> (bit & 7);
    bit++;
  };
  for (let k = 0; k < 2; k++) {
    for (let i = 0; i < 11; i++) put(0);
    put(1);
  }
  return bytes.subarray(0, Math.ceil(bit / 8));
}

/** The review's TIFF: 12.6 KB of G4 declaring 100,000 × 100,000 pixels (10 gigapixels). */
export function g4TiffBomb(side = 100_000, dpi = 200): Uint8Array {
  return writeTiff([
    {
      width: side,
      height: side,
      bitsPerSample: 1,
      compression: 4,
      photometric: 0,
      rowsPerStrip: side,
      strips: [whiteG4Rows(side)],
      dpi,
    },
  ]);
}

/** A white 1-bit PNG of width × height, deflated as a stream (a 30k² raw image is 112 MB: never whole). */
export async function pngBomb(width: number, height: number): Promise<Uint8Array> {
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0; // filter: none
  const deflate = createDeflate({ level: 9 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise<void>((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const rowsPerWrite = Math.max(1, Math.floor((1 << 20) / row.length));
  const block = Buffer.concat(Array.from({ length: rowsPerWrite }, () => row));
  for (let y = 0; y < height; y += rowsPerWrite) {
    const n = Math.min(rowsPerWrite, height - y);
    if (!deflate.write(n === rowsPerWrite ? block : block.subarray(0, n * row.length)))
      await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return pngFile(width, height, 1, 0, Buffer.concat(out));
}

function pngChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

function pngFile(width: number, height: number, bitDepth: number, colour: number, idat: Buffer): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([bitDepth, colour, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', idat),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A PNG whose header says width × height but whose data holds 16 rows (the rest is missing). */
export function pngLie(width: number, height: number): Uint8Array {
  const row = Buffer.alloc(1 + Math.ceil(width / 8), 0xff);
  row[0] = 0;
  return pngFile(width, height, 1, 0, deflateSync(Buffer.concat(Array.from({ length: 16 }, () => row))));
}

/** A real white grey JPEG of side × side (libvips writes it strip by strip). */
export async function jpegBomb(side: number): Promise<Uint8Array> {
  const sharp = await loadSharp();
  return sharp({ create: { width: side, height: side, channels: 3, background: '#ffffff' }, limitInputPixels: false })
    .greyscale()
    .jpeg({ quality: 50, optimiseCoding: false })
    .toBuffer();
}

/** A 16 × 16 JPEG whose frame header (SOF) is rewritten to declare side × side: the data is missing. */
export async function jpegLie(side: number): Promise<Uint8Array> {
  const sharp = await loadSharp();
  const small = new Uint8Array(
    await sharp({ create: { width: 16, height: 16, channels: 3, background: '#808080' } })
      .jpeg()
      .toBuffer(),
  );
  for (let i = 2; i < small.length - 8; i++) {
    if (small[i] === 0xff && (small[i + 1] === 0xc0 || small[i + 1] === 0xc2)) {
      const v = new DataView(small.buffer, small.byteOffset + i + 5, 4);
      v.setUint16(0, side);
      v.setUint16(2, side);
      return small;
    }
  }
  throw new Error('no SOF marker in the JPEG sharp wrote');
}

/** One page of `widthPt` × `heightPt` with a short line on it: 14400 pt is PDF's largest page (200 inches). */
export function pdfPageBomb(widthPt = 14_400, heightPt = 14_400): Uint8Array {
  const content = '0 0 m 10 10 l S';
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${widthPt} ${heightPt}] /Contents 4 0 R >>`,
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ]);
}

/** `count` empty A4 pages under one page-tree node (100,000 pages are about 8 MB). */
export function manyPagesPdf(count: number): Uint8Array {
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', ''];
  const kids: string[] = [];
  for (let i = 0; i < count; i++) {
    kids.push(`${i + 3} 0 R`);
    objects.push('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>');
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${count} >>`;
  return rawPdf(objects);
}

/** Half the page black: not blank, so a split writes it into a part (pdf-lib then walks the tree too). */
const INK = '0 0 595 421 re f';
const inkStream = `<< /Length ${INK.length} >>\nstream\n${INK}\nendstream`;

/** A page tree whose nodes list themselves and each other among their kids. */
export function pageTreeCyclePdf(): Uint8Array {
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [2 0 R 3 0 R 4 0 R] /Count 3 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 5 0 R >>',
    '<< /Type /Pages /Parent 2 0 R /Kids [2 0 R 4 0 R] /Count 2 >>',
    inkStream,
  ]);
}

/** A page tree that says it holds a billion pages and holds one. */
export function pageCountLiePdf(): Uint8Array {
  return rawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1000000000 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>',
    inkStream,
  ]);
}

/**
 * A full-page JPEG in a PDF (capture's fast path hands those bytes to libjpeg) whose frame header says
 * 30,000 × 30,000, on an A4 page.
 */
export async function pdfJpegLie(side = 30_000): Promise<Uint8Array> {
  return pdfWithJpeg(await jpegLie(side), side);
}

/** A4 page showing one JPEG of side × side across the whole page (as a scanner writes a PDF). */
export function pdfWithJpeg(image: Uint8Array, side: number): Uint8Array {
  return pdfWithImage(
    `/Width ${side} /Height ${side} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode`,
    image,
  );
}

/** A white 8-bit grey image of side × side, Flate-compressed (30k²: 900 MB decoded, 0.9 MB here), on A4. */
export async function pdfFlateBomb(side = 30_000): Promise<Uint8Array> {
  const deflate = createDeflate({ level: 6 });
  const out: Buffer[] = [];
  deflate.on('data', (c: Buffer) => out.push(c));
  const done = new Promise<void>((resolve, reject) => deflate.on('end', resolve).on('error', reject));
  const rows = Math.max(1, Math.floor((4 << 20) / side));
  const block = Buffer.alloc(rows * side, 0xff);
  for (let y = 0; y < side; y += rows) {
    const n = Math.min(rows, side - y);
    if (!deflate.write(n === rows ? block : block.subarray(0, n * side)))
      await new Promise((r) => deflate.once('drain', r));
  }
  deflate.end();
  await done;
  return pdfWithImage(
    `/Width ${side} /Height ${side} /ColorSpace /DeviceGray /BitsPerComponent 8 /Filter /FlateDecode`,
    Buffer.concat(out),
  );
}

function pdfWithImage(imageDict: string, image: Uint8Array): Uint8Array {
  const jpeg = Buffer.from(image);
  const content = '595 0 0 842 0 0 cm /Im1 Do';
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>', 'latin1'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>', 'latin1'),
    Buffer.from(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>',
      'latin1',
    ),
    Buffer.concat([
      Buffer.from(`<< /Type /XObject /Subtype /Image ${imageDict} /Length ${jpeg.length} >>\nstream\n`, 'latin1'),
      jpeg,
      Buffer.from('\nendstream', 'latin1'),
    ]),
    Buffer.from(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`, 'latin1'),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n', 'latin1')];
  let length = parts[0]!.length;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(length);
    const b = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), o, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(b);
    length += b.length;
  });
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) xref += `${String(o).padStart(10, '0')} 00000 n \n`;
  xref += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(parts);
}

/** An 8-bit grey uncompressed TIFF whose one strip is cut off halfway (a scanner that died mid-write). */
export function truncatedTiffStrip(): Uint8Array {
  const width = 400;
  const height = 400;
  const whole = writeTiff([
    {
      width,
      height,
      bitsPerSample: 8,
      compression: 1,
      photometric: 1,
      rowsPerStrip: height,
      strips: [new Uint8Array(width * height).fill(200)],
      dpi: 200,
    },
  ]);
  // The IFD sits after the strip: keep the header and the IFD, drop the strip's second half.
  const stripStart = 8;
  const half = stripStart + (width * height) / 2;
  const ifd = whole.subarray(stripStart + width * height);
  const out = new Uint8Array(half + ifd.length);
  out.set(whole.subarray(0, half));
  out.set(ifd, half);
  // Point the header at the moved IFD; its strip offset and byte count still promise the whole strip.
  new DataView(out.buffer).setUint32(4, half, true);
  return fixTiffExtraOffsets(out, stripStart + width * height, half);
}

/** After moving an IFD from `from` to `to`, its entries' out-of-line value offsets move with it. */
function fixTiffExtraOffsets(tiff: Uint8Array, from: number, to: number): Uint8Array {
  const v = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const ifd = v.getUint32(4, true);
  const n = v.getUint16(ifd, true);
  const sizes: Record<number, number> = { 3: 2, 4: 4, 5: 8 };
  for (let i = 0; i < n; i++) {
    const at = ifd + 2 + i * 12;
    const type = v.getUint16(at + 2, true);
    const count = v.getUint32(at + 4, true);
    if ((sizes[type] ?? 1) * count > 4) v.setUint32(at + 8, v.getUint32(at + 8, true) - from + to, true);
  }
  return tiff;
}

/** A TIFF whose directory's next pointer points at itself: a reader that follows it never ends. */
export function tiffIfdLoop(): Uint8Array {
  const tiff = writeTiff([
    {
      width: 64,
      height: 64,
      bitsPerSample: 8,
      compression: 1,
      photometric: 1,
      rowsPerStrip: 64,
      strips: [new Uint8Array(64 * 64).fill(255)],
      dpi: 200,
    },
  ]);
  const v = new DataView(tiff.buffer, tiff.byteOffset, tiff.byteLength);
  const ifd = v.getUint32(4, true);
  const n = v.getUint16(ifd, true);
  v.setUint32(ifd + 2 + n * 12, ifd, true);
  return tiff;
}

/** An uncompressed TIFF that declares 60,000 × 60,000 grey pixels (3.6 GB) and holds 4 KB. */
export function tiffSizeLie(): Uint8Array {
  return writeTiff([
    {
      width: 60_000,
      height: 60_000,
      bitsPerSample: 8,
      compression: 1,
      photometric: 1,
      rowsPerStrip: 60_000,
      strips: [new Uint8Array(4096).fill(255)],
      dpi: 200,
    },
  ]);
}

export const HOSTILE_SCANS: readonly HostileScan[] = [
  { name: 'tiff-g4-100000x100000.tif', group: 'bomb', expect: 'too-large', make: async () => g4TiffBomb() },
  // 16,384 × 16,384 G4 at 73 DPI: 224 inches wide; at 200 DPI analysis it was scaled up to 45k².
  { name: 'tiff-g4-16k-73dpi.tif', group: 'bomb', expect: 'too-large', make: async () => g4TiffBomb(16_384, 73) },
  { name: 'pdf-mediabox-14400pt.pdf', group: 'bomb', expect: 'pages', make: async () => pdfPageBomb() },
  { name: 'png-16k.png', group: 'bomb', expect: 'too-large', make: () => pngBomb(16_384, 16_384) },
  { name: 'png-30k.png', group: 'bomb', expect: 'too-large', make: () => pngBomb(30_000, 30_000) },
  { name: 'jpeg-16k.jpg', group: 'bomb', expect: 'too-large', make: () => jpegBomb(16_384) },
  { name: 'jpeg-30k.jpg', group: 'bomb', expect: 'too-large', slow: true, make: () => jpegBomb(30_000) },
  { name: 'pdf-100000-pages.pdf', group: 'pages', expect: 'too-many-pages', make: async () => manyPagesPdf(100_000) },
  {
    name: 'pdf-page-tree-cycle.pdf',
    group: 'cycle',
    expect: 'damaged',
    pagesExpect: 'pages',
    make: async () => pageTreeCyclePdf(),
  },
  { name: 'pdf-count-lie.pdf', group: 'lie', expect: 'pages', make: async () => pageCountLiePdf() },
  { name: 'pdf-jpeg-30k-lie.pdf', group: 'lie', expect: 'too-large', make: () => pdfJpegLie() },
  // The real 16k² JPEG on an A4 page: the fast path refuses it, PDFium renders the page at A4 size.
  {
    name: 'pdf-jpeg-16k.pdf',
    group: 'bomb',
    expect: 'pages',
    make: async () => pdfWithJpeg(await jpegBomb(16_384), 16_384),
  },
  // PDFium decodes an image whole before scaling it: this one took the process to 1.2 GB.
  { name: 'pdf-flate-gray-30k.pdf', group: 'bomb', expect: 'too-large', make: () => pdfFlateBomb() },
  { name: 'png-30k-lie.png', group: 'lie', expect: 'too-large', make: async () => pngLie(30_000, 30_000) },
  { name: 'jpeg-30k-lie.jpg', group: 'lie', expect: 'too-large', make: () => jpegLie(30_000) },
  { name: 'tiff-60k-uncompressed-lie.tif', group: 'lie', expect: 'too-large', make: async () => tiffSizeLie() },
  { name: 'tiff-ifd-loop.tif', group: 'cycle', expect: 'damaged', make: async () => tiffIfdLoop() },
  { name: 'tiff-truncated-strip.tif', group: 'truncation', expect: 'damaged', make: async () => truncatedTiffStrip() },
  {
    name: 'pdf-truncated.pdf',
    group: 'truncation',
    expect: 'damaged',
    make: async () => {
      const whole = makePdf([['Policy 1'], ['Policy 2'], ['Policy 3']]);
      return whole.subarray(0, Math.floor(whole.length / 3));
    },
  },
];

/** Writes the set (or the files `pick` chooses) into `dir`; returns the paths by name. */
export async function writeHostileSet(
  dir: string,
  pick: (scan: HostileScan) => boolean = () => true,
): Promise<Map<string, string>> {
  const paths = new Map<string, string>();
  for (const scan of HOSTILE_SCANS) {
    if (!pick(scan)) continue;
    const path = join(dir, scan.name);
    await writeFile(path, await scan.make());
    paths.set(scan.name, path);
  }
  return paths;
}
