import { describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../platform/test-support/connection-harness';
import { silentLogger } from '../util/logger';
import {
  clientSecretAccount,
  CredentialStore,
  serviceName,
  tokenOriginOf,
  unboundClientSecretAccount,
} from './credential-store';

const ref = { environmentId: 'production', clientId: 'intake-desk', tokenUrl: 'https://login.example.com/realms/x' };

describe('a client secret is bound to its token URL origin', () => {
  it('is stored under the origin it was entered for', async () => {
    const keychain = new MemorySecretStore();
    await new CredentialStore(keychain, silentLogger).setClientSecret(ref, 's3cret');
    expect(clientSecretAccount('intake-desk', 'https://login.example.com')).toBe(
      'intake-desk@https://login.example.com',
    );
    expect([...keychain.entries.keys()]).toEqual([
      `Intake Desk (production)\u0000intake-desk@https://login.example.com`,
    ]);
  });

  it('a changed origin finds no secret: the status says missing, nothing is read for the new address', async () => {
    const store = new CredentialStore(new MemorySecretStore(), silentLogger);
    await store.setClientSecret(ref, 's3cret');
    for (const tokenUrl of [
      'http://127.0.0.1:8080', // the probe: production's token URL pointed at a local listener
      'https://login.example.com:8443/realms/x', // another port is another origin
      'https://evil.example.com/realms/x',
    ]) {
      expect(await store.getClientSecret({ ...ref, tokenUrl }), tokenUrl).toBeUndefined();
      expect((await store.status({ ...ref, tokenUrl })).clientSecret, tokenUrl).toBe(false);
    }
    // The path under the origin may change; the origin is what the secret is bound to.
    expect(await store.getClientSecret({ ...ref, tokenUrl: 'https://login.example.com/other' })).toBe('s3cret');
    // Entered again for the new origin, it is there (and the old one stays with its own origin).
    await store.setClientSecret({ ...ref, tokenUrl: 'https://new.example.com' }, 'new-secret');
    expect(await store.getClientSecret({ ...ref, tokenUrl: 'https://new.example.com' })).toBe('new-secret');
    expect(await store.getClientSecret(ref)).toBe('s3cret');
  });

  it('a secret stored before binding is bound once, to the origin of its first use, and follows no later change', async () => {
    const keychain = new MemorySecretStore();
    await keychain.set(serviceName('production'), unboundClientSecretAccount('intake-desk'), 'old-secret');
    const store = new CredentialStore(keychain, silentLogger);
    expect(await store.getClientSecret(ref)).toBe('old-secret');
    expect(await keychain.get(serviceName('production'), unboundClientSecretAccount('intake-desk'))).toBeUndefined();
    expect(await store.getClientSecret({ ...ref, tokenUrl: 'https://evil.example.com' })).toBeUndefined();
    expect(await store.getClientSecret(ref)).toBe('old-secret');
  });

  it('delete removes the bound and any unbound entry', async () => {
    const keychain = new MemorySecretStore();
    await keychain.set(serviceName('production'), unboundClientSecretAccount('intake-desk'), 'old-secret');
    const store = new CredentialStore(keychain, silentLogger);
    await store.setClientSecret(ref, 's3cret');
    expect(keychain.entries.size).toBe(1); // storing replaced the unbound entry
    expect(await store.deleteClientSecret(ref)).toBe(true);
    expect(keychain.entries.size).toBe(0);
  });

  it('a token URL that is not a URL binds nothing', () => {
    expect(() => tokenOriginOf('not a url')).toThrow(/not a URL/);
    expect(tokenOriginOf('HTTPS://Login.Example.com:443/x')).toBe('https://login.example.com');
  });
});
