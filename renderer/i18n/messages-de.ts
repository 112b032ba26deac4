import type { MessageKey } from './messages-en';

export const de: Record<MessageKey, string> = {
  'app.title': 'Intake Desk',
  'app.loading': 'Verbindung zu Intake Desk wird aufgebaut…',
  'app.disconnected': 'Verbindung zu Intake Desk unterbrochen. Neuer Versuch…',
  'status.environment': 'Umgebung',
  'status.version': 'Version {version}',
  'status.network.unknown': 'Noch nicht geprüft',
  'status.network.online': 'Online',
  'status.network.offline': 'Offline',
  'status.token.none': 'Kein Token',
  'status.token.valid': 'Angemeldet',
  'status.token.error': 'Anmeldung fehlgeschlagen',
  'status.check': 'Verbindung prüfen',
  'env.kind.local-sandbox': 'Lokale Sandbox',
  'env.kind.sandbox': 'Sandbox',
  'env.kind.production': 'PRODUKTION',
  'env.kind.custom': 'Benutzerdefiniert',
};
