import { createPrivateKey, createPublicKey } from 'node:crypto';
import { calculateJwkThumbprint, exportJWK, exportPKCS8, exportSPKI, generateKeyPair } from 'jose';
import type { CryptoKey, JWK, KeyObject } from 'jose';
import { IntakeError } from '../errors';

/** Algorithms the token endpoint accepts for client assertions (IdentityServer: RS256, PS256, ES256 …). */
export type AssertionAlgorithm = 'ES256' | 'RS256' | 'PS256';

/** ES256 by default: small keys, fast signing, accepted by IdentityServer. */
export const DEFAULT_ASSERTION_ALGORITHM: AssertionAlgorithm = 'ES256';

export interface PublicKeyExport {
  /** SPKI PEM ("-----BEGIN PUBLIC KEY-----"), for registration. */
  publicKeyPem: string;
  /** JWK with `kid` (RFC 7638 thumbprint), `alg` and `use: sig`. */
  publicKeyJwk: JWK;
}

export interface ClientKeyPair extends PublicKeyExport {
  /** PKCS#8 PEM; goes to the keychain only. */
  privateKeyPem: string;
  algorithm: AssertionAlgorithm;
}

export async function generateClientKeyPair(
  algorithm: AssertionAlgorithm = DEFAULT_ASSERTION_ALGORITHM,
): Promise<ClientKeyPair> {
  const { privateKey, publicKey } = await generateKeyPair(algorithm, {
    extractable: true,
    ...(algorithm === 'ES256' ? {} : { modulusLength: 3072 }),
  });
  const privateKeyPem = await exportPKCS8(privateKey);
  return { privateKeyPem, algorithm, ...(await exportPublic(publicKey, algorithm)) };
}

async function exportPublic(publicKey: CryptoKey | KeyObject, algorithm: AssertionAlgorithm): Promise<PublicKeyExport> {
  const publicKeyPem = await exportSPKI(publicKey);
  const jwk = await exportJWK(publicKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { publicKeyPem, publicKeyJwk: { ...jwk, kid, alg: algorithm, use: 'sig' } };
}

/** Which algorithm a stored private key signs with: EC P-256 → ES256, RSA-PSS → PS256, RSA → RS256. */
export function algorithmOfPrivateKey(pkcs8Pem: string): AssertionAlgorithm {
  let key;
  try {
    key = createPrivateKey({ key: pkcs8Pem, format: 'pem' });
  } catch (e) {
    throw new IntakeError(
      'configuration',
      'auth.invalid_private_key',
      'The stored private key cannot be read; generate a new key pair in Settings and register its public key.',
      { cause: e },
    );
  }
  const type = key.asymmetricKeyType;
  if (type === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1') return 'ES256';
  if (type === 'rsa-pss') return 'PS256';
  if (type === 'rsa') return 'RS256';
  throw new IntakeError(
    'configuration',
    'auth.unsupported_private_key',
    `Private keys of type ${type ?? 'unknown'} are not supported; use EC P-256 or RSA.`,
  );
}

/** The public half of a stored private key, to show or export again for registration. */
export async function publicKeyOf(pkcs8Pem: string): Promise<PublicKeyExport> {
  const algorithm = algorithmOfPrivateKey(pkcs8Pem);
  return exportPublic(createPublicKey(pkcs8Pem), algorithm);
}
