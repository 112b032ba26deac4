import { createPrivateKey } from 'node:crypto';
import type { SecretStatus } from '../../../shared/ipc/channels/settings';
import { IntakeError } from '../errors';
import type { Logger } from '../util/logger';
import type { SecretStore } from './secret-store';

/** Which client's secrets: one keychain service per environment, one account per client id. */
export interface CredentialRef {
  environmentId: string;
  clientId: string;
}

/** What the token client needs; the CredentialStore is the real one. */
export interface CredentialSource {
  getClientSecret(ref: CredentialRef): Promise<string | undefined>;
  getPrivateKey(ref: CredentialRef): Promise<string | undefined>;
  /** Called after any store/replace/delete, so a token client can forget a remembered failure. */
  subscribe(listener: (ref: CredentialRef) => void): () => void;
}

export const serviceName = (environmentId: string): string => `Intake Desk (${environmentId})`;
export const clientSecretAccount = (clientId: string): string => clientId;
export const privateKeyAccount = (clientId: string): string => `${clientId}#private-key`;

/**
 * The client secret and the private key of each environment's client, kept only in the keychain.
 * Nothing here logs a secret or returns one to the renderer: `status()` reports booleans.
 */
export class CredentialStore implements CredentialSource {
  private readonly listeners = new Set<(ref: CredentialRef) => void>();

  constructor(
    private readonly secrets: SecretStore,
    private readonly logger: Logger,
  ) {}

  subscribe(listener: (ref: CredentialRef) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(ref: CredentialRef, what: string): void {
    this.logger.info('credentials changed', { environmentId: ref.environmentId, clientId: ref.clientId, what });
    for (const listener of this.listeners) listener(ref);
  }

  private static requireClientId(ref: CredentialRef): void {
    if (ref.clientId.trim() === '') {
      throw new IntakeError(
        'configuration',
        'secrets.no_client_id',
        'Enter the client id of this environment before storing its secret or key.',
      );
    }
  }

  getClientSecret(ref: CredentialRef): Promise<string | undefined> {
    return this.secrets.get(serviceName(ref.environmentId), clientSecretAccount(ref.clientId));
  }

  /** Stores or replaces the client secret. Surrounding whitespace (a pasted line break) is dropped. */
  async setClientSecret(ref: CredentialRef, secret: string): Promise<void> {
    CredentialStore.requireClientId(ref);
    const value = secret.trim();
    if (value === '') throw new IntakeError('validation', 'secrets.empty', 'The client secret is empty.');
    await this.secrets.set(serviceName(ref.environmentId), clientSecretAccount(ref.clientId), value);
    this.changed(ref, 'clientSecret.set');
  }

  async deleteClientSecret(ref: CredentialRef): Promise<boolean> {
    const deleted = await this.secrets.delete(serviceName(ref.environmentId), clientSecretAccount(ref.clientId));
    this.changed(ref, 'clientSecret.delete');
    return deleted;
  }

  getPrivateKey(ref: CredentialRef): Promise<string | undefined> {
    return this.secrets.get(serviceName(ref.environmentId), privateKeyAccount(ref.clientId));
  }

  /** Stores or replaces the private key (PKCS#8 PEM); anything else is refused before it reaches the keychain. */
  async setPrivateKey(ref: CredentialRef, pkcs8Pem: string): Promise<void> {
    CredentialStore.requireClientId(ref);
    const pem = pkcs8Pem.trim();
    try {
      if (!pem.startsWith('-----BEGIN PRIVATE KEY-----')) throw new Error('not PKCS#8');
      createPrivateKey({ key: pem, format: 'pem' });
    } catch (e) {
      throw new IntakeError(
        'validation',
        'secrets.invalid_private_key',
        'The private key is not an unencrypted PKCS#8 PEM key ("-----BEGIN PRIVATE KEY-----").',
        {
          cause: e,
        },
      );
    }
    await this.secrets.set(serviceName(ref.environmentId), privateKeyAccount(ref.clientId), `${pem}\n`);
    this.changed(ref, 'privateKey.set');
  }

  async deletePrivateKey(ref: CredentialRef): Promise<boolean> {
    const deleted = await this.secrets.delete(serviceName(ref.environmentId), privateKeyAccount(ref.clientId));
    this.changed(ref, 'privateKey.delete');
    return deleted;
  }

  /** Only booleans: whether each secret is stored and whether the keychain works. */
  async status(ref: CredentialRef): Promise<SecretStatus> {
    const keychain = await this.secrets.isAvailable();
    if (!keychain.available)
      return { environmentId: ref.environmentId, clientSecret: false, privateKey: false, keychain };
    const hasAccount = ref.clientId.trim() !== '';
    const [secret, key] = hasAccount
      ? await Promise.all([this.getClientSecret(ref), this.getPrivateKey(ref)])
      : [undefined, undefined];
    return {
      environmentId: ref.environmentId,
      clientSecret: secret !== undefined,
      privateKey: key !== undefined,
      keychain: { available: true },
    };
  }
}
