import type { Catalogs } from '../../i18n/i18n';

const en = {
  'office.title': 'Office overview',
  'office.refresh': 'Refresh now',
  'office.checkedAt': 'As of {at}; refreshed every few seconds while open.',
  'office.loading': 'Asking the office database…',
  'office.none':
    'This station works without an office database: its inbox and queue are its own. In an office with several stations, an administrator gives each station the office database (the admin’s guide, “The office database”); this overview then shows what waits in the whole office.',
  'office.unreachable':
    'The office database {database} cannot be reached: {reason}. The figures come back here once it answers; this overview keeps asking.',
  'office.refused':
    'The office database {database} refuses this station: {reason}. An admin must fix the access; this overview keeps asking.',
  'office.noReason': 'no reason given',
  'office.notOpenedYet': 'No station has opened the office database {database} yet: nothing is in it.',
  'office.summary': 'The office inbox',
  'office.waiting': 'Waiting',
  'office.held': 'Of those, open at a clerk',
  'office.queued': 'Being sent',
  'office.oldestWaiting': 'Oldest waiting since',
  'office.nothingWaits': 'Nothing waits.',
  'office.byFolder': 'Waiting by watched folder',
  'office.byType': 'Waiting by document type',
  'office.folder': 'Watched folder',
  'office.documentType': 'Document type',
  'office.count': 'Waiting',
  'office.oldest': 'Oldest since',
  'office.noType': 'No document type yet',
  'office.sentToday': 'Sent today',
  'office.sentTodaySince':
    'Since {since} ({timeZone}, the office database’s day, the same at every station): {count, plural, one {# document} other {# documents}}.',
  'office.clerk': 'Clerk',
  'office.sent': 'Sent',
  'office.clerkNotRecorded': 'Not recorded (sent by a station without a clerk)',
  'office.nothingSent': 'Nothing sent today yet.',
  'office.stations': 'Stations',
  'office.station': 'Station',
  'office.lastSeen': 'Last heard from',
  'office.alive': 'Alive',
  'office.silent': 'Silent',
  'office.state': 'State',
  'office.noStations': 'No station has joined yet.',
  'office.stationQueued': 'Waiting to send',
  'office.stationTakenOver': 'Taken over by others',
} as const;
export type OfficeKey = keyof typeof en;

const de: Record<OfficeKey, string> = {
  'office.title': 'Büroübersicht',
  'office.refresh': 'Jetzt aktualisieren',
  'office.checkedAt': 'Stand {at}; wird alle paar Sekunden aktualisiert, solange sie offen ist.',
  'office.loading': 'Die Büro-Datenbank wird gefragt…',
  'office.none':
    'Diese Station arbeitet ohne Büro-Datenbank: Eingang und Warteschlange sind ihre eigenen. In einem Büro mit mehreren Stationen richtet ein Administrator jeder Station die Büro-Datenbank ein (Handbuch für Administratoren, „Die Büro-Datenbank“); dann zeigt diese Übersicht, was im ganzen Büro wartet.',
  'office.unreachable':
    'Die Büro-Datenbank {database} ist nicht erreichbar: {reason}. Die Zahlen erscheinen wieder, sobald sie antwortet; diese Übersicht fragt weiter.',
  'office.refused':
    'Die Büro-Datenbank {database} weist diese Station ab: {reason}. Ein Administrator muss den Zugang richten; diese Übersicht fragt weiter.',
  'office.noReason': 'ohne Angabe eines Grundes',
  'office.notOpenedYet': 'Noch keine Station hat die Büro-Datenbank {database} geöffnet: Sie ist leer.',
  'office.summary': 'Der Eingang des Büros',
  'office.waiting': 'Wartend',
  'office.held': 'Davon bei einem Sachbearbeiter geöffnet',
  'office.queued': 'Wird gesendet',
  'office.oldestWaiting': 'Ältestes wartet seit',
  'office.nothingWaits': 'Nichts wartet.',
  'office.byFolder': 'Wartend nach Eingangsordner',
  'office.byType': 'Wartend nach Dokumentart',
  'office.folder': 'Eingangsordner',
  'office.documentType': 'Dokumentart',
  'office.count': 'Wartend',
  'office.oldest': 'Ältestes seit',
  'office.noType': 'Noch keine Dokumentart',
  'office.sentToday': 'Heute gesendet',
  'office.sentTodaySince':
    'Seit {since} ({timeZone}, der Tag der Büro-Datenbank, an jeder Station derselbe): {count, plural, one {# Dokument} other {# Dokumente}}.',
  'office.clerk': 'Sachbearbeiter',
  'office.sent': 'Gesendet',
  'office.clerkNotRecorded': 'Nicht erfasst (von einer Station ohne Sachbearbeiter gesendet)',
  'office.nothingSent': 'Heute noch nichts gesendet.',
  'office.stations': 'Stationen',
  'office.station': 'Station',
  'office.lastSeen': 'Zuletzt gemeldet',
  'office.alive': 'Aktiv',
  'office.silent': 'Ohne Lebenszeichen',
  'office.state': 'Zustand',
  'office.noStations': 'Noch keine Station ist beigetreten.',
  'office.stationQueued': 'Wartet auf Versand',
  'office.stationTakenOver': 'Von anderen übernommen',
};

export const officeMessages: Catalogs<OfficeKey> = { en, de };
