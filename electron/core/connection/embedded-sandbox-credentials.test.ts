import { describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../platform/test-support/connection-harness';
import { CredentialStore } from '../secrets/credential-store';
import type { SecretStore } from '../secrets/secret-store';
import { IntakeError } from '../errors';
import { silentLogger } from '../util/logger';
import { EmbeddedSandboxCredentials } from './embedded-sandbox-credentials';

const demo = { clientId: 'intake-desk-demo', secret: 'sandbox-demo-secret' };
const tokenUrl = 'http://127.0.0.1:4010';
const local = { environmentId: 'local-sandbox', clientId: 'intake-desk-demo', tokenUrl };

const noKeychain: SecretStore = {
  get: () => Promise.reject(new IntakeError('configuration', 'secrets.keychain_unavailable', 'no keychain')),
  set: () => Promise.reject(new IntakeError('configuration', 'secrets.keychain_unavailable', 'no keychain')),
  delete: () => Promise.reject(new IntakeError('configuration', 'secrets.keychain_unavailable', 'no keychain')),
  isAvailable: () => Promise.resolve({ available: false, message: 'no keychain' }),
};

describe('embedded sandbox demo credentials', () => {
  it('uses the published demo secret for the local sandbox when the keychain has none', async () => {
    const creds = new EmbeddedSandboxCredentials(
      new CredentialStore(new MemorySecretStore(), silentLogger),
      'local-sandbox',
      demo,
    );
    expect(await creds.getClientSecret(local)).toBe(demo.secret);
  });

  it('prefers a secret stored in the keychain', async () => {
    const store = new CredentialStore(new MemorySecretStore(), silentLogger);
    await store.setClientSecret(local, 'own-secret');
    expect(await new EmbeddedSandboxCredentials(store, 'local-sandbox', demo).getClientSecret(local)).toBe(
      'own-secret',
    );
  });

  it('works without any keychain for the local sandbox only', async () => {
    const creds = new EmbeddedSandboxCredentials(new CredentialStore(noKeychain, silentLogger), 'local-sandbox', demo);
    expect(await creds.getClientSecret(local)).toBe(demo.secret);
    // Any other environment or client goes to the keychain and fails as the keychain fails.
    await expect(
      creds.getClientSecret({ environmentId: 'production', clientId: 'intake-desk-demo', tokenUrl }),
    ).rejects.toThrow(/no keychain/);
    await expect(
      creds.getClientSecret({ environmentId: 'local-sandbox', clientId: 'someone-else', tokenUrl }),
    ).rejects.toThrow(/no keychain/);
  });
});
