import { createPublicKey } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { IntakeError } from '../errors';
import { algorithmOfPrivateKey, generateClientKeyPair, publicKeyOf } from './key-pair';

describe('client key pairs', () => {
  it('generates an ES256 pair whose PEM and JWK describe the same public key', async () => {
    const pair = await generateClientKeyPair();
    expect(pair.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(pair.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(pair.publicKeyJwk).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(pair.publicKeyJwk.d).toBeUndefined();
    const fromJwk = createPublicKey({ key: pair.publicKeyJwk as never, format: 'jwk' }).export({
      type: 'spki',
      format: 'pem',
    });
    expect(String(fromJwk).trim()).toBe(pair.publicKeyPem.trim());
  });

  it('exports the same public key again from the stored private key (for registration later)', async () => {
    const pair = await generateClientKeyPair('RS256');
    expect(algorithmOfPrivateKey(pair.privateKeyPem)).toBe('RS256');
    const again = await publicKeyOf(pair.privateKeyPem);
    expect(again.publicKeyPem.trim()).toBe(pair.publicKeyPem.trim());
    expect(again.publicKeyJwk.kid).toBe(pair.publicKeyJwk.kid);
  });

  it('refuses a key it cannot read with a configuration error', () => {
    expect(() => algorithmOfPrivateKey('-----BEGIN PRIVATE KEY-----\nnope\n-----END PRIVATE KEY-----')).toThrow(
      IntakeError,
    );
  });
});
