import { createPrivateKey } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { IntakeError } from '../errors';
import type { ClientKeyPair } from './key-pair';
import { algorithmOfPrivateKey, publicKeyOf } from './key-pair';

/** RSA keys below this size are refused (NIST SP 800-57: 2048 bits at least). */
export const MIN_RSA_BITS = 2048;

export interface ImportedKey extends ClientKeyPair {
  /** RFC 7638 thumbprint of the public key (also the JWK's `kid`), to compare with what was registered. */
  thumbprint: string;
}

const PRIVATE_BLOCK = /-----BEGIN ((?:RSA |EC |ENCRYPTED )?PRIVATE KEY)-----[\s\S]+?-----END \1-----/;

function invalid(code: string, message: string, cause?: unknown): IntakeError {
  return new IntakeError('validation', code, message, cause === undefined ? {} : { cause });
}

/**
 * An existing private key brought in by the administrator (a file from their PKI, a key already
 * registered with the platform): PEM as PKCS#8 ("BEGIN PRIVATE KEY"), PKCS#1 ("BEGIN RSA PRIVATE KEY")
 * or SEC1 ("BEGIN EC PRIVATE KEY"); RSA, RSA-PSS or EC P-256. Checked here, returned as PKCS#8 for the
 * keychain, with its public half (PEM and JWK) and thumbprint to compare with the registration. The
 * first private key block counts, so a file holding the key and its certificate works as it is.
 */
export async function importPrivateKey(text: string): Promise<ImportedKey> {
  const block = PRIVATE_BLOCK.exec(text);
  if (!block) {
    if (/-----BEGIN (PUBLIC KEY|RSA PUBLIC KEY|CERTIFICATE)-----/.test(text)) {
      throw invalid(
        'secrets.not_a_private_key',
        'This is a public key or a certificate. Intake Desk needs the private key (a PEM block "-----BEGIN PRIVATE KEY-----", "BEGIN RSA PRIVATE KEY" or "BEGIN EC PRIVATE KEY"); the public half is derived from it.',
      );
    }
    throw invalid(
      'secrets.invalid_private_key',
      'No PEM private key found. Paste or choose a PEM file with a block "-----BEGIN PRIVATE KEY-----", "BEGIN RSA PRIVATE KEY" or "BEGIN EC PRIVATE KEY".',
    );
  }
  const pem = block[0];
  if (block[1] === 'ENCRYPTED PRIVATE KEY' || /Proc-Type:\s*4,ENCRYPTED/.test(pem)) {
    throw invalid(
      'secrets.encrypted_private_key',
      'The private key is protected with a passphrase. Remove the passphrase first (e.g. `openssl pkey -in key.pem -out plain.pem`); in the keychain it is protected by the operating system.',
    );
  }
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: pem, format: 'pem' });
  } catch (e) {
    throw invalid(
      'secrets.invalid_private_key',
      'The private key cannot be read: the PEM block is damaged or incomplete.',
      e,
    );
  }
  const bits = key.asymmetricKeyDetails?.modulusLength;
  if (
    (key.asymmetricKeyType === 'rsa' || key.asymmetricKeyType === 'rsa-pss') &&
    bits !== undefined &&
    bits < MIN_RSA_BITS
  ) {
    throw invalid(
      'secrets.weak_private_key',
      `The RSA key has ${bits} bits; at least ${MIN_RSA_BITS} are needed. Create a new key pair instead.`,
    );
  }
  const privateKeyPem = String(key.export({ type: 'pkcs8', format: 'pem' }));
  let algorithm;
  try {
    algorithm = algorithmOfPrivateKey(privateKeyPem);
  } catch (e) {
    // Same check as for a stored key; here it is the input that is wrong.
    if (e instanceof IntakeError) throw invalid('secrets.unsupported_private_key', e.message, e);
    throw e;
  }
  const publicPart = await publicKeyOf(privateKeyPem);
  return { privateKeyPem, algorithm, ...publicPart, thumbprint: publicPart.publicKeyJwk.kid ?? '' };
}
