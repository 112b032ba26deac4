import type { DocumentType, Environment, Settings } from '../../../shared/domain/settings';
import { DEFAULT_UPLOAD_CONCURRENCY, SETTINGS_VERSION } from '../../../shared/domain/settings';
import { LOCAL_SANDBOX_ENVIRONMENT } from './default-environment';
import { SHIPPED_ENVIRONMENT_NAMES } from '../../../shared/domain/environment-kind';

/**
 * Templates for the platform's hosted environments. The real addresses are issued at onboarding; these
 * placeholders (example.com, reserved by RFC 2606) never reach a real host. docs/auth-setup.md says
 * where to fill them in.
 */
export const SANDBOX_TEMPLATE: Environment = {
  id: 'sandbox',
  name: SHIPPED_ENVIRONMENT_NAMES.sandbox,
  kind: 'sandbox',
  baseUrl: 'https://sandbox.claims.example.com',
  tokenUrl: 'https://login.sandbox.claims.example.com',
  country: 'de',
  tenant: 'your-tenant',
  clientId: '',
  scopes: ['case_integration', 'events'],
  authMethod: 'private_key_jwt',
  caseSchemaKey: 'case-create',
};

export const PRODUCTION_TEMPLATE: Environment = {
  ...SANDBOX_TEMPLATE,
  id: 'production',
  name: SHIPPED_ENVIRONMENT_NAMES.production,
  kind: 'production',
  baseUrl: 'https://claims.example.com',
  tokenUrl: 'https://login.claims.example.com',
};

/** Codes are what the platform receives in Metadata-DocumentTypeCode; labels are what clerks pick. */
export const DEFAULT_DOCUMENT_TYPES: DocumentType[] = [
  { code: 'FNOL', label: 'First notice of loss' },
  { code: 'INV', label: 'Invoice' },
  { code: 'EST', label: 'Cost estimate' },
  { code: 'EXP', label: 'Expert report' },
  { code: 'PHOTO', label: 'Photo' },
  { code: 'CORR', label: 'Correspondence' },
  { code: 'POLICE', label: 'Police report' },
  { code: 'MED', label: 'Medical report' },
  { code: 'POA', label: 'Power of attorney' },
  { code: 'BANK', label: 'Bank details' },
  { code: 'OTHER', label: 'Other' },
];

/** First-run settings: the embedded sandbox active, whose address only the caller knows (random port). */
export function createDefaultSettings(localSandbox: { baseUrl: string; tokenUrl: string }): Settings {
  return {
    version: SETTINGS_VERSION,
    activeEnvironmentId: LOCAL_SANDBOX_ENVIRONMENT.id,
    environments: [{ ...LOCAL_SANDBOX_ENVIRONMENT, ...localSandbox }, SANDBOX_TEMPLATE, PRODUCTION_TEMPLATE],
    folders: [],
    archive: { mode: 'move', retentionDays: 30 },
    upload: { concurrency: DEFAULT_UPLOAD_CONCURRENCY },
    documentTypes: DEFAULT_DOCUMENT_TYPES,
    locale: 'en',
    updates: { channel: 'off' },
    desktop: { startMinimisedAtLogin: false, closeToTrayHintShown: false },
  };
}
