import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SignJWT, jwtVerify } from 'jose';
import type { Scope } from '../../shared/platform/token';
import { SCOPES } from '../../shared/platform/token';

export interface AccessTokenClaims {
  clientId: string;
  scopes: Scope[];
}

/**
 * HS256 access tokens. The key lives in the data dir so a sandbox restart keeps issued tokens valid,
 * like a real platform's. `generation` lets the expireTokens fault invalidate every token issued so far.
 */
export class AccessTokens {
  private readonly key: Uint8Array;
  private generation = 0;
  private readonly revokedClients = new Set<string>();

  constructor(
    dataDir: string,
    private readonly issuer: string,
    private readonly lifetimeSeconds: number,
    private readonly now: () => number,
  ) {
    const keyFile = join(dataDir, 'token-signing.key');
    if (!existsSync(keyFile)) writeFileSync(keyFile, randomBytes(32), { mode: 0o600 });
    this.key = new Uint8Array(readFileSync(keyFile));
  }

  get expiresIn(): number {
    return this.lifetimeSeconds;
  }

  async issue(clientId: string, scopes: Scope[]): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({ scope: scopes.join(' '), client_id: clientId, gen: this.generation })
      .setProtectedHeader({ alg: 'HS256', typ: 'at+jwt' })
      .setIssuer(this.issuer)
      .setSubject(clientId)
      .setAudience('claim-handling-api')
      .setIssuedAt(iat)
      .setExpirationTime(iat + this.lifetimeSeconds)
      .setJti(randomUUID())
      .sign(this.key);
  }

  /** Undefined for garbage, expired, revoked or pre-`expireAll` tokens (all are RFC 6750 invalid_token). */
  async verify(token: string): Promise<AccessTokenClaims | undefined> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: this.issuer,
        audience: 'claim-handling-api',
        algorithms: ['HS256'],
        currentDate: new Date(this.now()),
      });
      const clientId = payload.sub;
      if (typeof clientId !== 'string' || this.revokedClients.has(clientId)) return undefined;
      if (payload['gen'] !== this.generation) return undefined;
      const scopeText = typeof payload['scope'] === 'string' ? payload['scope'] : '';
      const scopes = scopeText.split(' ').filter((s): s is Scope => (SCOPES as readonly string[]).includes(s));
      return { clientId, scopes };
    } catch {
      return undefined;
    }
  }

  expireAll(): void {
    this.generation += 1;
  }

  revokeClient(clientId: string): void {
    this.revokedClients.add(clientId);
  }

  isRevoked(clientId: string): boolean {
    return this.revokedClients.has(clientId);
  }

  clearRevocations(): void {
    this.revokedClients.clear();
  }
}
