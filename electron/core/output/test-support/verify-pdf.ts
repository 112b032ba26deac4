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
  const out: BoxWord[] = [];
  let page = -1;
  let w = 1;
  let h = 1;
  for (const m of html.matchAll(
    /<page width="([\d.]+)" height="([\d.]+)">|<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g,
  )) {
    if (m[1]) {
      page++;
      w = Number(m[1]);
      h = Number(m[2]);
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
