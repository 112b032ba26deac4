import type { Locale } from './i18n';

/**
 * The shipped document types (electron/core/settings/default-settings.ts DEFAULT_DOCUMENT_TYPES) in each
 * language. A type whose label is still the shipped English one is shown in the clerk's language; a label
 * the office typed itself is shown as typed.
 */
const SHIPPED: Record<string, Record<Locale, string>> = {
  FNOL: { en: 'First notice of loss', de: 'Schadenmeldung (Erstmeldung)' },
  INV: { en: 'Invoice', de: 'Rechnung' },
  EST: { en: 'Cost estimate', de: 'Kostenvoranschlag' },
  EXP: { en: 'Expert report', de: 'Gutachten' },
  PHOTO: { en: 'Photo', de: 'Foto' },
  CORR: { en: 'Correspondence', de: 'Schriftverkehr' },
  POLICE: { en: 'Police report', de: 'Polizeibericht' },
  MED: { en: 'Medical report', de: 'Ärztlicher Bericht' },
  POA: { en: 'Power of attorney', de: 'Vollmacht' },
  BANK: { en: 'Bank details', de: 'Bankverbindung' },
  OTHER: { en: 'Other', de: 'Sonstiges' },
};

export function documentTypeLabel(locale: Locale, type: { code: string; label: string }): string {
  const shipped = SHIPPED[type.code];
  return shipped && shipped.en === type.label ? shipped[locale] : type.label;
}

/**
 * A document type as a choice in a list: its label, and its code after it where the code says something the
 * label does not. A shipped type's code is an English abbreviation (PHOTO, OTHER): on the German screens it
 * is left out (issue #48 item 9: "Foto (PHOTO)"); an office's own type keeps its code (the office chose it).
 */
export function documentTypeChoice(locale: Locale, type: { code: string; label: string }): string {
  const label = documentTypeLabel(locale, type);
  const shownInLanguage = locale !== 'en' && SHIPPED[type.code] !== undefined && label === SHIPPED[type.code]![locale];
  return shownInLanguage ? label : `${label} (${type.code})`;
}
