import { z } from 'zod';
import { SettingsSchema, StoredSettingsSchema } from '../../domain/settings';

export const SecretStatusSchema = z.object({
  environmentId: z.string(),
  /** Only whether something is stored; the secret itself never reaches the renderer. */
  clientSecret: z.boolean(),
  privateKey: z.boolean(),
  keychain: z.object({ available: z.boolean(), message: z.string().optional() }),
});
export type SecretStatus = z.infer<typeof SecretStatusSchema>;

export const ConnectionTestSchema = z.object({
  ok: z.boolean(),
  /** Which step failed: settings, keychain, network, token endpoint (with the OAuth error), api. */
  step: z.enum(['settings', 'keychain', 'network', 'token', 'api', 'done']),
  code: z.string().optional(),
  message: z.string(),
  expiresIn: z.number().optional(),
});
export type ConnectionTest = z.infer<typeof ConnectionTestSchema>;

/** The public half of the stored private key, to register with the platform or compare with what was. */
export const PublicKeyInfoSchema = z.object({
  algorithm: z.enum(['ES256', 'RS256', 'PS256']),
  publicKeyPem: z.string(),
  publicKeyJwk: z.record(z.string(), z.unknown()),
  /** RFC 7638 thumbprint (base64url SHA-256), also the JWK's kid. */
  thumbprint: z.string(),
});
export type PublicKeyInfo = z.infer<typeof PublicKeyInfoSchema>;

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
