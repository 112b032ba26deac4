import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import { READ_NO_FOLLOW } from '../../util/open-source-file';

/**
 * Whether a file's own format says it is complete. Scanners write a PDF's cross-reference table and
 * `%%EOF`, a PNG's IEND chunk and a JPEG's end-of-image marker last, so a file that ends with a valid one
 * is finished, and the stability tracker need not wait out the scanner's longest pause (1.5 s) for it.
 * Anything we cannot judge (TIFF has no end marker) answers false and waits the full quiet time.
 *
 * Each check is strict enough that a partly written file does not pass by a burst boundary landing at
 * the wrong place: the PDF's `startxref` must point at a cross-reference section (a linearized file's
 * first-page trailer says `startxref 0`), and a JPEG's headers must be walked up to its image data (an
 * embedded EXIF thumbnail ends in the same marker as the image).
 */
export async function formatSaysComplete(path: string, size: number): Promise<boolean> {
  if (size < 8) return false;
  let handle: FileHandle;
  try {
    handle = await open(path, READ_NO_FOLLOW);
  } catch {
    return false;
  }
  try {
    const head = await readAt(handle, 0, 8);
    if (head.subarray(0, 5).toString('latin1') === '%PDF-') return await pdfEnds(handle, size);
    if (head.equals(PNG_SIGNATURE)) return (await readAt(handle, size - 12, 12)).equals(PNG_IEND);
    if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return await jpegEnds(handle, size);
    return false;
  } catch {
    return false;
  } finally {
    await handle.close().catch(() => undefined);
  }
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Length 0, type IEND, its fixed CRC. */
const PNG_IEND = Buffer.from([0, 0, 0, 0, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);

/** ISO 32000: `%%EOF` is on the file's last line; writers may add a few bytes of line ends after it. */
const PDF_TAIL = 1024;
const PDF_TRAILER = /startxref\s+(\d+)\s+%%EOF[\r\n\t \0]*$/;
/** A classic `xref` table or a cross-reference stream object (`12 0 obj`). */
const PDF_XREF_START = /^(xref\b|\d+\s+\d+\s+obj\b)/;

async function pdfEnds(handle: FileHandle, size: number): Promise<boolean> {
  const length = Math.min(size, PDF_TAIL);
  const tailStart = size - length;
  const tailBytes = await readAt(handle, tailStart, length);
  const tail = tailBytes.toString('latin1');
  const match = PDF_TRAILER.exec(tail);
  const offset = Number(match?.[1] ?? 0);
  if (!match || offset <= 0 || offset >= size) return false;
  // A scanner's one-image PDF ends with its xref table: then it is inside the tail already read, and one
  // read (a thread-pool round trip) fewer per file.
  const xrefBytes =
    offset >= tailStart && tailBytes.length === length
      ? tailBytes.subarray(offset - tailStart, offset - tailStart + 32)
      : await readAt(handle, offset, Math.min(32, size - offset));
  return PDF_XREF_START.test(xrefBytes.toString('latin1'));
}

const JPEG_SOS = 0xda;
/** Markers without a length field: TEM and the restart markers. */
const standalone = (marker: number) => marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7);

async function jpegEnds(handle: FileHandle, size: number): Promise<boolean> {
  const end = await readAt(handle, size - 2, 2);
  if (end[0] !== 0xff || end[1] !== 0xd9) return false;
  // Walk the header segments (APPn, DQT, SOF, DHT …) by their lengths up to the start of the image data.
  let pos = 2;
  for (let segments = 0; segments < 512 && pos + 4 <= size - 2; segments++) {
    const bytes = await readAt(handle, pos, 4);
    if (bytes[0] !== 0xff) return false;
    const marker = bytes[1]!;
    if (marker === 0xff) {
      pos += 1; // fill byte
      continue;
    }
    if (marker === JPEG_SOS) return true;
    if (standalone(marker)) {
      pos += 2;
      continue;
    }
    pos += 2 + bytes.readUInt16BE(2);
  }
  return false;
}

async function readAt(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(length);
  let read = 0;
  while (read < length) {
    const { bytesRead } = await handle.read(buffer, read, length - read, position + read);
    if (bytesRead === 0) break;
    read += bytesRead;
  }
  return buffer.subarray(0, read);
}
