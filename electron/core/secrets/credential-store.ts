import { createPrivateKey } from 'node:crypto';
import type { SecretStatus } from '../../../shared/domain/secrets';
import { IntakeError } from '../errors';
import type { Logger } from '../util/logger';
import type { SecretStore } from './secret-store';

/** Which client's secrets: one keychain service per environment, one account per client id. */
export interface CredentialRef {
  environmentId: string;
  clientId: string;
  /** The environment's token URL: a client secret is bound to its origin (see clientSecretAccount). */
  tokenUrl: string;
}

/** What the token client needs; the CredentialStore is the real one. */
export interface CredentialSource {
  getClientSecret(ref: CredentialRef): Promise<string | undefined>;
  getPrivateKey(ref: CredentialRef): Promise<string | undefined>;
  /** Called after any store/replace/delete, so a token client can forget a remembered failure. */
  subscribe(listener: (ref: CredentialRef) => void): () => void;
}

export const serviceName = (environmentId: string): string => `Intake Desk (${environmentId})`;
/**
 * A client secret is stored for the origin of the token URL it was entered for (`client@https://host:port`):
 * the secret goes only where it was meant to go. When the token URL's origin changes, the entry is simply
 * not there for the new one — the status says "no secret" and the clerk enters it again — so a changed
 * setting can never send the old secret to a new address. An origin has no "@", so the key is unambiguous.
 */
export const clientSecretAccount = (clientId: string, tokenOrigin: string): string => `${clientId}@${tokenOrigin}`;
/** Before secrets were bound to an origin: one entry per client id (read once, then bound; see getClientSecret). */
export const unboundClientSecretAccount = (clientId: string): string => clientId;
/** The private key never leaves the machine (only signed assertions do), so it is not bound to an origin. */
export const privateKeyAccount = (clientId: string): string => `${clientId}#private-key`;

/** The origin a client secret is bound to; a token URL that is not a URL binds nothing. */
export function tokenOriginOf(tokenUrl: string): string {
  try {
    const origin = new URL(tokenUrl).origin;
    if (origin !== 'null') return origin;
  } catch {
    // reported below
  }
  throw new IntakeError('configuration', 'secrets.bad_token_url', `The token URL "${tokenUrl}" is not a URL.`);
}

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

  /**
   * The secret stored for this client at the token URL's origin. A secret stored before secrets were bound
   * (keyed by client id alone) is bound once, to the origin of its first use after the update, and its
   * unbound entry removed: it follows no later change of the token URL.
   */
  async getClientSecret(ref: CredentialRef): Promise<string | undefined> {
    const service = serviceName(ref.environmentId);
    const origin = tokenOriginOf(ref.tokenUrl);
    const bound = await this.secrets.get(service, clientSecretAccount(ref.clientId, origin));
    if (bound !== undefined || ref.clientId.trim() === '') return bound;
    const unbound = await this.secrets.get(service, unboundClientSecretAccount(ref.clientId));
    if (unbound === undefined) return undefined;
    await this.secrets.set(service, clientSecretAccount(ref.clientId, origin), unbound);
    await this.secrets.delete(service, unboundClientSecretAccount(ref.clientId));
    this.logger.info('client secret bound to its token origin', {
      environmentId: ref.environmentId,
      clientId: ref.clientId,
      origin,
    });
    return unbound;
  }

  /** Stores or replaces the client secret. Surrounding whitespace (a pasted line break) is dropped. */
  async setClientSecret(ref: CredentialRef, secret: string): Promise<void> {
    CredentialStore.requireClientId(ref);
    const value = secret.trim();
    if (value === '') throw new IntakeError('validation', 'secrets.empty', 'The client secret is empty.');
    const service = serviceName(ref.environmentId);
    await this.secrets.set(service, clientSecretAccount(ref.clientId, tokenOriginOf(ref.tokenUrl)), value);
    await this.secrets.delete(service, unboundClientSecretAccount(ref.clientId));
    this.changed(ref, 'clientSecret.set');
  }

  async deleteClientSecret(ref: CredentialRef): Promise<boolean> {
    const service = serviceName(ref.environmentId);
    const bound = await this.secrets.delete(service, clientSecretAccount(ref.clientId, tokenOriginOf(ref.tokenUrl)));
    const unbound = await this.secrets.delete(service, unboundClientSecretAccount(ref.clientId));
    this.changed(ref, 'clientSecret.delete');
    return bound || unbound;
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
