/**
 * Which languages OCR reads (issue #46): Tesseract's codes joined by `+` as on its command line
 * (`deu+eng`), from the models that ship with the app. The setting is `text.languages`, machine-wide or
 * per folder profile; absent, it follows the station's locale: German reads `deu`, anything else `eng`.
 * Why `deu` alone and not `deu+eng` (measured, docs/capture.md "Languages"): `deu` read the English letters
 * word for word as `eng` did, and the German ones better — with `deu+eng` Tesseract took the English
 * reading of some umlaut words on a poor page ("Miinchen", "Marz", "Jager") — at the same time per page.
 */
import { z } from 'zod';
import { profileFor } from './folder-profile';

export const OCR_LANGUAGE_CODES = ['deu', 'eng'] as const;
export type OcrLanguageCode = (typeof OCR_LANGUAGE_CODES)[number];

const codePattern = OCR_LANGUAGE_CODES.join('|');
/** `deu`, `eng`, `deu+eng`, `eng+deu` (the first is Tesseract's first choice); each code once. */
export const OcrLanguagesSchema = z
  .string()
  .regex(
    new RegExp(`^(${codePattern})(\\+(${codePattern}))*$`),
    `languages such as deu+eng (${OCR_LANGUAGE_CODES.join(', ')})`,
  )
  .refine((v) => new Set(v.split('+')).size === v.split('+').length, 'each language once');

export const GERMAN_OCR_LANGUAGES = 'deu';
export const ENGLISH_OCR_LANGUAGES = 'eng';

/** The default for a station: German (the app's locale or the system's, `de`, `de-AT`, `de_CH.UTF-8`…) reads `deu`. */
export function defaultOcrLanguages(...locales: (string | undefined)[]): string {
  return locales.some((l) => l !== undefined && /^de([-_]|$)/i.test(l)) ? GERMAN_OCR_LANGUAGES : ENGLISH_OCR_LANGUAGES;
}

export const ocrLanguageCodes = (languages: string): string[] => languages.split('+');

interface LanguageSettings {
  locale?: string | undefined;
  text?: { languages?: string | undefined } | undefined;
  folders?: readonly { path: string; text?: { languages?: string | undefined } | undefined }[] | undefined;
}

/**
 * The languages a document from `sourceFolder` is read in: its folder profile's `text.languages`, else the
 * settings' `text.languages`, else the default for the app's locale and the system's (`systemLocale`).
 */
export function ocrLanguagesFor(
  settings: LanguageSettings,
  sourceFolder: string | undefined,
  systemLocale?: string,
): string {
  const folder = sourceFolder === undefined ? undefined : profileFor(settings.folders ?? [], sourceFolder);
  return folder?.text?.languages ?? settings.text?.languages ?? defaultOcrLanguages(settings.locale, systemLocale);
}
