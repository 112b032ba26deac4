import { generateKeyPairSync } from 'node:crypto';
import type { KeyObject, RSAPSSKeyPairKeyObjectOptions } from 'node:crypto';
import { calculateJwkThumbprint, importJWK, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { IntakeError } from '../errors';
import { signClientAssertion } from './client-assertion-signer';
import { importPrivateKey } from './key-import';

function pem(key: KeyObject, type: 'pkcs8' | 'pkcs1' | 'sec1'): string {
  return String(key.export({ type, format: 'pem' } as never));
}

async function refusal(text: string): Promise<IntakeError> {
  try {
    await importPrivateKey(text);
  } catch (e) {
    if (e instanceof IntakeError) return e;
    throw e;
  }
  throw new Error('expected a refusal');
}

const ec = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
// @types/node declares saltLength a string; node wants a number.
const pss = generateKeyPairSync('rsa-pss', {
  modulusLength: 2048,
  hashAlgorithm: 'sha256',
  mgf1HashAlgorithm: 'sha256',
  saltLength: 32,
} as unknown as RSAPSSKeyPairKeyObjectOptions);

describe('importing an existing private key', () => {
  it.each([
    ['EC P-256, PKCS#8', pem(ec.privateKey, 'pkcs8'), 'ES256'],
    ['EC P-256, SEC1 (BEGIN EC PRIVATE KEY)', pem(ec.privateKey, 'sec1'), 'ES256'],
    ['RSA, PKCS#8', pem(rsa.privateKey, 'pkcs8'), 'RS256'],
    ['RSA, PKCS#1 (BEGIN RSA PRIVATE KEY)', pem(rsa.privateKey, 'pkcs1'), 'RS256'],
    ['RSA-PSS, PKCS#8', pem(pss.privateKey, 'pkcs8'), 'PS256'],
  ] as const)('%s: stored as PKCS#8, signs assertions the published JWK verifies', async (_name, text, alg) => {
    const key = await importPrivateKey(`\n${text}\n`);
    expect(key.algorithm).toBe(alg);
    expect(key.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(key.publicKeyJwk).toMatchObject({ alg, use: 'sig', kid: key.thumbprint });
    expect(key.publicKeyJwk.d).toBeUndefined();
    expect(key.thumbprint).toBe(await calculateJwkThumbprint(key.publicKeyJwk));
    const jwt = await signClientAssertion({
      clientId: 'c',
      audience: 'https://login.example.test/connect/token',
      privateKeyPem: key.privateKeyPem,
      nowMs: Date.now(),
    });
    await expect(jwtVerify(jwt, await importJWK(key.publicKeyJwk, alg), { algorithms: [alg] })).resolves.toBeTruthy();
  });

  it('takes the key out of a file that also holds its certificate', async () => {
    const bundle = `Bag Attributes\n-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n${pem(ec.privateKey, 'sec1')}`;
    expect((await importPrivateKey(bundle)).algorithm).toBe('ES256');
  });

  it('refuses a key with a passphrase, saying how to remove it', async () => {
    const encrypted = String(
      ec.privateKey.export({ type: 'pkcs8', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'pw' }),
    );
    const e = await refusal(encrypted);
    expect(e.code).toBe('secrets.encrypted_private_key');
    expect(e.message).toContain('openssl pkey');
    const legacy = String(
      rsa.privateKey.export({ type: 'pkcs1', format: 'pem', cipher: 'aes-256-cbc', passphrase: 'pw' }),
    );
    expect((await refusal(legacy)).code).toBe('secrets.encrypted_private_key');
  });

  it('refuses a public key or certificate, a damaged block, and text without a key', async () => {
    expect((await refusal(String(ec.publicKey.export({ type: 'spki', format: 'pem' })))).code).toBe(
      'secrets.not_a_private_key',
    );
    expect((await refusal('-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----')).code).toBe(
      'secrets.invalid_private_key',
    );
    expect((await refusal('hello')).code).toBe('secrets.invalid_private_key');
  });

  it('refuses curves and key types the token endpoint does not take, and RSA below 2048 bits', async () => {
    const p384 = generateKeyPairSync('ec', { namedCurve: 'secp384r1' });
    const e = await refusal(pem(p384.privateKey, 'pkcs8'));
    expect(e.code).toBe('secrets.unsupported_private_key');
    expect(e.kind).toBe('validation');
    expect(e.message).toContain('secp384r1');
    const ed = generateKeyPairSync('ed25519');
    expect((await refusal(pem(ed.privateKey, 'pkcs8'))).code).toBe('secrets.unsupported_private_key');
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 });
    const weak = await refusal(pem(small.privateKey, 'pkcs1'));
    expect(weak.code).toBe('secrets.weak_private_key');
    expect(weak.message).toContain('1024');
  });
});
