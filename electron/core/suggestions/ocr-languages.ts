/**
 * OCR language data, never downloaded: English ships with the app (`resources/ocr/eng.traineddata.gz`,
 * tessdata_fast: the model native Tesseract uses on Debian — the same words as the npm package's
 * best_int model in two thirds of the time, docs/capture.md "Text"). German is used when a packaged copy
 * is on the machine, such as Debian's tesseract-ocr-deu (/usr/share/tesseract-ocr/<version>/tessdata).
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface OcrLanguage {
  code: string;
  /** The .traineddata file (gzip-compressed or not). */
  file: string;
}

const ENGLISH = join('resources', 'ocr', 'eng.traineddata.gz');

/**
 * The English model shipped with the app: `resources/ocr/` of the app's root, found by walking up from
 * this code — the source file (electron/core/suggestions/), a bundle (out/main/, also inside app.asar)
 * or a bench's bundle all sit below that root.
 */
export function packagedEnglish(from: string = import.meta.dirname): OcrLanguage {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, ENGLISH);
    if (existsSync(file)) return { code: 'eng', file };
    if (dirname(dir) === dir) throw new Error(`the English OCR model (${ENGLISH}) is missing above ${from}`);
  }
}

/** System tessdata folders, newest version first (Debian/Ubuntu: /usr/share/tesseract-ocr/5/tessdata). */
export function systemTessdataDirs(root = '/usr/share/tesseract-ocr'): string[] {
  let versions: string[];
  try {
    versions = readdirSync(root);
  } catch {
    return [];
  }
  return versions
    .sort((a, b) => b.localeCompare(a, 'en', { numeric: true }))
    .map((v) => join(root, v, 'tessdata'))
    .filter((d) => existsSync(d));
}

/** Languages for OCR on this machine: English always, German when a system package provides it. */
export function findOcrLanguages(tessdataDirs: readonly string[] = systemTessdataDirs()): OcrLanguage[] {
  const langs = [packagedEnglish()];
  for (const dir of tessdataDirs) {
    const file = join(dir, 'deu.traineddata');
    if (existsSync(file)) {
      langs.push({ code: 'deu', file });
      break;
    }
  }
  return langs;
}
