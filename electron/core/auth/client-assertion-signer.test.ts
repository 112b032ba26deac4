import { createPrivateKey, generateKeyPairSync } from 'node:crypto';
import type { RSAPSSKeyPairKeyObjectOptions } from 'node:crypto';
import { decodeProtectedHeader, importJWK, importSPKI, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { IntakeError } from '../errors';
import { signClientAssertion } from './client-assertion-signer';
import type { AssertionAlgorithm } from './key-pair';
import { algorithmOfPrivateKey, generateClientKeyPair } from './key-pair';

const AUDIENCE = 'https://login.example.test/connect/token';
const ALGORITHMS: AssertionAlgorithm[] = ['ES256', 'RS256', 'PS256'];

/**
 * The check a real identity server makes, with a verifier that shares none of our signing code: jose's
 * jwtVerify, given only what we publish for registration (the JWK, or the PEM), and only the algorithm
 * the JWK announces. A key that signs RS256 while its JWK says PS256 fails here.
 */
describe.each(ALGORITHMS)('%s client assertion, checked by an independent verifier', (alg) => {
  it('verifies with the published JWK and with the published PEM, restricted to that algorithm', async () => {
    const pair = await generateClientKeyPair(alg);
    expect(pair.algorithm).toBe(alg);
    expect(pair.publicKeyJwk.alg).toBe(alg);
    expect(algorithmOfPrivateKey(pair.privateKeyPem)).toBe(alg);
    const jwt = await signClientAssertion({
      clientId: 'client-1',
      audience: AUDIENCE,
      privateKeyPem: pair.privateKeyPem,
      nowMs: Date.now(),
    });
    const header = decodeProtectedHeader(jwt);
    expect(header).toMatchObject({ alg, typ: 'client-authentication+jwt', kid: pair.publicKeyJwk.kid });
    const options = { algorithms: [alg], issuer: 'client-1', subject: 'client-1', audience: AUDIENCE };
    const { payload } = await jwtVerify(jwt, await importJWK(pair.publicKeyJwk, alg), options);
    expect(payload.exp! - payload.iat!).toBe(60);
    await expect(jwtVerify(jwt, await importSPKI(pair.publicKeyPem, alg), options)).resolves.toBeTruthy();
  });
});

describe('RSA-PSS keys', () => {
  it('a PSS key from elsewhere (RSASSA-PSS OID, no parameters) signs PS256', async () => {
    const { privateKey } = generateKeyPairSync('rsa-pss', { modulusLength: 2048 });
    const pem = String(privateKey.export({ type: 'pkcs8', format: 'pem' }));
    expect(createPrivateKey(pem).asymmetricKeyType).toBe('rsa-pss');
    const jwt = await signClientAssertion({ clientId: 'c', audience: AUDIENCE, privateKeyPem: pem, nowMs: Date.now() });
    expect(decodeProtectedHeader(jwt).alg).toBe('PS256');
  });

  it('a PSS key restricted to SHA-512 cannot sign PS256 and says so', () => {
    // @types/node declares saltLength a string; node wants a number.
    const options = { modulusLength: 2048, hashAlgorithm: 'sha512', mgf1HashAlgorithm: 'sha512', saltLength: 64 };
    const { privateKey } = generateKeyPairSync('rsa-pss', options as unknown as RSAPSSKeyPairKeyObjectOptions);
    const pem = String(privateKey.export({ type: 'pkcs8', format: 'pem' }));
    let error: unknown;
    try {
      algorithmOfPrivateKey(pem);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(IntakeError);
    expect((error as IntakeError).code).toBe('auth.unsupported_private_key');
    expect((error as IntakeError).message).toContain('SHA-256');
  });
});

describe('the kid header', () => {
  it('names the key by its thumbprint unless told not to (a key registered from a PEM has no kid)', async () => {
    const pair = await generateClientKeyPair('ES256');
    const input = { clientId: 'c', audience: AUDIENCE, privateKeyPem: pair.privateKeyPem, nowMs: Date.now() };
    expect(decodeProtectedHeader(await signClientAssertion(input)).kid).toBe(pair.publicKeyJwk.kid);
    const without = await signClientAssertion({ ...input, includeKid: false });
    expect(decodeProtectedHeader(without)).toEqual({ alg: 'ES256', typ: 'client-authentication+jwt' });
    await expect(
      jwtVerify(without, await importSPKI(pair.publicKeyPem, 'ES256'), { algorithms: ['ES256'] }),
    ).resolves.toBeTruthy();
  });
});
