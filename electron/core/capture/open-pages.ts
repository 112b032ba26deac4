import { sniffFileKind } from './file-kind';
import type { OpenResult } from './page-source';
import { problem } from './page-source';
import { openPdf } from './pdf-source';
import { openImage, openTiff } from './raster-source';

/** Opens PDF, multi-page TIFF, JPEG or PNG bytes as pages; anything else is `unsupported`, never thrown. */
export async function openPages(bytes: Uint8Array): Promise<OpenResult> {
  if (bytes.length === 0) return problem('no-pages', 'the file is empty');
  const kind = sniffFileKind(bytes.subarray(0, 1024));
  switch (kind) {
    case 'pdf':
      return openPdf(bytes);
    case 'tiff':
      return openTiff(bytes);
    case 'jpeg':
    case 'png':
      return openImage(kind, bytes);
    default:
      return problem('unsupported', 'not a PDF, TIFF, JPEG or PNG file');
  }
}
