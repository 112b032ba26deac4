/**
 * The text of a file, page by page: a PDF page's own text layer when it has one, OCR for a scanned page
 * within the first `maxOcrPages` (read upright: a page scanned turned is turned first, orientation.ts),
 * nothing (`skipped`) for later scanned pages. A page with a text layer and images whose text the layer
 * lacks is OCR'd too, within the same limit, and the images' words are added (mixed-page.ts). Pages after
 * DECODE_LIMITS.maxTextPages, or after DECODE_LIMITS.textReadMs of reading, are not read at all (a
 * 100,000-page PDF): the last page reported is then `skipped`. The file is opened as capture opens
 * it, with the same limits: a bomb is refused before decoding, a page render is capped
 * (capture/pages/decode-limits.ts). Runs in a text worker.
 */
import { withoutFormRules } from './form-rules';
import { readFile, stat } from 'node:fs/promises';
import { DECODE_LIMITS, fileTooLargeMessage } from '../capture/pages/decode-limits';
import { sniffFileKind } from '../capture/pages/file-kind';
import { openPagesFile } from '../capture/pages/open-pages';
import type { PageSource } from '../capture/pages/page-source';
import type { OcrEngine } from './ocr-engine';
import { turnGray } from '../capture/pages/bitmap';
import { imagesWithoutText, imageWords, mergeLines } from './mixed-page';
import { boxInFile, uprightTurn } from './orientation';
import type { PageText } from './page-text';
import { clampBox, pageChars } from './page-text';
import type { PdfTextDocument } from './pdf-text';
import { openPdfText } from './pdf-text';

export interface ReadTextOptions {
  maxOcrPages: number;
  dpi: number;
  minTextLayerChars: number;
  /** Reading time after which the rest is skipped; default DECODE_LIMITS.textReadMs. */
  readMs?: number;
}

export type ReadTextResult = { ok: true; pageCount: number } | { ok: false; message: string };

export async function readDocumentText(
  path: string,
  opts: ReadTextOptions,
  ocr: () => Promise<OcrEngine>,
  onPage: (p: PageText) => void,
): Promise<ReadTextResult> {
  // pdf.js reads the file whole: a document over the file limit (a 2 GB drop) is not read for text.
  const { size } = await stat(path);
  if (size > DECODE_LIMITS.maxFileBytes) return { ok: false, message: fileTooLargeMessage(size) };
  const bytes = new Uint8Array(await readFile(path));
  const kind = sniffFileKind(bytes.subarray(0, 1024));
  let pdf: PdfTextDocument | undefined;
  let pages: PageSource | undefined;
  try {
    const opened = await openPagesFile(path);
    if (opened.ok) pages = opened.source;
    // pdf.js holds the whole page tree in the worker's heap (a 100,000-page PDF ran it out of memory):
    // a file PDFium counts over maxTextLayerFilePages pages gives no text layer, only its first pages' OCR.
    const pdfjsFits = !pages || pages.pageCount <= DECODE_LIMITS.maxTextLayerFilePages;
    if (kind === 'pdf' && pdfjsFits) {
      try {
        pdf = await openPdfText(bytes);
      } catch {
        pdf = undefined; // pdf.js refuses some files PDFium reads (and the reverse): OCR is the fallback
      }
    }
    if (!opened.ok && !pdf) return { ok: false, message: opened.problem.message };
    const pageCount = pages?.pageCount ?? pdf?.pageCount ?? 0;
    // pdf.js finds a page by walking the page tree: in a 100,000-page file each page cost 0.1 s.
    const deadline = performance.now() + (opts.readMs ?? DECODE_LIMITS.textReadMs);
    for (let i = 0; i < Math.min(pageCount, DECODE_LIMITS.maxTextPages); i++) {
      if (performance.now() > deadline) {
        onPage({ page: i, source: 'skipped', lines: [] });
        break;
      }
      let text: PageText | undefined;
      if (pdf && i < pdf.pageCount) {
        const layer = await pdf.pageText(i).catch(() => undefined);
        if (layer && pageChars(layer) >= opts.minTextLayerChars) text = layer;
      }
      // A mixed page: its layer, and the words in its images that the layer does not hold (mixed-page.ts).
      if (text && pages && i < opts.maxOcrPages) {
        const images = imagesWithoutText(pages.imageBoxes(i), text.lines);
        if (images.length > 0) {
          const engine = await ocr();
          const ocrLines = await engine.recognize(await pages.render(i, opts.dpi));
          const added = imageWords(text.lines, ocrLines, images);
          if (added.length > 0) text = { ...text, lines: mergeLines(text.lines, added), imageLines: added };
        }
      }
      if (!text && pages && i < opts.maxOcrPages) {
        const engine = await ocr();
        let bitmap;
        try {
          bitmap = await pages.render(i, opts.dpi);
        } catch (e) {
          // The directory was fine and the pixels are not (a strip cut off): a damaged file, said once.
          const why = (e instanceof Error ? e.message : String(e)).split('\n').slice(0, 2).join(': ');
          return { ok: false, message: `page ${i + 1} cannot be read: ${why.slice(0, 300)}` };
        }
        // A page scanned turned is read upright; its words' boxes are given in the page as it lies.
        const turn = uprightTurn(bitmap);
        const lines = await engine.recognize(withoutFormRules(turn ? turnGray(bitmap, turn) : bitmap));
        text = turn
          ? {
              page: i,
              source: 'ocr',
              rotation: turn,
              lines: lines.map((l) => l.map((w) => ({ ...w, box: clampBox(boxInFile(w.box, turn)) }))),
            }
          : { page: i, source: 'ocr', lines };
      }
      onPage(text ?? { page: i, source: 'skipped', lines: [] });
    }
    return { ok: true, pageCount };
  } finally {
    pages?.close();
    await pdf?.close();
  }
}
