import type { PublicKeyInfo } from '../../../shared/domain/secrets';
import { importPrivateKey } from '../auth/key-import';
import { publicKeyOf } from '../auth/key-pair';
import type { CredentialStore } from '../secrets/credential-store';
import type { SettingsService } from '../settings/settings-service';
import { credentialRefOf } from './credential-ref';
import type { PartialHandlerTable } from './handler-table';

export interface KeyHandlerDeps {
  settings: Pick<SettingsService, 'get'>;
  credentials: CredentialStore;
}

type KeyChannel = 'secrets.importPrivateKey' | 'secrets.publicKey';

/**
 * Bringing in an existing private key and showing the public half of the stored one. Like the other
 * secrets, the private key only goes in: what comes back is the public PEM, JWK and thumbprint.
 */
export function createKeyHandlers(deps: KeyHandlerDeps): PartialHandlerTable<KeyChannel> {
  const ref = (environmentId: string) => credentialRefOf(deps.settings.get(), environmentId);
  return {
    'secrets.importPrivateKey': async ({ environmentId, pem }) => {
      const r = ref(environmentId);
      const key = await importPrivateKey(pem); // checked before anything reaches the keychain
      await deps.credentials.setPrivateKey(r, key.privateKeyPem);
      return { ...publicInfo(key), status: await deps.credentials.status(r) };
    },
    'secrets.publicKey': async ({ environmentId }) => {
      const stored = await deps.credentials.getPrivateKey(ref(environmentId));
      if (stored === undefined) return null;
      const key = await publicKeyOf(stored);
      return publicInfo({ ...key, thumbprint: key.publicKeyJwk.kid ?? '' });
    },
  };
}

function publicInfo(key: {
  publicKeyPem: string;
  publicKeyJwk: Record<string, unknown>;
  thumbprint: string;
}): PublicKeyInfo {
  const alg = key.publicKeyJwk.alg;
  if (alg !== 'ES256' && alg !== 'RS256' && alg !== 'PS256') throw new Error(`unexpected alg ${String(alg)}`);
  return {
    algorithm: alg,
    publicKeyPem: key.publicKeyPem,
    publicKeyJwk: { ...key.publicKeyJwk },
    thumbprint: key.thumbprint,
  };
}
