import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:net';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejection } from '../test-support/rejection';
import { startConnectionHarness } from '../platform/test-support/connection-harness';
import type { ConnectionHarness } from '../platform/test-support/connection-harness';
import type { Clock } from '../util/clock';
import { systemClock } from '../util/clock';
import { JsonLineLogger } from '../util/logger';
import { generateClientKeyPair } from './key-pair';
import { refreshMarginMs, TokenClient } from './token-client';

const KEY_CLIENT = 'intake-desk-key';
let h: ConnectionHarness;
let keyPair: Awaited<ReturnType<typeof generateClientKeyPair>>;
let rsaKeyPair: Awaited<ReturnType<typeof generateClientKeyPair>>;
let pssKeyPair: Awaited<ReturnType<typeof generateClientKeyPair>>;

beforeAll(async () => {
  keyPair = await generateClientKeyPair('ES256');
  rsaKeyPair = await generateClientKeyPair('RS256');
  pssKeyPair = await generateClientKeyPair('PS256');
  h = await startConnectionHarness({
    clients: [
      { clientId: 'intake-desk-demo', secret: 'sandbox-demo-secret', scopes: ['case_integration', 'events'] },
      { clientId: KEY_CLIENT, publicKeyPem: keyPair.publicKeyPem, scopes: ['case_integration'] },
      { clientId: 'intake-desk-rsa', publicKeyPem: rsaKeyPair.publicKeyPem, scopes: ['case_integration'] },
      { clientId: 'intake-desk-pss', publicKeyPem: pssKeyPair.publicKeyPem, scopes: ['case_integration'] },
      { clientId: 'no-scopes', secret: 'x', scopes: [] },
    ],
  });
});
afterAll(() => h.stop());

/** Counts token requests the app sent, through the HTTP layer it was given. */
function countingFetch(): { fetch: typeof fetch; tokenRequests: () => number; bodies: string[] } {
  const bodies: string[] = [];
  return {
    bodies,
    tokenRequests: () => bodies.length,
    fetch: (async (url: string, init: RequestInit) => {
      if (String(url).endsWith('/connect/token')) bodies.push(String(init.body));
      return fetch(url, init);
    }) as typeof fetch,
  };
}

describe('token cache', () => {
  it('refresh margin is 60 s or 10 % of the lifetime, whichever is smaller', () => {
    expect(refreshMarginMs(3_600_000)).toBe(60_000);
    expect(refreshMarginMs(120_000)).toBe(12_000);
  });

  it('N concurrent calls share ONE token request (single flight) and later calls reuse the token', async () => {
    const before = (await h.stats()).tokenRequests;
    const { api } = h.connect();
    await Promise.all(Array.from({ length: 8 }, () => api.getClaimFiles('1001')));
    await api.getClaimInformation('1001');
    expect((await h.stats()).tokenRequests - before).toBe(1);
  });

  it('renews shortly before expiry, not on every call', async () => {
    let now = Date.now();
    const clock: Clock = { now: () => now, sleep: systemClock.sleep };
    const counter = countingFetch();
    const { tokens } = h.connect({ clock, fetch: counter.fetch });
    const first = await tokens.getToken();
    now += 3_600_000 - 61_000; // sandbox tokens live 3600 s; still outside the 60 s margin
    expect(await tokens.getToken()).toBe(first);
    expect(counter.tokenRequests()).toBe(1);
    now += 2_000; // inside the margin
    await tokens.getToken();
    expect(counter.tokenRequests()).toBe(2);
  });
});

