import type { Catalogs } from './translate';

/**
 * What the desktop shell says outside the window, in the clerk's language (settings → locale): the tray's
 * tooltip and menu (core/shell/tray-state.ts) and the operating system's notifications
 * (core/shell/notification-grouper.ts, electron/main). Here in shared/ because the core may not import the
 * renderer's catalogs.
 */
const en = {
  'tray.tooltip': 'Intake Desk: {status}',
  'tray.stopped': 'uploads stopped: {reason}',
  'tray.failed': '{count, plural, one {# document needs} other {# documents need}} attention',
  'tray.offline': 'offline',
  'tray.offlineWaiting': 'offline, {count, plural, one {# document} other {# documents}} waiting',
  'tray.paused': 'uploads paused',
  'tray.pausedWaiting': 'paused, {count, plural, one {# document} other {# documents}} waiting',
  'tray.uploading': 'uploading {count, plural, one {# document} other {# documents}}',
  'tray.idle': 'all documents uploaded',
  'tray.open': 'Open Intake Desk',
  'tray.pause': 'Pause uploads',
  'tray.resume': 'Resume uploads',
  'tray.openInbox': 'Open inbox folder',
  'tray.openFolder': 'Open folder “{label}”',
  'tray.quit': 'Quit Intake Desk',
  'notify.configuration.title': 'Uploads stopped',
  'notify.configuration.body': 'The connection settings need attention.',
  'notify.folder.title': 'Inbox folder not available',
  'notify.folder.many': '{count, plural, one {# inbox folder is} other {# inbox folders are}} not available',
  'notify.rejected.title': '{count, plural, one {Document rejected} other {Documents rejected}}',
  'notify.rejected.one': '{name} was rejected: {detail}',
  'notify.rejected.many': '{count, plural, one {# document was} other {# documents were}} rejected',
  'notify.failed.title': '{count, plural, one {Document needs attention} other {Documents need attention}}',
  'notify.failed.one': '{name}: {detail}',
  'notify.failed.many': '{count, plural, one {# document needs} other {# documents need}} attention',
  'notify.aDocument': 'A document',
  'notify.fileName': '“{file}”',
  'notify.keepsRunning.title': 'Intake Desk keeps running',
  'notify.keepsRunning.body': 'Uploads continue in the background. Quit from the tray icon.',
  'notify.notImported.title': 'Some files were not imported',
} as const;

export type DesktopMessageKey = keyof typeof en;

const de: Record<DesktopMessageKey, string> = {
  'tray.tooltip': 'Intake Desk: {status}',
  'tray.stopped': 'Hochladen angehalten: {reason}',
  'tray.failed': '{count, plural, one {# Dokument braucht} other {# Dokumente brauchen}} Aufmerksamkeit',
  'tray.offline': 'offline',
  'tray.offlineWaiting': 'offline, {count, plural, one {# Dokument wartet} other {# Dokumente warten}}',
  'tray.paused': 'Hochladen angehalten',
  'tray.pausedWaiting': 'angehalten, {count, plural, one {# Dokument wartet} other {# Dokumente warten}}',
  'tray.uploading': 'lädt {count, plural, one {# Dokument} other {# Dokumente}} hoch',
  'tray.idle': 'alle Dokumente hochgeladen',
  'tray.open': 'Intake Desk öffnen',
  'tray.pause': 'Hochladen anhalten',
  'tray.resume': 'Hochladen fortsetzen',
  'tray.openInbox': 'Eingangsordner öffnen',
  'tray.openFolder': 'Ordner „{label}“ öffnen',
  'tray.quit': 'Intake Desk beenden',
  'notify.configuration.title': 'Hochladen angehalten',
  'notify.configuration.body': 'Die Verbindungseinstellungen müssen geprüft werden.',
  'notify.folder.title': 'Eingangsordner nicht verfügbar',
  'notify.folder.many': '{count, plural, one {# Eingangsordner ist} other {# Eingangsordner sind}} nicht verfügbar',
  'notify.rejected.title': '{count, plural, one {Dokument abgelehnt} other {Dokumente abgelehnt}}',
  'notify.rejected.one': '{name} wurde abgelehnt: {detail}',
  'notify.rejected.many': '{count, plural, one {# Dokument wurde} other {# Dokumente wurden}} abgelehnt',
  'notify.failed.title':
    '{count, plural, one {Dokument braucht Aufmerksamkeit} other {Dokumente brauchen Aufmerksamkeit}}',
  'notify.failed.one': '{name}: {detail}',
  'notify.failed.many': '{count, plural, one {# Dokument braucht} other {# Dokumente brauchen}} Aufmerksamkeit',
  'notify.aDocument': 'Ein Dokument',
  'notify.fileName': '„{file}“',
  'notify.keepsRunning.title': 'Intake Desk läuft weiter',
  'notify.keepsRunning.body': 'Das Hochladen geht im Hintergrund weiter. Beenden über das Symbol im Infobereich.',
  'notify.notImported.title': 'Einige Dateien wurden nicht übernommen',
};

export const desktopMessages: Catalogs<DesktopMessageKey> = { en, de };
