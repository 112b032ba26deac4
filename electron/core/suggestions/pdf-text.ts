/**
 * Text of a born-digital PDF page from pdf.js's text content (legacy build: the one meant for Node).
 * Each text run becomes words; a word's place is estimated from its share of the run's characters,
 * which is close enough to show the clerk where a number is.
 */
import type * as PdfjsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PageText, TextWord } from './page-text';
import { clampBox } from './page-text';

type Pdfjs = typeof PdfjsModule;
let pdfjs: Promise<Pdfjs> | undefined;
const loadPdfjs = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

export interface PdfTextDocument {
  pageCount: number;
  pageText(index: number): Promise<PageText>;
  close(): Promise<void>;
}

export async function openPdfText(bytes: Uint8Array): Promise<PdfTextDocument> {
  const { getDocument } = await loadPdfjs();
  // pdf.js takes ownership of the buffer it is given: a copy keeps the caller's bytes intact.
  const task = getDocument({
    data: bytes.slice(),
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: false,
    verbosity: 0,
  });
  const doc: PDFDocumentProxy = await task.promise;
  return {
    pageCount: doc.numPages,
    pageText: (index) => pageText(doc, index),
    close: () => task.destroy(),
  };
}

interface Run {
  str: string;
  transform: number[];
  width: number;
  height: number;
  hasEOL?: boolean;
}

async function pageText(doc: PDFDocumentProxy, index: number): Promise<PageText> {
  const page = await doc.getPage(index + 1);
  try {
    const viewport = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const lines: TextWord[][] = [];
    let line: TextWord[] = [];
    let lastY: number | undefined;
    for (const item of content.items) {
      if (!('str' in item)) continue;
      const run = item as Run;
      const [, , , , e = 0, f = 0] = run.transform;
      const fontHeight = Math.hypot(run.transform[2] ?? 0, run.transform[3] ?? 0) || run.height;
      // A new line when the baseline moves by more than half a line.
      if (lastY !== undefined && Math.abs(f - lastY) > fontHeight / 2 && line.length > 0) {
        lines.push(line);
        line = [];
      }
      lastY = f;
      const words = splitRun(run, e, f, fontHeight, viewport);
      line.push(...words);
      if (run.hasEOL && line.length > 0) {
        lines.push(line);
        line = [];
        lastY = undefined;
      }
    }
    if (line.length > 0) lines.push(line);
    return { page: index, source: 'pdf-text', lines };
  } finally {
    page.cleanup();
  }
}

interface Viewport {
  width: number;
  height: number;
  convertToViewportPoint(x: number, y: number): number[];
}

function splitRun(run: Run, x: number, y: number, fontHeight: number, vp: Viewport): TextWord[] {
  const out: TextWord[] = [];
  const chars = run.str.length;
  if (chars === 0) return out;
  const perChar = run.width / chars;
  for (const m of run.str.matchAll(/\S+/g)) {
    const x0 = x + m.index * perChar;
    const x1 = x0 + m[0].length * perChar;
    // Corners in page space (baseline up to the font's height), then into the top-left viewport.
    const [ax = 0, ay = 0] = vp.convertToViewportPoint(x0, y - fontHeight * 0.2);
    const [bx = 0, by = 0] = vp.convertToViewportPoint(x1, y + fontHeight * 0.9);
    const left = Math.min(ax, bx);
    const top = Math.min(ay, by);
    out.push({
      text: m[0],
      box: clampBox({
        x: left / vp.width,
        y: top / vp.height,
        w: Math.abs(bx - ax) / vp.width,
        h: Math.abs(by - ay) / vp.height,
      }),
    });
  }
  return out;
}
