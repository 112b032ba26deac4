import { loadPdfjs } from '../document-view/pdf-view';
import { drawTiffPage, loadUtif, tiffPages } from '../document-view/utif';

/** A document's pages as the strip draws them: PDF through pdf.js, TIFF through utif2, a photo as itself. */
export interface PageSource {
  count: number;
  /** Draws page `index` (0-based) into `canvas`, `width` CSS pixels wide, with its turn applied. */
  draw(index: number, canvas: HTMLCanvasElement, width: number): Promise<void>;
  close(): void;
}

export async function openPdfPages(bytes: ArrayBuffer): Promise<PageSource> {
  const pdfjs = await loadPdfjs();
  const task = pdfjs.getDocument({ data: new Uint8Array(bytes) });
  const pdf = await task.promise;
  return {
    count: pdf.numPages,
    async draw(index, canvas, width) {
      const page = await pdf.getPage(index + 1);
      const ratio = window.devicePixelRatio || 1;
      const viewport = page.getViewport({ scale: (width / page.getViewport({ scale: 1 }).width) * ratio });
      canvas.width = viewport.width;
      canvas.height = viewport.height;
      canvas.style.width = `${width}px`;
      await page.render({ canvas, viewport }).promise;
    },
    // A draw still pending ends with pdf.js's "Worker was terminated": the cancellation, not an error.
    close: () => void task.destroy().catch(() => undefined),
  };
}

export async function openTiffPages(bytes: ArrayBuffer): Promise<PageSource> {
  const utif = await loadUtif();
  const ifds = tiffPages(utif, bytes);
  return {
    count: ifds.length,
    async draw(index, canvas, width) {
      const ifd = ifds[index];
      if (!ifd) return;
      // Decoded at full size, then drawn small (a fax page decodes in well under a second).
      const full = document.createElement('canvas');
      drawTiffPage(utif, bytes, ifd, full);
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round((full.height / full.width) * width * ratio);
      canvas.style.width = `${width}px`;
      canvas.getContext('2d')?.drawImage(full, 0, 0, canvas.width, canvas.height);
    },
    close: () => undefined,
  };
}

/** A JPEG or PNG document: one page, the browser's own decoder (an edit makes a PDF of it, as for TIFF). */
export async function openImagePages(blob: Blob): Promise<PageSource> {
  const image = await createImageBitmap(blob);
  return {
    count: 1,
    async draw(_index, canvas, width) {
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round((image.height / image.width) * width * ratio);
      canvas.style.width = `${width}px`;
      canvas.getContext('2d')?.drawImage(image, 0, 0, canvas.width, canvas.height);
    },
    close: () => image.close(),
  };
}

/** The pages of a document's bytes, by the kind its name or type says (the strip's and batch review's). */
export async function openPages(kind: 'pdf' | 'tiff' | 'image', blob: Blob): Promise<PageSource> {
  if (kind === 'image') return openImagePages(blob);
  const bytes = await blob.arrayBuffer();
  return kind === 'pdf' ? openPdfPages(bytes) : openTiffPages(bytes);
}
