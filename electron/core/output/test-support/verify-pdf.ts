/**
 * Checks of a searchable PDF by tools no one here wrote (issue #39 item 5): Poppler's pdftotext (reading
 * order, and each word's box with -bbox), qpdf --check, pdf.js's text content; and the image streams,
 * compared byte for byte.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import type { PageText } from '../../suggestions/page-text';

/** Runs `fn` with the bytes written to a temporary file, removed afterwards whatever happens. */
export function withPdfFile<T>(bytes: Uint8Array, fn: (path: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'searchable-check-'));
  try {
    const path = join(dir, 'out.pdf');
    writeFileSync(path, bytes);
    return fn(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function qpdfCheck(bytes: Uint8Array): { ok: boolean; output: string } {
  return withPdfFile(bytes, (path) => {
    const r = spawnSync('qpdf', ['--check', path], { encoding: 'utf8' });
    return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
  });
}

const norm = (w: string) =>
  w
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}]/gu, '')
    .toLowerCase();
export const wordsOfText = (text: string) => text.split(/\s+/).map(norm).filter(Boolean);
export const appWords = (pages: readonly (PageText | undefined)[]) =>
  pages.flatMap((p) => (p?.source === 'ocr' ? p.lines.flat().map((w) => norm(w.text)) : [])).filter(Boolean);

/** The longest common subsequence of two word lists: the words found in the same order. */
export function inOrder(expected: readonly string[], found: readonly string[]): number {
  let prev = new Array<number>(found.length + 1).fill(0);
  for (const e of expected) {
    const cur = new Array<number>(found.length + 1).fill(0);
    for (let j = 1; j <= found.length; j++)
      cur[j] = e === found[j - 1] ? prev[j - 1]! + 1 : Math.max(prev[j]!, cur[j - 1]!);
    prev = cur;
  }
  return prev[found.length]!;
}

export function pdftotext(bytes: Uint8Array, args: string[] = []): string {
  return withPdfFile(bytes, (path) => execFileSync('pdftotext', [...args, path, '-'], { encoding: 'utf8' }));
}

export interface BoxWord {
  page: number;
  text: string;
  /** Fractions of the page as shown (top-left origin). */
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Each word's box as Poppler finds it (pdftotext -bbox), in fractions of the page as shown. */
export function popplerWords(bytes: Uint8Array): BoxWord[] {
  const html = pdftotext(bytes, ['-bbox']);
  // -bbox gives each page's media box size unturned, and the words' places on the page as shown: a page
  // turned a quarter (its /Rotate, as pdfinfo reports it) is as wide as its media box is high.
  const turns = withPdfFile(bytes, (path) =>
    execFileSync('pdfinfo', ['-f', '1', '-l', '100000', path], { encoding: 'utf8' }),
  );
  const quarter = new Set(
    [...turns.matchAll(/^Page\s+(\d+) rot:\s+(\d+)/gm)]
      .filter((m) => Number(m[2]) % 180 === 90)
      .map((m) => Number(m[1]) - 1),
  );
  const out: BoxWord[] = [];
  let page = -1;
  let w = 1;
  let h = 1;
  for (const m of html.matchAll(
    /<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
  )) {
    if (m[1]) {
      page++;
      [w, h] = quarter.has(page) ? [Number(m[2]), Number(m[1])] : [Number(m[1]), Number(m[2])];
      continue;
    }
    out.push({
      page,
      text: m[7]!.replaceAll('&amp;', '&').replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&quot;', '"'),
      x0: Number(m[3]) / w,
      y0: Number(m[4]) / h,
      x1: Number(m[5]) / w,
      y1: Number(m[6]) / h,
    });
  }
  return out;
}

/** Image XObjects of a PDF: their filter and raw (still encoded) bytes. */
export async function imageStreams(pdf: Uint8Array): Promise<{ filter: string; bytes: Uint8Array }[]> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const out: { filter: string; bytes: Uint8Array }[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    if (obj.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    out.push({ filter: String(obj.dict.get(PDFName.of('Filter')) ?? ''), bytes: obj.contents });
  }
  return out;
}

/** Every word pdf.js's text content holds, page by page. */
export async function pdfjsWords(pdf: Uint8Array): Promise<string[][]> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: pdf.slice(), disableFontFace: true, useSystemFonts: false, verbosity: 0 });
  const doc = await task.promise;
  try {
    const pages: string[][] = [];
    for (let i = 1; i <= doc.numPages; i++) {
      const content = await (await doc.getPage(i)).getTextContent();
      const text = content.items.map((it) => ('str' in it ? `${it.str}${it.hasEOL ? '\n' : ' '}` : '')).join('');
      pages.push(wordsOfText(text));
    }
    return pages;
  } finally {
    await task.destroy();
  }
}

/**
 * How dark the page as shown is (Poppler's pdftoppm, grey) inside a box given in fractions of it, and
 * over the whole page: 0 paper … 255 ink. A word's box on the image holds ink; a box beside it does not.
 */
export function inkIn(bytes: Uint8Array, page: number, box: Pick<BoxWord, 'x0' | 'y0' | 'x1' | 'y1'>) {
  const pgm = withPdfFile(bytes, (path) =>
    execFileSync('pdftoppm', ['-gray', '-r', '100', '-f', String(page + 1), '-l', String(page + 1), path], {
      maxBuffer: 64 * 1024 * 1024,
    }),
  );
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('pdftoppm wrote no grey image');
  const w = Number(header[1]);
  const h = Number(header[2]);
  const px = pgm.subarray(header[0].length);
  const mean = (x0: number, y0: number, x1: number, y1: number) => {
    let sum = 0;
    let count = 0;
    for (let y = Math.floor(y0 * h); y < Math.ceil(y1 * h); y++)
      for (let x = Math.floor(x0 * w); x < Math.ceil(x1 * w); x++) {
        sum += 255 - px[y * w + x]!;
        count++;
      }
    return count ? sum / count : 0;
  };
  return { box: mean(box.x0, box.y0, box.x1, box.y1), page: mean(0, 0, 1, 1) };
}

/** One page as Poppler draws it (pdftoppm, RGB) at `dpi`: 3 bytes a pixel. */
export function renderRgb(bytes: Uint8Array, page: number, dpi: number) {
  const ppm = withPdfFile(bytes, (path) =>
    execFileSync('pdftoppm', ['-r', String(dpi), '-f', String(page + 1), '-l', String(page + 1), path], {
      maxBuffer: 256 * 1024 * 1024,
    }),
  );
  const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 40).toString('latin1'));
  if (!header) throw new Error('pdftoppm wrote no RGB image');
  return { width: Number(header[1]), height: Number(header[2]), data: ppm.subarray(header[0].length) };
}
