/**
 * One Tesseract (tesseract.js, WASM) instance: page bitmap in, lines of words with their places out.
 * tesseract.js runs its engine in a worker thread of its own; this wrapper lives in a text worker.
 *
 * Language data is handed over as files on disk and never fetched: each language's file is copied (once)
 * into a folder of our own that tesseract.js reads as its read-only cache (`cacheMethod: 'readOnly'` never
 * writes), and `langPath` names that same local folder, so a missing file fails instead of reaching for the
 * CDN that tesseract.js uses when no path is given.
 */
import { copyFileSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { readFileSync, writeFileSync } from 'node:fs';
import type { Worker as TesseractWorker } from 'tesseract.js';
import { createWorker, OEM } from 'tesseract.js';
import type { GrayBitmap } from '../bitmap';
import type { OcrLanguage } from './ocr-languages';
import type { TextWord } from './page-text';
import { clampBox } from './page-text';

export interface OcrEngine {
  readonly languages: string[];
  recognize(page: GrayBitmap): Promise<TextWord[][]>;
  close(): Promise<void>;
}

/** Puts each language's data, uncompressed, as `<code>.traineddata` in `dir` (only when changed). */
export function stageLanguages(languages: readonly OcrLanguage[], dir: string): void {
  mkdirSync(dir, { recursive: true });
  for (const lang of languages) {
    const target = join(dir, `${lang.code}.traineddata`);
    const marker = join(dir, `${lang.code}.source`);
    const source = `${lang.file}:${statSync(lang.file).size}:${statSync(lang.file).mtimeMs}`;
    let staged = '';
    try {
      staged = readFileSync(marker, 'utf8');
    } catch {
      // not staged yet
    }
    if (staged === source) continue;
    if (lang.file.endsWith('.gz')) writeFileSync(target, gunzipSync(readFileSync(lang.file)));
    else copyFileSync(lang.file, target);
    writeFileSync(marker, source);
  }
}

export async function createOcrEngine(languages: readonly OcrLanguage[], stageDir: string): Promise<OcrEngine> {
  stageLanguages(languages, stageDir);
  const codes = languages.map((l) => l.code);
  const worker: TesseractWorker = await createWorker(codes, OEM.LSTM_ONLY, {
    langPath: stageDir,
    cachePath: stageDir,
    cacheMethod: 'readOnly',
    gzip: false,
  });
  return {
    languages: codes,
    async recognize(page) {
      const header = new TextEncoder().encode(`P5\n${page.width} ${page.height}\n255\n`);
      // Leptonica reads PGM directly: no PNG encoding of a 9-megapixel page.
      const pgm = Buffer.allocUnsafe(header.length + page.data.length);
      pgm.set(header);
      pgm.set(page.data, header.length);
      const result = await worker.recognize(pgm, {}, { text: false, blocks: true });
      const lines: TextWord[][] = [];
      for (const block of result.data.blocks ?? [])
        for (const para of block.paragraphs)
          for (const line of para.lines) {
            const words = line.words
              .filter((w) => w.text.trim() !== '')
              .map((w) => ({
                text: w.text.trim(),
                box: clampBox({
                  x: w.bbox.x0 / page.width,
                  y: w.bbox.y0 / page.height,
                  w: (w.bbox.x1 - w.bbox.x0) / page.width,
                  h: (w.bbox.y1 - w.bbox.y0) / page.height,
                }),
              }));
            if (words.length > 0) lines.push(words);
          }
      return lines;
    },
    close: async () => {
      await worker.terminate();
    },
  };
}
