/**
 * OCR language data, never downloaded: English ships with the app (npm package @tesseract.js-data/eng,
 * the LSTM-only "best_int" model tesseract.js itself picks for LSTM). German is used when a packaged copy
 * is on the machine, such as Debian's tesseract-ocr-deu (/usr/share/tesseract-ocr/<version>/tessdata).
 */
import { existsSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export interface OcrLanguage {
  code: string;
  /** The .traineddata file (gzip-compressed or not). */
  file: string;
}

const require = createRequire(import.meta.url);

/** The English model inside the npm package. */
export function packagedEnglish(): OcrLanguage {
  const dir = dirname(require.resolve('@tesseract.js-data/eng/package.json'));
  return { code: 'eng', file: join(dir, '4.0.0_best_int', 'eng.traineddata.gz') };
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
