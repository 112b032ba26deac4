import { z } from 'zod';

/** What is stored for an environment; only whether, never the secret itself. */
export const SecretStatusSchema = z.object({
  environmentId: z.string(),
  /** Only whether something is stored; the secret itself never reaches the renderer. */
  clientSecret: z.boolean(),
  privateKey: z.boolean(),
  keychain: z.object({ available: z.boolean(), message: z.string().optional() }),
});
export type SecretStatus = z.infer<typeof SecretStatusSchema>;

/** The public half of the stored private key, to register with the platform or compare with what was. */
export const PublicKeyInfoSchema = z.object({
  algorithm: z.enum(['ES256', 'RS256', 'PS256']),
  publicKeyPem: z.string(),
  publicKeyJwk: z.record(z.string(), z.unknown()),
  /** RFC 7638 thumbprint (base64url SHA-256), also the JWK's kid. */
  thumbprint: z.string(),
});
export type PublicKeyInfo = z.infer<typeof PublicKeyInfoSchema>;
