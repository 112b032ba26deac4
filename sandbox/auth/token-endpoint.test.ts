import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { SignJWT, decodeJwt, importPKCS8 } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_ASSERTION_TYPE, TokenErrorResponseSchema, TokenResponseSchema } from '../../shared/platform/token';
import { startHarness, type SandboxHarness } from '../test-support/sandbox-harness';

const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' });
const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (k: typeof ec.publicKey) => k.export({ type: 'spki', format: 'pem' }).toString();
const pkcs8 = (k: typeof ec.privateKey) => k.export({ type: 'pkcs8', format: 'pem' }).toString();
const ROTATING_SECRETS = ['old-secret', 'new secret: with + reserved & ünïcode'];

let h: SandboxHarness;
let tokenEndpoint: string;

beforeAll(async () => {
  h = await startHarness({
    tokenLifetimeSeconds: 120,
    clients: [
      {
        clientId: 'intake-desk-demo',
        secret: 'sandbox-demo-secret',
        scopes: ['case_integration', 'events', 'scim:read', 'scim:write'],
      },
      { clientId: 'rotating', secrets: ROTATING_SECRETS, scopes: ['case_integration'] },
      { clientId: 'ec-client', publicKeyPem: pem(ec.publicKey), scopes: ['case_integration', 'events'] },
      { clientId: 'rsa-client', publicKeyPem: pem(rsa.publicKey), scopes: ['case_integration'] },
      { clientId: 'no-scopes', secret: 's', scopes: [] },
    ],
  });
  tokenEndpoint = `${h.sandbox.tokenUrl}/connect/token`;
});
afterAll(() => h.stop());

const post = (form: Record<string, string>, headers: Record<string, string> = {}) =>
  fetch(tokenEndpoint, { method: 'POST', body: new URLSearchParams(form), headers });
const basic = (id: string, secret: string) => {
  const enc = (s: string) => encodeURIComponent(s).replace(/%20/g, '+');
  return `Basic ${Buffer.from(`${enc(id)}:${enc(secret)}`).toString('base64')}`;
};
async function expectError(res: Response, status: number, error: string): Promise<void> {
  expect(res.status).toBe(status);
  const body = TokenErrorResponseSchema.parse(await res.json());
  expect(body.error).toBe(error);
}

async function assertion(
  clientId: string,
  key: string,
  alg: string,
  claims: { aud?: string; iss?: string; exp?: number; jti?: string } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg, typ: 'client-authentication+jwt' })
    .setIssuer(claims.iss ?? clientId)
    .setSubject(clientId)
    .setAudience(claims.aud ?? tokenEndpoint)
    .setIssuedAt(now)
    .setExpirationTime(claims.exp ?? now + 60)
    .setJti(claims.jti ?? randomUUID())
    .sign(await importPKCS8(key, alg));
}
const assertionForm = (clientId: string, jwt: string) => ({
  grant_type: 'client_credentials',
  client_id: clientId,
  client_assertion_type: CLIENT_ASSERTION_TYPE,
  client_assertion: jwt,
});

