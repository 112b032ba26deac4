import { decodeJwt, jwtVerify } from 'jose';
import type { ClientRegistry, RegisteredClient } from './client-registry';

/** Clock skew we forgive on exp/nbf/iat of a client assertion (seconds). */
export const ASSERTION_CLOCK_SKEW_SECONDS = 30;
/** An assertion may not live longer than this (RFC 7523 asks for "short-lived"). */
export const ASSERTION_MAX_LIFETIME_SECONDS = 300;
const ALGORITHMS = ['RS256', 'PS256', 'ES256'];

export type AssertionResult = { ok: true; client: RegisteredClient } | { ok: false; description: string };

/**
 * RFC 7523 client authentication: signature against the registered public key, iss = sub = client_id,
 * aud = token endpoint (or the issuer/base URL), exp not too far ahead, jti never replayed.
 */
export class ClientAssertionVerifier {
  /** jti → expiry (ms). Entries leave once their assertion could no longer be accepted anyway. */
  private readonly seenJti = new Map<string, number>();

  constructor(
    private readonly clients: ClientRegistry,
    private readonly audiences: string[],
    private readonly now: () => number,
  ) {}

  async verify(assertion: string, formClientId: string | undefined): Promise<AssertionResult> {
    let unverifiedIss: unknown;
    try {
      unverifiedIss = decodeJwt(assertion).iss;
    } catch {
      return { ok: false, description: 'client_assertion is not a JWT' };
    }
    const clientId = formClientId ?? (typeof unverifiedIss === 'string' ? unverifiedIss : undefined);
    if (clientId === undefined) return { ok: false, description: 'client_id missing' };
    const client = this.clients.get(clientId);
    if (!client?.publicKey) return { ok: false, description: 'unknown client or no registered key' };

    const nowMs = this.now();
    let payload;
    try {
      ({ payload } = await jwtVerify(assertion, client.publicKey, {
        algorithms: ALGORITHMS,
        issuer: clientId,
        subject: clientId,
        audience: this.audiences,
        clockTolerance: ASSERTION_CLOCK_SKEW_SECONDS,
        currentDate: new Date(nowMs),
        requiredClaims: ['exp', 'jti'],
      }));
    } catch (e) {
      return { ok: false, description: `client_assertion rejected: ${(e as Error).message}` };
    }
    const exp = payload.exp ?? 0;
    const nowSec = Math.floor(nowMs / 1000);
    if (exp - nowSec > ASSERTION_MAX_LIFETIME_SECONDS + ASSERTION_CLOCK_SKEW_SECONDS) {
      return { ok: false, description: `client_assertion exp is more than ${ASSERTION_MAX_LIFETIME_SECONDS} s ahead` };
    }
    const jti = payload.jti ?? '';
    this.forgetExpired(nowMs);
    if (this.seenJti.has(`${clientId}\u0000${jti}`)) return { ok: false, description: 'client_assertion jti replayed' };
    this.seenJti.set(`${clientId}\u0000${jti}`, (exp + ASSERTION_CLOCK_SKEW_SECONDS) * 1000);
    return { ok: true, client };
  }

  private forgetExpired(nowMs: number): void {
    for (const [key, expiry] of this.seenJti) if (expiry < nowMs) this.seenJti.delete(key);
  }
}
