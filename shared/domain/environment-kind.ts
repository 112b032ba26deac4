import { z } from 'zod';

/** Which platform an environment is: the embedded sandbox, the vendor's sandbox, production, or another. */
export const ENVIRONMENT_KINDS = ['local-sandbox', 'sandbox', 'production', 'custom'] as const;
export const EnvironmentKindSchema = z.enum(ENVIRONMENT_KINDS);
export type EnvironmentKind = z.infer<typeof EnvironmentKindSchema>;

/**
 * The names the app's own environments ship with (electron/core/settings: the embedded sandbox and the
 * templates a clerk adds). They are the kind in English, so a screen shows the kind in the clerk's language
 * instead (issue #48 item 9: "Platform sandbox" and "Local sandbox" were shown on German screens).
 */
export const SHIPPED_ENVIRONMENT_NAMES: Record<EnvironmentKind, string> = {
  'local-sandbox': 'Local sandbox',
  sandbox: 'Platform sandbox',
  production: 'Production',
  custom: 'Custom',
};