describe('client secret', () => {
  it('sends grant_type, client_id, client_secret and the scopes', async () => {
    const counter = countingFetch();
    const { tokens } = h.connect({ fetch: counter.fetch });
    await tokens.getToken();
    const form = new URLSearchParams(counter.bodies[0]);
    expect(form.get('grant_type')).toBe('client_credentials');
    expect(form.get('client_id')).toBe('intake-desk-demo');
    expect(form.get('client_secret')).toBe('sandbox-demo-secret');
    expect(form.get('scope')).toBe('case_integration events');
  });

  it('a wrong secret is a configuration error that is remembered, not retried, until credentials change', async () => {
    const env = { id: 'wrong-secret', clientId: 'intake-desk-demo' };
    await h.credentials.setClientSecret(
      { environmentId: env.id, clientId: env.clientId, tokenUrl: h.sandbox.tokenUrl },
      'not-the-secret',
    );
    const counter = countingFetch();
    const { tokens, api } = h.connect({ environment: env, fetch: counter.fetch });
    const e = await rejection(api.getClaimFiles('1001'));
    expect(e.kind).toBe('configuration');
    expect(e.code).toBe('auth.invalid_client');
    expect(e.message).toContain('client secret is wrong');
    expect(e.status).toBe(400);
    expect(tokens.configurationError?.code).toBe('auth.invalid_client');
    // Remembered: further calls fail without asking the token endpoint again.
    expect((await rejection(api.getClaimFiles('1001'))).code).toBe('auth.invalid_client');
    expect(counter.tokenRequests()).toBe(1);
    // Replacing the secret clears the failure.
    await h.credentials.setClientSecret(
      { environmentId: env.id, clientId: env.clientId, tokenUrl: h.sandbox.tokenUrl },
      'sandbox-demo-secret',
    );
    expect(tokens.configurationError).toBeUndefined();
    await expect(api.getClaimFiles('1001')).resolves.toBeTruthy();
    expect(counter.tokenRequests()).toBe(2);
  });

  it('a missing secret says so before any request', async () => {
    const counter = countingFetch();
    const { api } = h.connect({ environment: { id: 'no-secret' }, fetch: counter.fetch });
    const e = await rejection(api.getClaimFiles('1001'));
    expect(e.code).toBe('auth.missing_secret');
    expect(counter.tokenRequests()).toBe(0);
  });

  it('an unknown or ungranted scope is invalid_scope; a client without the grant is unauthorized_client', async () => {
    const scope = await rejection(h.connect({ environment: { scopes: ['scim:write'] } }).tokens.getToken());
    expect(scope.code).toBe('auth.invalid_scope');
    expect(scope.kind).toBe('configuration');
    await h.credentials.setClientSecret(
      { environmentId: 'noscopes', clientId: 'no-scopes', tokenUrl: h.sandbox.tokenUrl },
      'x',
    );
    const unauthorized = await rejection(
      h.connect({ environment: { id: 'noscopes', clientId: 'no-scopes' } }).tokens.getToken(),
    );
    expect(unauthorized.code).toBe('auth.unauthorized_client');
  });

  it('an unreachable token endpoint is kind unreachable and not remembered', async () => {
    const port = await closedPort();
    const tokenUrl = `http://127.0.0.1:${port}`;
    await h.credentials.setClientSecret(h.credentialRef({ tokenUrl }), 'sandbox-demo-secret');
    const { tokens } = h.connect({ environment: { tokenUrl } });
    const e = await rejection(tokens.getToken());
    expect(e.kind).toBe('unreachable');
    expect(e.code).toBe('auth.token_endpoint_unreachable');
    expect(tokens.configurationError).toBeUndefined();
  });
});

describe('expired and revoked tokens', () => {
  it('retries ONCE with a fresh token when the platform answers 401 invalid_token', async () => {
    const counter = countingFetch();
    const { api } = h.connect({ fetch: counter.fetch });
    await api.getClaimFiles('1001');
    h.faults({ expireTokens: true });
    await expect(api.getClaimFiles('1001')).resolves.toBeTruthy();
    expect(counter.tokenRequests()).toBe(2);
    h.sandbox.clearFaults();
  });

  it('a revoked client fails with a configuration error after one retry, not a loop', async () => {
    await h.credentials.setClientSecret(
      { environmentId: 'revoked', clientId: 'intake-desk-demo', tokenUrl: h.sandbox.tokenUrl },
      'sandbox-demo-secret',
    );
    const counter = countingFetch();
    const { api } = h.connect({ environment: { id: 'revoked' }, fetch: counter.fetch });
    await api.getClaimFiles('1001');
    h.faults({ revokeClient: 'intake-desk-demo' });
    try {
      const e = await rejection(api.getClaimFiles('1001'));
      expect(e.kind).toBe('configuration');
      expect(e.code).toBe('auth.invalid_client');
      expect(counter.tokenRequests()).toBe(2);
    } finally {
      h.sandbox.clearFaults();
    }
  });
});

