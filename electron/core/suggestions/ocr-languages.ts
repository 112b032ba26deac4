/**
 * OCR language data, never downloaded and never taken from the system (issue #46): German and English ship
 * with the app in `resources/ocr/` (resources/ocr/README.md says where each file comes from, the variant
 * and why). Which of them are read is a setting (shared/domain/ocr-languages.ts).
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { OcrLanguageCode } from '../../../shared/domain/ocr-languages';
import { OCR_LANGUAGE_CODES } from '../../../shared/domain/ocr-languages';

export interface OcrLanguage {
  code: string;
  /** The .traineddata file (gzip-compressed or not). */
  file: string;
}

const modelPath = (code: OcrLanguageCode) => join('resources', 'ocr', `${code}.traineddata.gz`);

/**
 * A model shipped with the app: `resources/ocr/` of the app's root, found by walking up from this code —
 * the source file (electron/core/suggestions/), a bundle (out/main/, also inside app.asar) or a bench's
 * bundle all sit below that root.
 */
export function packagedModel(code: OcrLanguageCode, from: string = import.meta.dirname): OcrLanguage {
  for (let dir = from; ; dir = dirname(dir)) {
    const file = join(dir, modelPath(code));
    if (existsSync(file)) return { code, file };
    if (dirname(dir) === dir) throw new Error(`the OCR model ${modelPath(code)} is missing above ${from}`);
  }
}

export function packagedEnglish(from: string = import.meta.dirname): OcrLanguage {
  return packagedModel('eng', from);
}

/** Every model that ships with the app: the text workers get them all and start an engine with the ones asked for. */
export function packagedModels(from: string = import.meta.dirname): OcrLanguage[] {
  return OCR_LANGUAGE_CODES.map((code) => packagedModel(code, from));
}
