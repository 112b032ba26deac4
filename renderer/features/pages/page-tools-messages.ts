import type { Catalogs } from '../../i18n/i18n';

/** Texts of the page strip (issue #16 item 4). */
const en = {
  'pages.strip': 'Pages',
  'pages.tools': 'Page tools',
  'pages.page': 'Page {page}',
  'pages.rotateRight': 'Turn the page right (R)',
  'pages.rotateLeft': 'Turn the page left (Shift+R)',
  'pages.delete': 'Delete the page (Del)',
  'pages.moveEarlier': 'Move the page earlier (Alt+←)',
  'pages.moveLater': 'Move the page later (Alt+→)',
  'pages.split': 'Split here: the selected page starts a new document (S)',
  'pages.merge': 'Merge the {count} selected documents into the first, in list order (M)',
  'pages.undo': 'Undo the last page change (Ctrl+Z)',
  'pages.loading': 'Loading the pages…',
  'pages.tooLarge': 'This document is too large for page thumbnails.',
  'pages.saving': 'Saving the pages…',
  'pages.changed': 'Pages changed. The scanner’s file stays as it was.',
  'pages.mergeRefused':
    'Not merged: the documents disagree on {field} ({values}). The merged document would keep only the first value. Give them the same value first.',
  'pages.mergeRefusedUnsent':
    'Not merged: the documents disagree on {field} ({values}), typed and not sent yet (✎). The merged document would keep only the first value. Give them the same value first.',
  'pages.did.turned': 'Page {page} turned.',
  'pages.did.deleted': 'A page was deleted; page {page} is shown.',
  'pages.did.moved': 'Page moved: it is now page {page}.',
  'pages.did.split': 'The pages after page {page} are a new document now.',
} as const;
export type PageToolsKey = keyof typeof en;

const de: Record<PageToolsKey, string> = {
  'pages.strip': 'Seiten',
  'pages.tools': 'Seitenwerkzeuge',
  'pages.page': 'Seite {page}',
  'pages.rotateRight': 'Seite nach rechts drehen (R)',
  'pages.rotateLeft': 'Seite nach links drehen (Umschalt+R)',
  'pages.delete': 'Seite löschen (Entf)',
  'pages.moveEarlier': 'Seite nach vorn schieben (Alt+←)',
  'pages.moveLater': 'Seite nach hinten schieben (Alt+→)',
  'pages.split': 'Hier teilen: die gewählte Seite beginnt ein neues Dokument (S)',
  'pages.merge': 'Die {count} gewählten Dokumente in Listenreihenfolge zum ersten zusammenführen (M)',
  'pages.undo': 'Letzte Seitenänderung rückgängig machen (Strg+Z)',
  'pages.loading': 'Seiten werden geladen…',
  'pages.tooLarge': 'Dieses Dokument ist zu groß für Seitenvorschauen.',
  'pages.saving': 'Seiten werden gespeichert…',
  'pages.changed': 'Seiten geändert. Die Datei des Scanners bleibt, wie sie war.',
  'pages.mergeRefused':
    'Nicht zusammengeführt: Die Dokumente haben verschiedene Werte für {field} ({values}). Das zusammengeführte Dokument behielte nur den ersten. Bitte zuerst angleichen.',
  'pages.mergeRefusedUnsent':
    'Nicht zusammengeführt: Die Dokumente haben verschiedene Werte für {field} ({values}), eingegeben und noch nicht gesendet (✎). Das zusammengeführte Dokument behielte nur den ersten. Bitte zuerst angleichen.',
  'pages.did.turned': 'Seite {page} gedreht.',
  'pages.did.deleted': 'Eine Seite wurde gelöscht; Seite {page} wird gezeigt.',
  'pages.did.moved': 'Seite verschoben: Sie ist jetzt Seite {page}.',
  'pages.did.split': 'Die Seiten nach Seite {page} sind jetzt ein neues Dokument.',
};

export const pageToolsMessages: Catalogs<PageToolsKey> = { en, de };
