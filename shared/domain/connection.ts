import { z } from 'zod';

/** How the station stands with the platform; shown in the status bar and the tray. */
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

/** The outcome of the settings screen's connection test, step by step. */
export const ConnectionTestSchema = z.object({
  ok: z.boolean(),
  /** Which step failed: settings, keychain, network, token endpoint (with the OAuth error), api. */
  step: z.enum(['settings', 'keychain', 'network', 'token', 'api', 'done']),
  code: z.string().optional(),
  message: z.string(),
  expiresIn: z.number().optional(),
});
export type ConnectionTest = z.infer<typeof ConnectionTestSchema>;
