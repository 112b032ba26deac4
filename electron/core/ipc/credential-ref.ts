import type { Environment, Settings } from '../../../shared/domain/settings';
import { IntakeError } from '../errors';
import type { CredentialRef } from '../secrets/credential-store';

/** The environment a secrets request names, or a validation error the settings screen can show. */
export function environmentOf(settings: Settings, environmentId: string): Environment {
  const environment = settings.environments.find((e) => e.id === environmentId);
  if (!environment) {
    throw new IntakeError('validation', 'settings.unknown_environment', `There is no environment "${environmentId}".`);
  }
  return environment;
}

/** Where an environment's secret or key lives in the keychain (bound to its client id and token URL). */
export function credentialRefOf(settings: Settings, environmentId: string): CredentialRef {
  const environment = environmentOf(settings, environmentId);
  return { environmentId: environment.id, clientId: environment.clientId, tokenUrl: environment.tokenUrl };
}
