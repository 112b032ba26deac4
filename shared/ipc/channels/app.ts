import { z } from 'zod';
import { EnvironmentKindSchema } from '../../domain/settings';

export const ConnectionStateSchema = z.object({
  /** online: the platform answered lately; offline: connects fail; unknown: not tried yet. */
  network: z.enum(['unknown', 'online', 'offline']),
  token: z.enum(['none', 'valid', 'error']),
  tokenExpiresAt: z.string().optional(),
  /** Set when the configuration is wrong (invalid_client, invalid_scope …): uploading stops until fixed. */
  configurationError: z.object({ code: z.string(), message: z.string() }).optional(),
  checkedAt: z.string().optional(),
});
export type ConnectionState = z.infer<typeof ConnectionStateSchema>;

export const AppInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  /** Which shell hosts the renderer; shown in About, never branched on by features. */
  shell: z.enum(['electron', 'web']),
  environment: z.object({ id: z.string(), name: z.string(), kind: EnvironmentKindSchema }),
  connection: ConnectionStateSchema,
});
export type AppInfo = z.infer<typeof AppInfoSchema>;

export const NoticeSchema = z.object({
  id: z.string(),
  level: z.enum(['info', 'warning', 'error']),
  /** Message-catalog key and its values, so the renderer shows it in the clerk's language. */
  message: z.string(),
  documentId: z.string().optional(),
  count: z.number().int().positive().default(1),
  at: z.string(),
});
export type Notice = z.infer<typeof NoticeSchema>;

export const appInvokes = {
  'app.info': { request: z.object({}), response: AppInfoSchema },
  'connection.check': { request: z.object({}), response: ConnectionStateSchema },
};
/** Main asks the window to show something, e.g. after a click on a native notification. */
export const NavigateSchema = z.object({
  screen: z.enum(['inbox', 'queue', 'settings']),
  /** Select this document (inbox). */
  documentId: z.string().optional(),
});
export type Navigate = z.infer<typeof NavigateSchema>;

export const appEvents = {
  'connection.changed': ConnectionStateSchema,
  'notice.raised': NoticeSchema,
  'app.navigate': NavigateSchema,
};
