import { open, readFile, stat } from 'node:fs/promises';
import { DECODE_LIMITS, fileTooLargeMessage } from './decode-limits';
import { sniffFileKind } from './file-kind';
import type { OpenResult } from './page-source';
import { problem } from './page-source';
import { openPdf, openPdfFile } from './pdf-source';

// sharp (libvips) is loaded only for TIFF, JPEG and PNG: a worker that sees only PDFs stays ~10 MB smaller.
const raster = () => import('./raster-source');

/** Opens PDF, multi-page TIFF, JPEG or PNG bytes as pages; anything else is `unsupported`, never thrown. */
export async function openPages(bytes: Uint8Array): Promise<OpenResult> {
  if (bytes.length === 0) return problem('no-pages', 'the file is empty');
  const kind = sniffFileKind(bytes.subarray(0, 1024));
  switch (kind) {
    case 'pdf':
      return openPdf(bytes);
    case 'tiff':
      return (await raster()).openTiff(bytes);
    case 'jpeg':
    case 'png':
      return (await raster()).openImage(kind, bytes);
    default:
      return problem('unsupported', 'not a PDF, TIFF, JPEG or PNG file');
  }
}

/** Like openPages, from a file: a PDF is read block by block as PDFium needs it, other formats whole. */
export async function openPagesFile(path: string): Promise<OpenResult> {
  const fh = await open(path, 'r');
  let head: Uint8Array;
  try {
    const buf = new Uint8Array(1024);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    head = buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
  if (head.length === 0) return problem('no-pages', 'the file is empty');
  if (sniffFileKind(head) === 'pdf') return openPdfFile(path);
  // Other formats are read whole: not beyond the file limit (decode-limits.ts).
  const { size } = await stat(path);
  if (size > DECODE_LIMITS.maxFileBytes) return problem('too-large', fileTooLargeMessage(size));
  return openPages(new Uint8Array(await readFile(path)));
}
