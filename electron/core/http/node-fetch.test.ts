import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { connect } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createNodeFetch, disableEnvProxy, needsProxySetup } from './node-fetch';

const servers: Server[] = [];
afterAll(async () => {
  disableEnvProxy();
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
});

async function listen(server: Server): Promise<number> {
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

describe('Node fetch with proxy variables', () => {
  it('needs setup only when a proxy is named and NODE_USE_ENV_PROXY is not already on', () => {
    expect(needsProxySetup({})).toBe(false);
    expect(needsProxySetup({ HTTPS_PROXY: 'http://proxy:3128' })).toBe(true);
    expect(needsProxySetup({ http_proxy: 'http://proxy:3128' })).toBe(true);
    expect(needsProxySetup({ HTTPS_PROXY: 'http://proxy:3128', NODE_USE_ENV_PROXY: '1' })).toBe(false);
  });

  it('sends requests through HTTP_PROXY (a real CONNECT proxy)', async () => {
    const target = createServer((_req, res) => res.end('hello from target'));
    const targetPort = await listen(target);
    const tunnels: string[] = [];
    const proxy = createServer((_req, res) => {
      res.statusCode = 502;
      res.end();
    });
    proxy.on('connect', (req, client, head) => {
      tunnels.push(req.url ?? '');
      // Every tunnel goes to 127.0.0.1, so a host name that does not resolve still reaches the target.
      const port = Number((req.url ?? '').split(':')[1]);
      const upstream = connect(port, '127.0.0.1', () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', () => client.destroy());
    });
    const proxyPort = await listen(proxy);
    // Process-wide until disableEnvProxy() in afterAll.
    const fetchViaEnv = createNodeFetch({ HTTP_PROXY: `http://127.0.0.1:${proxyPort}`, NO_PROXY: '' });
    // target.invalid cannot resolve (RFC 6761): an answer proves the request went through the proxy.
    const res = await fetchViaEnv(`http://target.invalid:${targetPort}/`, { signal: AbortSignal.timeout(10_000) });
    expect(await res.text()).toBe('hello from target');
    expect(tunnels).toEqual([`target.invalid:${targetPort}`]);
  });
});
