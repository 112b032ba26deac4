import type { Catalogs } from '../../i18n/i18n';

const en = {
  'activityScreen.title': 'Case activity',
  'activityScreen.cases': 'Cases with activity',
  'activityScreen.noCases': 'No case changes received yet.',
  'activityScreen.caseNumber': 'Case number',
  'activityScreen.show': 'Show',
  'activityScreen.refresh': 'Check for changes now',
  'activityScreen.refreshing': 'Checking…',
  'activityScreen.lastPoll': 'Last checked {at}.',
  'activityScreen.skipped':
    '{count, plural, one {# unreadable change was} other {# unreadable changes were}} skipped (see the log).',
  'activityScreen.pollError': 'The last check failed: {message}',
  'activityScreen.eventsOf': '{count, plural, one {# change} other {# changes}}, last {at}',
  'activityScreen.timeline': 'Timeline of {number}',
  'activityScreen.loading': 'Loading the timeline…',
  'activityScreen.empty': 'No changes of this case have been received yet. New ones appear here by themselves.',
  'activityScreen.pick': 'Pick a case on the left or enter a case number.',
  'activityScreen.documents': 'Documents of this case',
  'activityScreen.confirmed': 'Confirmed by the platform {at}',
  'activityScreen.notConfirmed': 'Not confirmed yet',
} as const;
export type ActivityScreenKey = keyof typeof en;

const de: Record<ActivityScreenKey, string> = {
  'activityScreen.title': 'Fallverlauf',
  'activityScreen.cases': 'Fälle mit Änderungen',
  'activityScreen.noCases': 'Noch keine Falländerungen empfangen.',
  'activityScreen.caseNumber': 'Schadennummer',
  'activityScreen.show': 'Anzeigen',
  'activityScreen.refresh': 'Jetzt auf Änderungen prüfen',
  'activityScreen.refreshing': 'Wird geprüft…',
  'activityScreen.lastPoll': 'Zuletzt geprüft {at}.',
  'activityScreen.skipped':
    '{count, plural, one {# unlesbare Änderung} other {# unlesbare Änderungen}} übersprungen (siehe Protokoll).',
  'activityScreen.pollError': 'Die letzte Prüfung schlug fehl: {message}',
  'activityScreen.eventsOf': '{count, plural, one {# Änderung} other {# Änderungen}}, zuletzt {at}',
  'activityScreen.timeline': 'Verlauf von {number}',
  'activityScreen.loading': 'Verlauf wird geladen…',
  'activityScreen.empty': 'Zu diesem Fall sind noch keine Änderungen eingegangen. Neue erscheinen hier von selbst.',
  'activityScreen.pick': 'Links einen Fall wählen oder eine Schadennummer eingeben.',
  'activityScreen.documents': 'Dokumente dieses Falls',
  'activityScreen.confirmed': 'Von der Plattform bestätigt {at}',
  'activityScreen.notConfirmed': 'Noch nicht bestätigt',
};

export const activityScreenMessages: Catalogs<ActivityScreenKey> = { en, de };
