import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import type { Socket } from 'node:net';
import { createProxy } from 'proxy';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { IntakeError } from '../errors';
import { startConnectionHarness } from '../platform/test-support/connection-harness';
import type { ConnectionHarness } from '../platform/test-support/connection-harness';
import { createNodeFetch, disableEnvProxy } from './node-fetch';

const PROXY_USER = 'scanner';
const PROXY_PASSWORD = 'Pässwort-42';

let h: ConnectionHarness;
const servers: Server[] = [];
let proxyPort: number;
const tunnels: string[] = [];

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function basicAuthOk(req: IncomingMessage): boolean {
  const header = req.headers['proxy-authorization'] ?? '';
  const expected = `Basic ${Buffer.from(`${PROXY_USER}:${PROXY_PASSWORD}`).toString('base64')}`;
  return header === expected;
}

beforeAll(async () => {
  h = await startConnectionHarness();
  // The `proxy` package (a Squid-like proxy no one here wrote), with Basic authentication.
  const proxy = createProxy(createServer());
  proxy.authenticate = (req) => basicAuthOk(req);
  proxy.on('connect', (req: IncomingMessage) => tunnels.push(req.url ?? ''));
  proxyPort = await listen(proxy);
});
afterEach(() => {
  disableEnvProxy();
  tunnels.length = 0;
});
afterAll(async () => {
  disableEnvProxy();
  await h.stop();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

function proxyUrl(password: string): string {
  return `http://${PROXY_USER}:${encodeURIComponent(password)}@127.0.0.1:${proxyPort}`;
}

async function tokenError(fetchViaProxy: ReturnType<typeof createNodeFetch>): Promise<IntakeError> {
  const { tokens } = h.connect({ fetch: fetchViaProxy });
  try {
    await tokens.getToken();
  } catch (e) {
    expect(tokens.configurationError).toBeUndefined(); // not remembered: the fix is outside the app's settings
    if (e instanceof IntakeError) return e;
    throw e;
  }
  throw new Error('expected the token request to fail');
}

describe('token requests through a proxy', () => {
  it('the right proxy password: the token comes through the tunnel', async () => {
    const viaProxy = createNodeFetch({ HTTP_PROXY: proxyUrl(PROXY_PASSWORD), NO_PROXY: '' });
    const { tokens } = h.connect({ fetch: viaProxy });
    await expect(tokens.getToken()).resolves.toBeTruthy();
    expect(tunnels).toContain(new URL(h.sandbox.tokenUrl).host);
  });

  it('a wrong proxy password (407) is the configuration error network.proxy_auth, not a lost connection', async () => {
    const viaProxy = createNodeFetch({ HTTP_PROXY: proxyUrl('wrong-password'), NO_PROXY: '' });
    const e = await tokenError(viaProxy);
    expect(e.code).toBe('network.proxy_auth');
    expect(e.kind).toBe('configuration');
    expect(e.message).toContain('407');
    expect(e.message).toContain('HTTPS_PROXY');
    expect(e.message).not.toContain('wrong-password');
  });

  it('no proxy password at all (407) is network.proxy_auth too', async () => {
    const viaProxy = createNodeFetch({ HTTP_PROXY: `http://127.0.0.1:${proxyPort}`, NO_PROXY: '' });
    expect((await tokenError(viaProxy)).code).toBe('network.proxy_auth');
  });

  it('a proxy that allows CONNECT only to port 443 (403) is network.proxy_refused, with the reason', async () => {
    const only443 = createServer();
    only443.on('connect', (req: IncomingMessage, socket: Socket) => {
      tunnels.push(req.url ?? '');
      socket.end('HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n');
    });
    const port = await listen(only443);
    const viaProxy = createNodeFetch({ HTTP_PROXY: `http://127.0.0.1:${port}`, NO_PROXY: '' });
    const e = await tokenError(viaProxy);
    expect(e.code).toBe('network.proxy_refused');
    expect(e.kind).toBe('configuration');
    expect(e.message).toContain('403');
    expect(e.message).toContain('CONNECT');
    // Node tunnels even an http:// target with CONNECT (here to the sandbox's plain-HTTP port).
    expect(tunnels).toEqual([new URL(h.sandbox.tokenUrl).host]);
  });

  it('a proxy that cannot reach the target (502) leaves it unreachable, to be retried', async () => {
    const badGateway = createServer();
    badGateway.on('connect', (_req: IncomingMessage, socket: Socket) =>
      socket.end('HTTP/1.1 502 Bad Gateway\r\nContent-Length: 0\r\n\r\n'),
    );
    const port = await listen(badGateway);
    const viaProxy = createNodeFetch({ HTTP_PROXY: `http://127.0.0.1:${port}`, NO_PROXY: '' });
    const e = await tokenError(viaProxy);
    expect(e.kind).toBe('unreachable');
    expect(e.code).toBe('auth.token_endpoint_unreachable');
    expect(e.message).toContain('502');
  });
});
