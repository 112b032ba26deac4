/**
 * The text of a file, page by page: a PDF page's own text layer when it has one, OCR for a scanned page
 * within the first `maxOcrPages`, nothing (`skipped`) for later scanned pages. Runs in a text worker.
 */
import { readFile } from 'node:fs/promises';
import { sniffFileKind } from '../file-kind';
import { openPagesFile } from '../open-pages';
import type { PageSource } from '../page-source';
import type { OcrEngine } from './ocr-engine';
import type { PageText } from './page-text';
import { pageChars } from './page-text';
import type { PdfTextDocument } from './pdf-text';
import { openPdfText } from './pdf-text';

export interface ReadTextOptions {
  maxOcrPages: number;
  dpi: number;
  minTextLayerChars: number;
}

export type ReadTextResult = { ok: true; pageCount: number } | { ok: false; message: string };

export async function readDocumentText(
  path: string,
  opts: ReadTextOptions,
  ocr: () => Promise<OcrEngine>,
  onPage: (p: PageText) => void,
): Promise<ReadTextResult> {
  const bytes = new Uint8Array(await readFile(path));
  const kind = sniffFileKind(bytes.subarray(0, 1024));
  let pdf: PdfTextDocument | undefined;
  let pages: PageSource | undefined;
  try {
    if (kind === 'pdf') {
      try {
        pdf = await openPdfText(bytes);
      } catch {
        pdf = undefined; // pdf.js refuses some files PDFium reads (and the reverse): OCR is the fallback
      }
    }
    const opened = await openPagesFile(path);
    if (opened.ok) pages = opened.source;
    else if (!pdf) return { ok: false, message: opened.problem.message };
    const pageCount = pages?.pageCount ?? pdf?.pageCount ?? 0;
    for (let i = 0; i < pageCount; i++) {
      let text: PageText | undefined;
      if (pdf && i < pdf.pageCount) {
        const layer = await pdf.pageText(i).catch(() => undefined);
        if (layer && pageChars(layer) >= opts.minTextLayerChars) text = layer;
      }
      if (!text && pages && i < opts.maxOcrPages) {
        const engine = await ocr();
        const bitmap = await pages.render(i, opts.dpi);
        text = { page: i, source: 'ocr', lines: await engine.recognize(bitmap) };
      }
      onPage(text ?? { page: i, source: 'skipped', lines: [] });
    }
    return { ok: true, pageCount };
  } finally {
    pages?.close();
    await pdf?.close();
  }
}
