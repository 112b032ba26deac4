import type { Catalogs } from '../../i18n/i18n';
import type { ScannerProblemCode } from '../../../shared/domain/scanning';

/** Scanning from the desk (issue #38): the scan's progress and the scanner's states, in plain words. */
const en = {
  'scan.progress':
    'page {pages} scanned · {documents, plural, =0 {no document yet} one {# document so far} other {# documents so far}}',
  'scan.progress.none': 'waiting for the first page',
  'scan.finishing': '{pages} pages scanned · making the last documents ({documents} so far)',
  'scan.stopped': 'The scanner stopped with {pages} pages in this batch.',
  'scan.more': 'Scan more into this batch',
  'scan.finish': 'Finish this batch',
  'scanner.feeder_empty': 'The feeder is empty: put the pages in the feeder and scan again.',
  'scanner.jam': 'Paper jam: take the jammed sheet out of the scanner, then scan more into this batch.',
  'scanner.cover_open': 'The scanner’s cover is open: close it, then scan again.',
  'scanner.busy': 'The scanner is busy with another job: wait a moment and scan again.',
  'scanner.gone': 'The scanner stopped answering in the middle of the scan: the pages that arrived are kept.',
  'scanner.wrong_certificate':
    'The scanner answered with a different certificate than before: this may not be your scanner. An administrator must confirm the new certificate.',
  'scanner.unreachable': 'The scanner cannot be reached: is it switched on and on the network?',
  'scanner.unsupported': 'The scanner does not offer these settings (source, resolution or colour).',
  'scanner.bad_address':
    'This is not a scanner address: a network scanner’s address starts with https:// or http://, e.g. https://192.168.1.20/eSCL.',
  'scanner.failed': 'The scanner reported an error.',
  'scanner.cancelled': 'The scan was cancelled: the pages that arrived are kept.',
} as const satisfies Record<string, string> & Record<ScannerProblemCode, string>;
export type ScannerMessageKey = keyof typeof en;

const de: Record<ScannerMessageKey, string> = {
  'scan.progress':
    'Seite {pages} gescannt · {documents, plural, =0 {noch kein Dokument} one {bisher # Dokument} other {bisher # Dokumente}}',
  'scan.progress.none': 'wartet auf die erste Seite',
  'scan.finishing': '{pages} Seiten gescannt · die letzten Dokumente entstehen (bisher {documents})',
  'scan.stopped': 'Der Scanner hat angehalten; in diesem Stapel sind {pages} Seiten.',
  'scan.more': 'Weitere Seiten in diesen Stapel scannen',
  'scan.finish': 'Stapel abschließen',
  'scanner.feeder_empty': 'Der Einzug ist leer: Blätter in den Einzug legen und erneut scannen.',
  'scanner.jam': 'Papierstau: das gestaute Blatt aus dem Scanner nehmen, dann weitere Seiten in diesen Stapel scannen.',
  'scanner.cover_open': 'Die Abdeckung des Scanners ist offen: schließen, dann erneut scannen.',
  'scanner.busy': 'Der Scanner ist mit einem anderen Auftrag beschäftigt: kurz warten und erneut scannen.',
  'scanner.gone': 'Der Scanner antwortet mitten im Scan nicht mehr: die angekommenen Seiten bleiben erhalten.',
  'scanner.wrong_certificate':
    'Der Scanner hat sich mit einem anderen Zertifikat gemeldet als bisher: das ist vielleicht nicht Ihr Scanner. Eine Administratorin oder ein Administrator muss das neue Zertifikat bestätigen.',
  'scanner.unreachable': 'Der Scanner ist nicht erreichbar: ist er eingeschaltet und im Netz?',
  'scanner.unsupported': 'Der Scanner bietet diese Einstellungen nicht an (Quelle, Auflösung oder Farbe).',
  'scanner.bad_address':
    'Das ist keine Scanner-Adresse: Die Adresse eines Netzwerkscanners beginnt mit https:// oder http://, z. B. https://192.168.1.20/eSCL.',
  'scanner.failed': 'Der Scanner hat einen Fehler gemeldet.',
  'scanner.cancelled': 'Der Scan wurde abgebrochen: die angekommenen Seiten bleiben erhalten.',
};

export const scannerMessages: Catalogs<ScannerMessageKey> = { en, de };
