import type { Catalogs } from '../../i18n/i18n';

/** Texts of a folder's capture settings (issue #16; docs/capture.md). */
const en = {
  'capture.on': 'Split scanned batches on separator sheets',
  'capture.onHint': 'Each separator or cover sheet starts a new document; values on the cover sheet fill its fields.',
  'capture.separatorValue': 'Separator barcode',
  'capture.separatorValueHint': 'A page with exactly this code starts a document (PATCHT is the usual one).',
  'capture.separatorPattern': 'Also separators: codes matching',
  'capture.separatorPatternHint': 'A regular expression, e.g. ^CLM- for cover sheets printed with the case number.',
  'capture.metadataPattern': 'Fields from the cover sheet',
  'capture.metadataPatternHint':
    'Empty: the cover sheets this app prints give their case number. For other sheets: named groups fill fields, e.g. ^(?<CaseNumber>CLM-\\d+-\\d+)$',
  'capture.blankPages': 'Blank pages (duplex backs)',
  'capture.blank.keep': 'Keep them',
  'capture.blank.drop': 'Leave them out',
  'capture.blank.flag': 'Keep them and mark them in the history',
  'capture.review': 'Let me check each batch’s split before its documents are made',
} as const;
export type CaptureSettingsKey = keyof typeof en;

const de: Record<CaptureSettingsKey, string> = {
  'capture.on': 'Gescannte Stapel an Trennblättern aufteilen',
  'capture.onHint':
    'Jedes Trenn- oder Deckblatt beginnt ein neues Dokument; Werte auf dem Deckblatt füllen dessen Felder.',
  'capture.separatorValue': 'Barcode des Trennblatts',
  'capture.separatorValueHint': 'Eine Seite mit genau diesem Code beginnt ein Dokument (üblich ist PATCHT).',
  'capture.separatorPattern': 'Ebenfalls Trennblätter: Codes passend zu',
  'capture.separatorPatternHint':
    'Ein regulärer Ausdruck, z. B. ^CLM- für Deckblätter, auf denen die Schadennummer gedruckt ist.',
  'capture.metadataPattern': 'Felder vom Deckblatt',
  'capture.metadataPatternHint':
    'Leer: Die Deckblätter, die diese App druckt, liefern ihre Schadennummer. Für andere Blätter: Benannte Gruppen füllen Felder, z. B. ^(?<CaseNumber>CLM-\\d+-\\d+)$',
  'capture.blankPages': 'Leere Seiten (Rückseiten beim Duplex-Scan)',
  'capture.blank.keep': 'Behalten',
  'capture.blank.drop': 'Weglassen',
  'capture.blank.flag': 'Behalten und im Verlauf vermerken',
  'capture.review': 'Aufteilung jedes Stapels prüfen, bevor seine Dokumente erstellt werden',
};

export const captureSettingsMessages: Catalogs<CaptureSettingsKey> = { en, de };
