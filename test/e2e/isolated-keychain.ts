import type { KeychainAvailability, SecretStore } from '../../electron/core/secrets/secret-store';

/**
 * The real OS keychain, with every service name tagged per test app, so a secret one e2e test stores
 * (say, a deliberately wrong one) cannot leak into the next app that runs against the same keyring.
 */
export class IsolatedKeychain implements SecretStore {
  constructor(
    private readonly keychain: SecretStore,
    private readonly tag: string,
  ) {}

  private service(service: string): string {
    return `${service} [${this.tag}]`;
  }

  get(service: string, account: string): Promise<string | undefined> {
    return this.keychain.get(this.service(service), account);
  }

  set(service: string, account: string, secret: string): Promise<void> {
    return this.keychain.set(this.service(service), account, secret);
  }

  delete(service: string, account: string): Promise<boolean> {
    return this.keychain.delete(this.service(service), account);
  }

  isAvailable(): Promise<KeychainAvailability> {
    return this.keychain.isAvailable();
  }
}
