import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import type { Environment } from '../../../shared/domain/settings';
import { IntakeError } from '../errors';
import { MemorySecretStore } from '../platform/test-support/connection-harness';
import { CredentialStore } from '../secrets/credential-store';
import type { CredentialRef, CredentialSource } from '../secrets/credential-store';
import { LOCAL_SANDBOX_ENVIRONMENT } from '../settings/default-environment';
import { systemClock } from '../util/clock';
import { silentLogger } from '../util/logger';
import { TokenClient } from './token-client';

// Where the client secret may go: only over https (http to this machine), only to the origin it was
// entered for, never along a redirect. Real HTTP servers on loopback stand in for the platform and for
// whoever would like to receive the secret.

interface Listener {
  url: string;
  requests: { method: string; url: string; body: string }[];
  server: Server;
}
const open: Server[] = [];
afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => new Promise((r) => s.close(r))));
});

async function listen(answer: (req: IncomingMessage, res: ServerResponse) => void): Promise<Listener> {
  const requests: Listener['requests'] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', body });
      answer(req, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  open.push(server);
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}`, requests, server };
}

const tokenAnswer = (_req: IncomingMessage, res: ServerResponse) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ access_token: 'tok', expires_in: 3600, token_type: 'Bearer' }));
};

function production(tokenUrl: string): Environment {
  return {
    ...LOCAL_SANDBOX_ENVIRONMENT,
    id: 'production',
    name: 'Production',
    kind: 'production',
    baseUrl: tokenUrl,
    tokenUrl,
    clientId: 'intake-desk',
    authMethod: 'client_secret',
  };
}
const refOf = (e: Environment): CredentialRef => ({ environmentId: e.id, clientId: e.clientId, tokenUrl: e.tokenUrl });

/** Records every read of a secret, so a test can prove none happened. */
function recording(store: CredentialStore): { source: CredentialSource; reads: string[] } {
  const reads: string[] = [];
  return {
    reads,
    source: {
      getClientSecret: (ref) => (reads.push(`secret ${ref.tokenUrl}`), store.getClientSecret(ref)),
      getPrivateKey: (ref) => (reads.push(`key ${ref.tokenUrl}`), store.getPrivateKey(ref)),
      subscribe: (l) => store.subscribe(l),
    },
  };
}

async function tokenError(environment: Environment, credentials: CredentialSource): Promise<IntakeError> {
  const client = new TokenClient({
    environment,
    credentials,
    fetch: (url, init) => fetch(url, init),
    clock: systemClock,
    logger: silentLogger,
  });
  try {
    await client.getToken();
  } catch (e) {
    if (e instanceof IntakeError) return e;
    throw e;
  } finally {
    client.dispose();
  }
  throw new Error('expected the token request to be refused');
}

describe('the client secret goes only where it was meant to go', () => {
  it('the setup works: the secret reaches the token URL it was stored for', async () => {
    const platform = await listen(tokenAnswer);
    const store = new CredentialStore(new MemorySecretStore(), silentLogger);
    const env = production(platform.url);
    await store.setClientSecret(refOf(env), 's3cret');
    const client = new TokenClient({
      environment: env,
      credentials: store,
      fetch: (url, init) => fetch(url, init),
      clock: systemClock,
      logger: silentLogger,
    });
    expect(await client.getToken()).toBe('tok');
    expect(new URLSearchParams(platform.requests[0]?.body).get('client_secret')).toBe('s3cret');
  });

  it('production pointed at another listener: no secret for that origin, nothing sent (asked for again)', async () => {
    const store = new CredentialStore(new MemorySecretStore(), silentLogger);
    await store.setClientSecret(refOf(production('https://login.example.com')), 's3cret');
    const listener = await listen(tokenAnswer);
    const e = await tokenError(production(listener.url), store);
    expect(e).toMatchObject({ kind: 'configuration', code: 'auth.missing_secret' });
    expect(e.message).toContain(listener.url);
    expect(listener.requests).toEqual([]);
    expect((await store.status(refOf(production(listener.url)))).clientSecret).toBe(false);
  });

  it('an http token URL off this machine is refused before any secret is read', async () => {
    const store = new CredentialStore(new MemorySecretStore(), silentLogger);
    const env = production('http://login.example.com');
    await store.setClientSecret(refOf(env), 's3cret');
    const { source, reads } = recording(store);
    const e = await tokenError(env, source);
    expect(e).toMatchObject({ kind: 'configuration', code: 'auth.insecure_token_url' });
    expect(e.message).toContain('does not use https');
    expect(reads).toEqual([]);
  });

  for (const status of [302, 307, 308]) {
    it(`a ${status} redirect from the token endpoint is not followed: the target receives nothing`, async () => {
      const target = await listen(tokenAnswer);
      const platform = await listen((_req, res) => {
        res.writeHead(status, { location: `${target.url}/connect/token` });
        res.end();
      });
      const store = new CredentialStore(new MemorySecretStore(), silentLogger);
      const env = production(platform.url);
      await store.setClientSecret(refOf(env), 's3cret');
      const e = await tokenError(env, store);
      expect(e).toMatchObject({ kind: 'configuration', code: 'auth.token_redirect' });
      expect(platform.requests).toHaveLength(1);
      expect(target.requests).toEqual([]);
    });
  }
});
