import type { CredentialRef, CredentialSource } from '../secrets/credential-store';

/**
 * The embedded local sandbox's demo client has a published secret (the sandbox prints it), so trying the
 * app needs no keychain and no credentials. For that one environment and client id only, a secret from
 * the keychain still wins; without one — or with no keychain at all — the demo secret is used.
 * Every other environment goes to the keychain and nowhere else.
 */
export class EmbeddedSandboxCredentials implements CredentialSource {
  constructor(
    private readonly keychain: CredentialSource,
    private readonly environmentId: string,
    private readonly demo: { clientId: string; secret: string },
  ) {}

  private isDemo(ref: CredentialRef): boolean {
    return ref.environmentId === this.environmentId && ref.clientId === this.demo.clientId;
  }

  async getClientSecret(ref: CredentialRef): Promise<string | undefined> {
    if (!this.isDemo(ref)) return this.keychain.getClientSecret(ref);
    const stored = await this.keychain.getClientSecret(ref).catch(() => undefined);
    return stored ?? this.demo.secret;
  }

  getPrivateKey(ref: CredentialRef): Promise<string | undefined> {
    return this.keychain.getPrivateKey(ref);
  }

  subscribe(listener: (ref: CredentialRef) => void): () => void {
    return this.keychain.subscribe(listener);
  }
}
