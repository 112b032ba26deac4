import { z } from 'zod';
import { ConnectionTestSchema } from '../../domain/connection';
import { PublicKeyInfoSchema, SecretStatusSchema } from '../../domain/secrets';
import { SettingsSchema, StoredSettingsSchema } from '../../domain/settings';

export const settingsInvokes = {
  // Read: as stored (an old file's bad folder still shows, to be fixed); written: every rule, at the field.
  'settings.get': { request: z.object({}), response: StoredSettingsSchema },
  'settings.update': { request: z.object({ settings: SettingsSchema }), response: StoredSettingsSchema },
  'secrets.status': { request: z.object({ environmentId: z.string() }), response: SecretStatusSchema },
  'secrets.setClientSecret': {
    request: z.object({ environmentId: z.string(), secret: z.string().min(1) }),
    response: SecretStatusSchema,
  },
  /** Generates a key pair in main; the private key goes to the keychain, the public half is returned. */
  'secrets.generateKeyPair': {
    request: z.object({ environmentId: z.string() }),
    response: z.object({
      publicKeyPem: z.string(),
      publicKeyJwk: z.record(z.string(), z.unknown()),
      status: SecretStatusSchema,
    }),
  },
  /**
   * An existing private key (PEM: PKCS#8, PKCS#1 or SEC1; RSA, RSA-PSS or EC P-256), checked in main and
   * stored in the keychain; only its public half comes back. 64 KiB is far more than any PEM key.
   */
  'secrets.importPrivateKey': {
    request: z.object({ environmentId: z.string(), pem: z.string().min(1).max(65_536) }),
    response: PublicKeyInfoSchema.extend({ status: SecretStatusSchema }),
  },
  /** The public half of the stored private key; null when none is stored. */
  'secrets.publicKey': {
    request: z.object({ environmentId: z.string() }),
    response: PublicKeyInfoSchema.nullable(),
  },
  'secrets.delete': {
    request: z.object({ environmentId: z.string(), kind: z.enum(['clientSecret', 'privateKey']) }),
    response: SecretStatusSchema,
  },
  'connection.test': { request: z.object({ environmentId: z.string() }), response: ConnectionTestSchema },
};
export const settingsEvents = {
  'settings.changed': StoredSettingsSchema,
};
