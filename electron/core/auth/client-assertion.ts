import { randomUUID } from 'node:crypto';
import { importPKCS8, SignJWT } from 'jose';
import { algorithmOfPrivateKey, publicKeyOf } from './key-pair';

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
}

/** A freshly signed private_key_jwt for ONE token request: iss = sub = client id, unique jti. */
export async function signClientAssertion(input: AssertionInput): Promise<string> {
  const alg = algorithmOfPrivateKey(input.privateKeyPem);
  const key = await importPKCS8(input.privateKeyPem, alg);
  const { publicKeyJwk } = await publicKeyOf(input.privateKeyPem);
  const iat = Math.floor(input.nowMs / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg, typ: ASSERTION_TYP, ...(publicKeyJwk.kid ? { kid: publicKeyJwk.kid } : {}) })
    .setIssuer(input.clientId)
    .setSubject(input.clientId)
    .setAudience(input.audience)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setNotBefore(iat)
    .setExpirationTime(iat + ASSERTION_LIFETIME_SECONDS)
    .sign(key);
}
