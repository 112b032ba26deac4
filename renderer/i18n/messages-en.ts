/** English message catalog. Keys are `area.what`; `{name}` placeholders are filled by `t()`. */
export const en = {
  'app.title': 'Intake Desk',
  'app.loading': 'Connecting to Intake Desk…',
  'app.disconnected': 'Lost the connection to Intake Desk. Reconnecting…',
  'status.environment': 'Environment',
  'status.version': 'Version {version}',
  'status.network.unknown': 'Not checked yet',
  'status.network.online': 'Online',
  'status.network.offline': 'Offline',
  'status.token.none': 'No token',
  'status.token.valid': 'Signed in',
  'status.token.error': 'Sign-in failed',
  'status.check': 'Check connection',
  'env.kind.local-sandbox': 'Local sandbox',
  'env.kind.sandbox': 'Sandbox',
  'env.kind.production': 'PRODUCTION',
  'env.kind.custom': 'Custom',
} as const;

export type MessageKey = keyof typeof en;
