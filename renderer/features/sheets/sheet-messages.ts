import type { Catalogs } from '../../i18n/i18n';

/** Texts of the sheet printing controls (issue #38 item 7), in the inbox and the claim view. */
const en = {
  'sheets.open': 'Print sheets…',
  'sheets.title': 'Separator and cover sheets',
  'sheets.intro':
    'Put a sheet in front of each letter when you scan a stack: capture starts a new document there. A cover sheet also fills in the case number (the folder needs “fields from the cover sheet”).',
  'sheets.kind': 'Sheet',
  'sheets.kind.separator': 'Separator sheet (PATCH T)',
  'sheets.kind.cover': 'Cover sheet with a case number',
  'sheets.caseNumber': 'Case number',
  'sheets.copies': 'Number of sheets',
  'sheets.make': 'Make PDF',
  'sheets.making': 'Making the PDF…',
  'sheets.made': '{file} is saved ({count, plural, one {# sheet} other {# sheets}}). Open it and print it at 100 %.',
  'sheets.close': 'Close',
  'sheets.cover': 'Print cover sheet',
  'sheets.coverHint': 'A cover sheet for case {number}: scanned in front of its letters, they get this case number.',
} as const;
export type SheetMessageKey = keyof typeof en;

const de: Record<SheetMessageKey, string> = {
  'sheets.open': 'Blätter drucken…',
  'sheets.title': 'Trenn- und Deckblätter',
  'sheets.intro':
    'Legen Sie beim Scannen eines Stapels vor jedes Schreiben ein Blatt: Dort beginnt ein neues Dokument. Ein Deckblatt trägt auch die Schadennummer ein (im Ordner muss „Felder vom Deckblatt“ gesetzt sein).',
  'sheets.kind': 'Blatt',
  'sheets.kind.separator': 'Trennblatt (PATCH T)',
  'sheets.kind.cover': 'Deckblatt mit Schadennummer',
  'sheets.caseNumber': 'Schadennummer',
  'sheets.copies': 'Anzahl Blätter',
  'sheets.make': 'PDF erstellen',
  'sheets.making': 'PDF wird erstellt…',
  'sheets.made':
    '{file} ist gespeichert ({count, plural, one {# Blatt} other {# Blätter}}). Öffnen und in Originalgröße (100 %) drucken.',
  'sheets.close': 'Schließen',
  'sheets.cover': 'Deckblatt drucken',
  'sheets.coverHint':
    'Ein Deckblatt für Schaden {number}: vor die Schreiben gelegt und mitgescannt, erhalten sie diese Schadennummer.',
};

export const sheetMessages: Catalogs<SheetMessageKey> = { en, de };
