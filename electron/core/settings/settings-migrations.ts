import { basename } from 'node:path';
import { z } from 'zod';
import { ScopeSchema } from '../../../shared/platform/token';

/**
 * Version 1 (Intake Desk 0.x): one environment and a list of watched folder paths.
 *   { "version": 1, "environment": { name, baseUrl, tokenUrl, country, tenant, clientId,
 *     scopes: "case_integration events", useCertificate }, "watchFolders": ["C:\\Scans"],
 *     "documentTypes": ["INV", "FNOL"], "language": "de" }
 */
export const SettingsV1Schema = z.object({
  version: z.literal(1),
  environment: z.object({
    name: z.string().min(1).default('Platform'),
    baseUrl: z.string(),
    tokenUrl: z.string(),
    country: z.string(),
    tenant: z.string(),
    clientId: z.string().default(''),
    scopes: z.string().default('case_integration'),
    useCertificate: z.boolean().default(false),
  }),
  watchFolders: z.array(z.string().min(1)).default([]),
  documentTypes: z.array(z.string().min(1)).optional(),
  language: z.enum(['en', 'de']).optional(),
});
export type SettingsV1 = z.infer<typeof SettingsV1Schema>;

/** The id the migrated environment gets; the v1 file named no kind, so it becomes a custom environment. */
export const MIGRATED_ENVIRONMENT_ID = 'migrated';

/** v1 → v2 (the result is validated by SettingsSchema afterwards, like any file). */
export function migrateV1(v1: SettingsV1): Record<string, unknown> {
  const scopes = v1.environment.scopes
    .split(/\s+/)
    .filter((s) => s !== '')
    .filter((s) => ScopeSchema.safeParse(s).success);
  return {
    version: 2,
    activeEnvironmentId: MIGRATED_ENVIRONMENT_ID,
    environments: [
      {
        id: MIGRATED_ENVIRONMENT_ID,
        name: v1.environment.name,
        kind: 'custom',
        baseUrl: v1.environment.baseUrl,
        tokenUrl: v1.environment.tokenUrl,
        country: v1.environment.country,
        tenant: v1.environment.tenant,
        clientId: v1.environment.clientId,
        scopes,
        authMethod: v1.environment.useCertificate ? 'private_key_jwt' : 'client_secret',
      },
    ],
    folders: v1.watchFolders.map((path, i) => ({
      id: `folder-${i + 1}`,
      label: basename(path.replace(/[\\/]+$/, '')) || path,
      path,
    })),
    ...(v1.documentTypes ? { documentTypes: v1.documentTypes.map((code) => ({ code, label: code })) } : {}),
    ...(v1.language ? { locale: v1.language } : {}),
  };
}

/** Each step takes the raw object of version n and returns version n + 1. */
export const MIGRATIONS: Record<number, (raw: unknown) => unknown> = {
  1: (raw) => migrateV1(SettingsV1Schema.parse(raw)),
};
