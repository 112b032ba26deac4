import type { Settings } from '../../../shared/domain/settings';
import { generateClientKeyPair } from '../auth/key-pair';
import type { PlatformSession } from '../connection/platform-session';
import { IntakeError } from '../errors';
import type { CredentialStore } from '../secrets/credential-store';
import type { SettingsService } from '../settings/settings-service';
import { credentialRefOf, environmentOf } from './credential-ref';
import type { PartialHandlerTable } from './handler-table';

export interface SettingsHandlerDeps {
  settings: SettingsService;
  credentials: CredentialStore;
  session: PlatformSession;
  /** Fields the machine-wide settings file fixes, if the update would change them. */
  lockedFieldsIn?: (next: Settings) => readonly string[];
}

type SettingsChannel =
  | 'settings.get'
  | 'settings.update'
  | 'secrets.status'
  | 'secrets.setClientSecret'
  | 'secrets.generateKeyPair'
  | 'secrets.delete'
  | 'connection.test';

/**
 * Settings and credentials. Secrets only go in (set, replace, delete, generate): the renderer learns
 * whether one is stored and the public half of a generated key, never a secret.
 */
export function createSettingsHandlers(deps: SettingsHandlerDeps): PartialHandlerTable<SettingsChannel> {
  const ref = (environmentId: string) => credentialRefOf(deps.settings.get(), environmentId);
  return {
    'settings.get': async () => deps.settings.get(),
    'settings.update': async ({ settings }) => {
      const locked = deps.lockedFieldsIn?.(settings) ?? [];
      if (locked.length > 0) {
        throw new IntakeError(
          'validation',
          'settings.locked',
          `These settings are fixed by your IT department and cannot be changed here: ${locked.join(', ')}.`,
        );
      }
      // The service publishes the saved settings (settings.saved), and with them every window hears it.
      return deps.settings.save(settings);
    },
    'secrets.status': async ({ environmentId }) => deps.credentials.status(ref(environmentId)),
    'secrets.setClientSecret': async ({ environmentId, secret }) => {
      const r = ref(environmentId);
      await deps.credentials.setClientSecret(r, secret);
      return deps.credentials.status(r);
    },
    'secrets.generateKeyPair': async ({ environmentId }) => {
      const r = ref(environmentId);
      const pair = await generateClientKeyPair();
      await deps.credentials.setPrivateKey(r, pair.privateKeyPem);
      return {
        publicKeyPem: pair.publicKeyPem,
        publicKeyJwk: { ...pair.publicKeyJwk },
        status: await deps.credentials.status(r),
      };
    },
    'secrets.delete': async ({ environmentId, kind }) => {
      const r = ref(environmentId);
      if (kind === 'clientSecret') await deps.credentials.deleteClientSecret(r);
      else await deps.credentials.deletePrivateKey(r);
      return deps.credentials.status(r);
    },
    'connection.test': async ({ environmentId }) =>
      deps.session.test(environmentOf(deps.settings.get(), environmentId)),
  };
}
