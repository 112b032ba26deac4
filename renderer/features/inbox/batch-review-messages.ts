import type { Catalogs } from '../../i18n/i18n';

/** Texts of the batch review in the inbox (issue #38 item 8). */
const en = {
  'review.label': 'Batches waiting for your check',
  'review.title': '{file}: check the split',
  'review.summary':
    '{pages, plural, one {# page} other {# pages}} → {documents, plural, one {# document} other {# documents}}, {blanks, plural, one {# blank page} other {# blank pages}} left out',
  'review.expected': 'Documents expected',
  'review.mismatch':
    'You expect {expected, plural, one {# document} other {# documents}}; this split makes {documents}.',
  'review.keys':
    'Arrow keys: go from page to page. Space: put the page in or leave it out. Alt+← / Alt+→: move the start of its document. B: start or end a document here.',
  'review.pages': 'Pages of {file}',
  'review.document': 'Document {n}',
  'review.role.separator': 'separator sheet',
  'review.role.blank': 'blank',
  'review.out': 'left out',
  'review.page': 'Page {page}',
  'review.pageLabel': 'Page {page}{role}, {place}',
  'review.inDocument': 'in document {n}',
  'review.startsDocument': 'starts document {n}',
  'review.leftOut': 'left out',
  'review.release': 'Release: make {documents, plural, one {# document} other {# documents}}',
  'review.releasing': 'Releasing…',
  'review.nothing': 'No page is in a document: put a page in before releasing.',
} as const;
export type ReviewMessageKey = keyof typeof en;

const de: Record<ReviewMessageKey, string> = {
  'review.label': 'Stapel, die auf Ihre Prüfung warten',
  'review.title': '{file}: Aufteilung prüfen',
  'review.summary':
    '{pages, plural, one {# Seite} other {# Seiten}} → {documents, plural, one {# Dokument} other {# Dokumente}}, {blanks, plural, one {# leere Seite} other {# leere Seiten}} weggelassen',
  'review.expected': 'Erwartete Dokumente',
  'review.mismatch':
    'Sie erwarten {expected, plural, one {# Dokument} other {# Dokumente}}; diese Aufteilung ergibt {documents}.',
  'review.keys':
    'Pfeiltasten: von Seite zu Seite. Leertaste: Seite aufnehmen oder weglassen. Alt+← / Alt+→: Beginn ihres Dokuments verschieben. B: hier ein Dokument beginnen oder beenden.',
  'review.pages': 'Seiten von {file}',
  'review.document': 'Dokument {n}',
  'review.role.separator': 'Trennblatt',
  'review.role.blank': 'leer',
  'review.out': 'weggelassen',
  'review.page': 'Seite {page}',
  'review.pageLabel': 'Seite {page}{role}, {place}',
  'review.inDocument': 'in Dokument {n}',
  'review.startsDocument': 'beginnt Dokument {n}',
  'review.leftOut': 'weggelassen',
  'review.release': 'Freigeben: {documents, plural, one {# Dokument} other {# Dokumente}} erstellen',
  'review.releasing': 'Wird freigegeben…',
  'review.nothing': 'Keine Seite ist in einem Dokument: vor dem Freigeben eine Seite aufnehmen.',
};

export const reviewMessages: Catalogs<ReviewMessageKey> = { en, de };
