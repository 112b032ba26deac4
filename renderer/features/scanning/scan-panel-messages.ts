import type { Catalogs } from '../../i18n/i18n';

/** The inbox's scan panel (issue #38). */
const en = {
  'scan.open': 'Scan',
  'scan.title': 'Scan from the desk',
  'scan.scanner': 'Scanner',
  'scan.scanner.none': 'Choose a scanner',
  'scan.address': 'Or the scanner’s address (https://host/eSCL)',
  'scan.source': 'Paper source',
  'scan.source.feeder': 'Feeder, one side',
  'scan.source.duplex': 'Feeder, both sides',
  'scan.source.platen': 'Glass',
  'scan.dpi': 'Resolution (dpi)',
  'scan.color': 'Colour',
  'scan.color.gray': 'Grey',
  'scan.color.color': 'Colour',
  'scan.color.bw': 'Black and white',
  'scan.start': 'Start scanning',
  'scan.cancel': 'Cancel scan',
  'scan.folder': 'Scan into (watched folder)',
  'scan.folder.review': '{label} (with batch review)',
  'scan.asking': 'Asking the scanner what it offers …',
  'scan.noFolder': 'No watched folder yet: add one in Settings to scan into.',
} as const satisfies Record<string, string>;

const de: Record<keyof typeof en, string> = {
  'scan.open': 'Scannen',
  'scan.title': 'Vom Arbeitsplatz scannen',
  'scan.scanner': 'Scanner',
  'scan.scanner.none': 'Scanner wählen',
  'scan.address': 'Oder die Adresse des Scanners (https://host/eSCL)',
  'scan.source': 'Papierquelle',
  'scan.source.feeder': 'Einzug, einseitig',
  'scan.source.duplex': 'Einzug, beidseitig',
  'scan.source.platen': 'Glas',
  'scan.dpi': 'Auflösung (dpi)',
  'scan.color': 'Farbe',
  'scan.color.gray': 'Graustufen',
  'scan.color.color': 'Farbe',
  'scan.color.bw': 'Schwarzweiß',
  'scan.start': 'Scan starten',
  'scan.cancel': 'Scan abbrechen',
  'scan.folder': 'Scannen in (Eingangsordner)',
  'scan.folder.review': '{label} (mit Stapelprüfung)',
  'scan.asking': 'Der Scanner wird gefragt, was er anbietet …',
  'scan.noFolder': 'Noch kein Eingangsordner: in den Einstellungen einen anlegen, um hinein zu scannen.',
} as const;

export const scanPanelMessages: Catalogs<keyof typeof en> = { en, de };
