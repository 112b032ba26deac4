import { constants, randomUUID, sign } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import type { AssertionAlgorithm } from './key-pair';
import { algorithmOfPrivateKey, PS256_SALT_LENGTH, publicKeyOf, readPrivateKey } from './key-pair';

/** Lifetime of a client assertion: long enough for a slow network, short enough to be useless if captured. */
export const ASSERTION_LIFETIME_SECONDS = 60;
/** RFC 7523 / IdentityServer: typed so it cannot be confused with an access or ID token. */
export const ASSERTION_TYP = 'client-authentication+jwt';

export interface AssertionInput {
  clientId: string;
  /** Token endpoint URL unless Environment.assertionAudience says otherwise. */
  audience: string;
  privateKeyPem: string;
  nowMs: number;
  /** Name the key in the header (`kid` = RFC 7638 thumbprint of the public key). Default: yes. */
  includeKid?: boolean;
}

/**
 * A freshly signed private_key_jwt for ONE token request: iss = sub = client id, unique jti.
 *
 * Signed with node:crypto rather than through WebCrypto (jose's importPKCS8): WebCrypto refuses
 * RSASSA-PSS keys ("Invalid key type"), so PS256 could never be signed that way. The JWS compact form is
 * three base64url parts; tests check every algorithm with jose's jwtVerify and the published JWK.
 */
export async function signClientAssertion(input: AssertionInput): Promise<string> {
  const alg = algorithmOfPrivateKey(input.privateKeyPem);
  const key = readPrivateKey(input.privateKeyPem);
  const kid = input.includeKid === false ? undefined : (await publicKeyOf(input.privateKeyPem)).publicKeyJwk.kid;
  const iat = Math.floor(input.nowMs / 1000);
  const header = { alg, typ: ASSERTION_TYP, ...(kid ? { kid } : {}) };
  const payload = {
    iss: input.clientId,
    sub: input.clientId,
    aud: input.audience,
    jti: randomUUID(),
    iat,
    nbf: iat,
    exp: iat + ASSERTION_LIFETIME_SECONDS,
  };
  const signingInput = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  return `${signingInput}.${jwsSignature(alg, key, signingInput).toString('base64url')}`;
}

function base64url(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

function jwsSignature(alg: AssertionAlgorithm, key: KeyObject, signingInput: string): Buffer {
  const data = Buffer.from(signingInput, 'ascii');
  switch (alg) {
    case 'ES256':
      // JWS wants r‖s (64 bytes), not the DER sequence node produces by default.
      return sign('sha256', data, { key, dsaEncoding: 'ieee-p1363' });
    case 'PS256':
      return sign('sha256', data, { key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: PS256_SALT_LENGTH });
    case 'RS256':
      return sign('sha256', data, { key, padding: constants.RSA_PKCS1_PADDING });
  }
}
