import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import type { KeyObject, RSAPSSKeyPairKeyObjectOptions } from 'node:crypto';
import { calculateJwkThumbprint } from 'jose';
import type { JWK } from 'jose';
import { IntakeError } from '../errors';

/** Algorithms the token endpoint accepts for client assertions (IdentityServer: RS256, PS256, ES256 …). */
export type AssertionAlgorithm = 'ES256' | 'RS256' | 'PS256';

/** ES256 by default: small keys, fast signing, accepted by IdentityServer. */
export const DEFAULT_ASSERTION_ALGORITHM: AssertionAlgorithm = 'ES256';

/** PS256 = RSASSA-PSS with SHA-256, MGF1 with SHA-256 and a 32-byte salt (RFC 7518 §3.5). */
export const PS256_SALT_LENGTH = 32;

export interface PublicKeyExport {
  /** SPKI PEM ("-----BEGIN PUBLIC KEY-----"), for registration. Always rsaEncryption for RSA keys. */
  publicKeyPem: string;
  /** JWK with `kid` (RFC 7638 thumbprint), `alg` and `use: sig`. */
  publicKeyJwk: JWK;
}

export interface ClientKeyPair extends PublicKeyExport {
  /** PKCS#8 PEM; goes to the keychain only. */
  privateKeyPem: string;
  algorithm: AssertionAlgorithm;
}

// @types/node declares saltLength a string; node wants a number (it checks with validateInt32).
const PS256_KEY_OPTIONS = {
  modulusLength: 3072,
  hashAlgorithm: 'sha256',
  mgf1HashAlgorithm: 'sha256',
  saltLength: PS256_SALT_LENGTH,
} as unknown as RSAPSSKeyPairKeyObjectOptions;

/**
 * A new key pair made with node:crypto. A PS256 key is an RSASSA-PSS key (its PKCS#8 names the PSS OID
 * with SHA-256 parameters), so the stored key itself says which algorithm it signs with: an
 * rsaEncryption key is RS256. (WebCrypto exports every RSA key as rsaEncryption, which is how a PS256
 * pair used to publish `alg: PS256` and then sign RS256.)
 */
export async function generateClientKeyPair(
  algorithm: AssertionAlgorithm = DEFAULT_ASSERTION_ALGORITHM,
): Promise<ClientKeyPair> {
  const { privateKey } =
    algorithm === 'ES256'
      ? generateKeyPairSync('ec', { namedCurve: 'prime256v1' })
      : algorithm === 'PS256'
        ? generateKeyPairSync('rsa-pss', PS256_KEY_OPTIONS)
        : generateKeyPairSync('rsa', { modulusLength: 3072 });
  const privateKeyPem = String(privateKey.export({ type: 'pkcs8', format: 'pem' }));
  return { privateKeyPem, algorithm, ...(await exportPublic(privateKey, algorithm)) };
}

async function exportPublic(privateKey: KeyObject, algorithm: AssertionAlgorithm): Promise<PublicKeyExport> {
  const publicKey = plainPublicKey(createPublicKey(privateKey));
  const publicKeyPem = String(publicKey.export({ type: 'spki', format: 'pem' }));
  const jwk = publicKey.export({ format: 'jwk' }) as JWK;
  const kid = await calculateJwkThumbprint(jwk);
  return { publicKeyPem, publicKeyJwk: { ...jwk, kid, alg: algorithm, use: 'sig' } };
}

/**
 * The same public key as a plain rsaEncryption key when it is an RSASSA-PSS one: node cannot export a
 * PSS key as JWK, and most servers (and WebCrypto) do not take a PSS SPKI. The modulus and exponent are
 * the same; the algorithm travels in the JWK's `alg` and the JWS header.
 */
function plainPublicKey(publicKey: KeyObject): KeyObject {
  if (publicKey.asymmetricKeyType !== 'rsa-pss') return publicKey;
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  return createPublicKey({ key: rsaPublicKeyOfSpki(spki), format: 'der', type: 'pkcs1' });
}

/** SubjectPublicKeyInfo ::= SEQUENCE { algorithm SEQUENCE, subjectPublicKey BIT STRING } → its bits. */
function rsaPublicKeyOfSpki(spki: Buffer): Buffer {
  const outer = derElement(spki, 0, 0x30);
  const algorithm = derElement(spki, outer.start, 0x30);
  const bits = derElement(spki, algorithm.end, 0x03);
  // The first content byte of a BIT STRING counts unused bits (0 for a key).
  return spki.subarray(bits.start + 1, bits.end);
}

function derElement(der: Buffer, offset: number, tag: number): { start: number; end: number } {
  if (der[offset] !== tag) throw new Error(`unexpected DER tag at ${offset}`);
  let length = der[offset + 1] ?? 0;
  let start = offset + 2;
  if (length & 0x80) {
    const bytes = length & 0x7f;
    length = 0;
    for (let i = 0; i < bytes; i++) length = length * 256 + (der[start + i] ?? 0);
    start += bytes;
  }
  return { start, end: start + length };
}

/** Which algorithm a stored private key signs with: EC P-256 → ES256, RSA-PSS → PS256, RSA → RS256. */
export function algorithmOfPrivateKey(pkcs8Pem: string): AssertionAlgorithm {
  return algorithmOfKey(readPrivateKey(pkcs8Pem));
}

export function readPrivateKey(pem: string): KeyObject {
  try {
    return createPrivateKey({ key: pem, format: 'pem' });
  } catch (e) {
    throw new IntakeError(
      'configuration',
      'auth.invalid_private_key',
      'The stored private key cannot be read; generate a new key pair in Settings and register its public key.',
      { cause: e },
    );
  }
}

function algorithmOfKey(key: KeyObject): AssertionAlgorithm {
  const type = key.asymmetricKeyType;
  const details = key.asymmetricKeyDetails;
  if (type === 'ec' && details?.namedCurve === 'prime256v1') return 'ES256';
  if (type === 'rsa') return 'RS256';
  if (type === 'rsa-pss') {
    // A PSS key may be bound to other parameters; PS256 needs SHA-256 and a 32-byte salt to be allowed.
    const sha256 = (h: string | undefined) => h === undefined || h === 'sha256' || h === 'sha-256';
    if (
      sha256(details?.hashAlgorithm) &&
      sha256(details?.mgf1HashAlgorithm) &&
      (details?.saltLength ?? 0) <= PS256_SALT_LENGTH
    ) {
      return 'PS256';
    }
    throw new IntakeError(
      'configuration',
      'auth.unsupported_private_key',
      `This RSA-PSS key is bound to ${details?.hashAlgorithm ?? 'another hash'} (salt ${details?.saltLength ?? '?'} bytes); PS256 needs SHA-256 with a salt of at most ${PS256_SALT_LENGTH} bytes. Use a key without PSS restrictions or one made for SHA-256.`,
    );
  }
  const what = type === 'ec' ? `EC ${details?.namedCurve ?? 'unknown curve'}` : (type ?? 'unknown');
  throw new IntakeError(
    'configuration',
    'auth.unsupported_private_key',
    `Private keys of type ${what} are not supported; use EC P-256, RSA or RSA-PSS.`,
  );
}

/** The public half of a stored private key, to show or export again for registration. */
export async function publicKeyOf(pkcs8Pem: string): Promise<PublicKeyExport> {
  const key = readPrivateKey(pkcs8Pem);
  return exportPublic(key, algorithmOfKey(key));
}