describe('private_key_jwt', () => {
  it('signs a fresh assertion per request and gets a token with the registered key (ES256, RS256 and PS256)', async () => {
    for (const [clientId, pair] of [
      [KEY_CLIENT, keyPair],
      ['intake-desk-rsa', rsaKeyPair],
      ['intake-desk-pss', pssKeyPair],
    ] as const) {
      const ref = { environmentId: `jwt-${clientId}`, clientId, tokenUrl: h.sandbox.tokenUrl };
      await h.credentials.setPrivateKey(ref, pair.privateKeyPem);
      const counter = countingFetch();
      const { tokens, api } = h.connect({
        environment: { id: ref.environmentId, clientId, authMethod: 'private_key_jwt', scopes: ['case_integration'] },
        fetch: counter.fetch,
      });
      await expect(api.getClaimFiles('1001')).resolves.toBeTruthy();
      tokens.reset();
      await tokens.getToken();
      const [a, b] = counter.bodies.map((body) => new URLSearchParams(body));
      expect(a?.get('client_assertion_type')).toBe('urn:ietf:params:oauth:client-assertion-type:jwt-bearer');
      expect(a?.get('client_secret')).toBeNull();
      const jwt = decodeJwt(a?.get('client_assertion') ?? '');
      expect(jwt.iss).toBe(clientId);
      expect(jwt.sub).toBe(clientId);
      expect(jwt.aud).toBe(`${h.sandbox.tokenUrl}/connect/token`);
      expect((jwt.exp ?? 0) - (jwt.iat ?? 0)).toBe(60);
      expect(decodeProtectedHeader(a?.get('client_assertion') ?? '')).toMatchObject({
        typ: 'client-authentication+jwt',
        alg: pair.algorithm,
      });
      expect(decodeJwt(b?.get('client_assertion') ?? '').jti).not.toBe(jwt.jti);
    }
  });

  it('an unregistered key is invalid_client with advice to register the public key', async () => {
    const other = await generateClientKeyPair();
    const ref = { environmentId: 'jwt-other', clientId: KEY_CLIENT, tokenUrl: h.sandbox.tokenUrl };
    await h.credentials.setPrivateKey(ref, other.privateKeyPem);
    const e = await rejection(
      h
        .connect({
          environment: { id: ref.environmentId, clientId: KEY_CLIENT, authMethod: 'private_key_jwt', scopes: [] },
        })
        .tokens.getToken(),
    );
    expect(e.code).toBe('auth.invalid_client');
    expect(e.message).toContain('register');
  });

  it('a clock 10 minutes ahead is reported as clock skew, comparing with the server Date header', async () => {
    const ref = { environmentId: `jwt-skew`, clientId: KEY_CLIENT, tokenUrl: h.sandbox.tokenUrl };
    await h.credentials.setPrivateKey(ref, keyPair.privateKeyPem);
    const clock: Clock = { now: () => Date.now() + 600_000, sleep: systemClock.sleep };
    const e = await rejection(
      h
        .connect({
          clock,
          environment: { id: ref.environmentId, clientId: KEY_CLIENT, authMethod: 'private_key_jwt', scopes: [] },
        })
        .tokens.getToken(),
    );
    expect(e.code).toBe('auth.clock_skew');
    expect(e.message).toMatch(/clock is (599|600|601) s ahead/);
  });
});

describe('callers that go away', () => {
  it('a caller stopped already starts no request; one whose callers all went away fails without an unhandled rejection', async () => {
    const port = await closedPort();
    const tokenUrl = `http://127.0.0.1:${port}`;
    await h.credentials.setClientSecret(h.credentialRef({ tokenUrl }), 'sandbox-demo-secret');
    let secretsRead = 0;
    const lines: string[] = [];
    const tokens = new TokenClient({
      environment: h.environment({ tokenUrl }),
      credentials: {
        getClientSecret: (ref) => {
          secretsRead++;
          return h.credentials.getClientSecret(ref);
        },
        getPrivateKey: (ref) => h.credentials.getPrivateKey(ref),
        subscribe: (listener) => h.credentials.subscribe(listener),
      },
      fetch: (url, init) => fetch(url, init),
      clock: systemClock,
      logger: new JsonLineLogger((line) => lines.push(line)),
    });
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    try {
      // An upload stopped before it asked: cancelled, and no request begun (it ended the agent when that
      // request failed with nobody waiting for it).
      const stopped = new AbortController();
      stopped.abort();
      expect((await rejection(tokens.getToken(stopped.signal))).code).toBe('request.cancelled');
      expect(secretsRead).toBe(0);
      // An upload stopped while its request runs: cancelled at once; the request fails later, unwaited for.
      const stopping = new AbortController();
      const asked = tokens.getToken(stopping.signal);
      stopping.abort();
      expect((await rejection(asked)).code).toBe('request.cancelled');
      await expect.poll(() => lines.filter((l) => l.includes('token request failed')).length).toBe(1);
      await new Promise((r) => setImmediate(r));
      expect(unhandled).toEqual([]);
      expect(secretsRead).toBe(1);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      tokens.dispose();
    }
  });
});

describe('internal failures', () => {
  it('an unexpected error is auth.internal and its cause is logged, without the key', async () => {
    // A 512-bit RSA-PSS key is read fine but cannot hold a PS256 signature (SHA-256 + 32-byte salt).
    const { privateKey } = generateKeyPairSync('rsa-pss', { modulusLength: 512 });
    const pem = String(privateKey.export({ type: 'pkcs8', format: 'pem' }));
    const lines: string[] = [];
    const ref = { environmentId: 'jwt-internal', clientId: 'intake-desk-pss', tokenUrl: h.sandbox.tokenUrl };
    await h.credentials.setPrivateKey(ref, pem);
    const tokens = new TokenClient({
      environment: h.environment({ ...ref, id: ref.environmentId, authMethod: 'private_key_jwt' }),
      credentials: h.credentials,
      fetch: (url, init) => fetch(url, init),
      clock: systemClock,
      logger: new JsonLineLogger((line) => lines.push(line), 'debug'),
    });
    const e = await rejection(tokens.getToken());
    expect(e.code).toBe('auth.internal');
    const logged = lines.join('\n');
    expect(logged).toContain('ERR_OSSL_RSA_DATA_TOO_LARGE_FOR_KEY_SIZE');
    expect(logged).toContain('data too large for key size');
    const body = pem.split('\n')[1] ?? '';
    expect(body.length).toBeGreaterThan(20);
    expect(logged).not.toContain(body.slice(0, 20));
    tokens.dispose();
  });
});

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}
