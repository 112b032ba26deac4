import type { Catalogs, Locale, MessageValues } from './translate';
import { translateFrom } from './translate';

/**
 * The words printed on the sheets the app makes (issue #38 item 7, electron/core/capture/sheets), in the
 * clerk's language. Here in shared/ because the core writes the PDF and may not import the renderer's catalogs.
 */
const en = {
  'separator.title': 'PATCH T',
  'separator.subtitle': 'Separator sheet',
  'separator.hint':
    'Put this sheet in front of each document. Intake Desk starts a new document here and leaves the sheet out.',
  'cover.title': 'Cover sheet',
  'cover.caseNumber': 'Case number',
  'cover.hint':
    'Put this sheet in front of the letters for this case. Intake Desk starts a new document here, fills in the case number and leaves the sheet out.',
  footer: 'Printed by Intake Desk. Print at 100 % (no “fit to page”), do not fold over the barcodes.',
} as const;
type SheetKey = keyof typeof en;

const de: Record<SheetKey, string> = {
  'separator.title': 'PATCH T',
  'separator.subtitle': 'Trennblatt',
  'separator.hint':
    'Legen Sie dieses Blatt vor jedes Dokument. Intake Desk beginnt hier ein neues Dokument und lässt das Blatt weg.',
  'cover.title': 'Deckblatt',
  'cover.caseNumber': 'Schadennummer',
  'cover.hint':
    'Legen Sie dieses Blatt vor die Schreiben zu diesem Schaden. Intake Desk beginnt hier ein neues Dokument, trägt die Schadennummer ein und lässt das Blatt weg.',
  footer: 'Gedruckt von Intake Desk. In Originalgröße (100 %) drucken, nicht über den Strichcodes falten.',
};

const catalogs: Catalogs<SheetKey> = { en, de };

export const sheetText = (locale: Locale, key: SheetKey, values?: MessageValues): string =>
  translateFrom(catalogs, locale, key, values);