describe('client secret', () => {
  it('issues a bearer JWT with the configured lifetime and all scopes when none is requested', async () => {
    const res = await post({
      grant_type: 'client_credentials',
      client_id: 'intake-desk-demo',
      client_secret: 'sandbox-demo-secret',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = TokenResponseSchema.parse(await res.json());
    expect(body.expires_in).toBe(120);
    expect(body.scope?.split(' ').sort()).toEqual(['case_integration', 'events', 'scim:read', 'scim:write']);
    const claims = decodeJwt(body.access_token);
    expect(claims.sub).toBe('intake-desk-demo');
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(120);
  });

  it('narrows to the requested scopes', async () => {
    const res = await post({
      grant_type: 'client_credentials',
      client_id: 'intake-desk-demo',
      client_secret: 'sandbox-demo-secret',
      scope: 'events',
    });
    expect(((await res.json()) as { scope: string }).scope).toBe('events');
  });

  it('accepts every active secret, including via HTTP Basic with form-urlencoded reserved and non-ASCII characters', async () => {
    for (const secret of ROTATING_SECRETS) {
      expect(
        (await post({ grant_type: 'client_credentials', client_id: 'rotating', client_secret: secret })).status,
      ).toBe(200);
      expect(
        (await post({ grant_type: 'client_credentials' }, { Authorization: basic('rotating', secret) })).status,
      ).toBe(200);
    }
  });

  it('answers a wrong secret with 400 invalid_client, or 401 + WWW-Authenticate: Basic when Basic was used', async () => {
    await expectError(
      await post({ grant_type: 'client_credentials', client_id: 'rotating', client_secret: 'nope' }),
      400,
      'invalid_client',
    );
    await expectError(
      await post({ grant_type: 'client_credentials', client_id: 'ghost', client_secret: 'nope' }),
      400,
      'invalid_client',
    );
    const res = await post({ grant_type: 'client_credentials' }, { Authorization: basic('rotating', 'nope') });
    expect(res.headers.get('www-authenticate')).toMatch(/^Basic /);
    await expectError(res, 401, 'invalid_client');
  });

  it('rejects malformed requests with the RFC 6749 §5.2 codes', async () => {
    await expectError(await post({ client_id: 'rotating', client_secret: 'old-secret' }), 400, 'invalid_request');
    await expectError(
      await post({ grant_type: 'password', client_id: 'rotating', client_secret: 'old-secret' }),
      400,
      'unsupported_grant_type',
    );
    await expectError(
      await post({
        grant_type: 'client_credentials',
        client_id: 'rotating',
        client_secret: 'old-secret',
        scope: 'events',
      }),
      400,
      'invalid_scope',
    );
    await expectError(
      await post({
        grant_type: 'client_credentials',
        client_id: 'rotating',
        client_secret: 'old-secret',
        scope: 'admin',
      }),
      400,
      'invalid_scope',
    );
    await expectError(
      await post(
        { grant_type: 'client_credentials', client_id: 'rotating', client_secret: 'old-secret' },
        { Authorization: basic('rotating', 'old-secret') },
      ),
      400,
      'invalid_request',
    );
    await expectError(
      await post({ grant_type: 'client_credentials', client_id: 'no-scopes', client_secret: 's' }),
      400,
      'unauthorized_client',
    );
    await expectError(await post({ grant_type: 'client_credentials' }), 400, 'invalid_client');
    const json = await fetch(tokenEndpoint, {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    await expectError(json, 400, 'invalid_request');
  });
});

describe('certificate assertion (RFC 7523)', () => {
  it('accepts ES256, RS256 and PS256 assertions for the token endpoint or the base URL as audience', async () => {
    const ecKey = pkcs8(ec.privateKey);
    const rsaKey = pkcs8(rsa.privateKey);
    for (const form of [
      assertionForm('ec-client', await assertion('ec-client', ecKey, 'ES256')),
      assertionForm('ec-client', await assertion('ec-client', ecKey, 'ES256', { aud: h.sandbox.baseUrl })),
      assertionForm('rsa-client', await assertion('rsa-client', rsaKey, 'RS256')),
      assertionForm('rsa-client', await assertion('rsa-client', rsaKey, 'PS256')),
    ]) {
      const res = await post(form);
      expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
      TokenResponseSchema.parse(await res.json());
    }
  });

  it('refuses a replayed jti', async () => {
    const jwt = await assertion('ec-client', pkcs8(ec.privateKey), 'ES256');
    expect((await post(assertionForm('ec-client', jwt))).status).toBe(200);
    await expectError(await post(assertionForm('ec-client', jwt)), 400, 'invalid_client');
  });

  it('refuses wrong key, audience, issuer, expiry too far ahead, expired, and a wrong assertion type', async () => {
    const ecKey = pkcs8(ec.privateKey);
    const now = Math.floor(Date.now() / 1000);
    const bad = [
      assertionForm(
        'ec-client',
        await assertion('ec-client', pkcs8(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey), 'ES256'),
      ),
      assertionForm(
        'ec-client',
        await assertion('ec-client', ecKey, 'ES256', { aud: 'https://elsewhere.invalid/connect/token' }),
      ),
      assertionForm('ec-client', await assertion('ec-client', ecKey, 'ES256', { iss: 'rsa-client' })),
      assertionForm('ec-client', await assertion('ec-client', ecKey, 'ES256', { exp: now + 3600 })),
      assertionForm('ec-client', await assertion('ec-client', ecKey, 'ES256', { exp: now - 120 })),
      assertionForm('rsa-client', await assertion('ec-client', ecKey, 'ES256')),
      assertionForm('ec-client', 'not-a-jwt'),
    ];
    for (const form of bad) await expectError(await post(form), 400, 'invalid_client');
    const wrongType = {
      ...assertionForm('ec-client', await assertion('ec-client', ecKey, 'ES256')),
      client_assertion_type: 'urn:other',
    };
    await expectError(await post(wrongType), 400, 'invalid_request');
  });
});
