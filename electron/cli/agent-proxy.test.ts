import { createServer } from 'node:http';
import type { IncomingMessage, Server } from 'node:http';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createProxy } from 'proxy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox } from '../../sandbox';
import type { RunningSandbox } from '../../sandbox';
import { EXIT } from './agent-stop-reason';
import { agentEnv, runAgent } from './test-support/run-agent';

const PROXY_PASSWORD = 'right-password';
let dir: string;
let sandbox: RunningSandbox;
let proxy: Server;
let proxyPort: number;
const tunnels: string[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'intake-agent-proxy-'));
  sandbox = await startSandbox({ dataDir: join(dir, 'sandbox'), port: 0 });
  // The `proxy` package with Basic authentication, as a station's proxy.
  const p = createProxy(createServer());
  const expected = `Basic ${Buffer.from(`scanner:${PROXY_PASSWORD}`).toString('base64')}`;
  p.authenticate = (req) => req.headers['proxy-authorization'] === expected;
  p.on('connect', (req: IncomingMessage) => tunnels.push(req.url ?? ''));
  proxy = p;
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  proxyPort = (proxy.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

async function scans(name: string): Promise<string> {
  const folder = join(dir, name);
  await mkdir(folder, { recursive: true });
  await writeFile(join(folder, 'scan_0001.pdf'), '%PDF-1.4\n% a scan\n');
  return folder;
}

/**
 * `upload FILE` rather than `--once --watch`: it drains and exits the same way, and leaves out the
 * watcher, whose hand-over can make --once end before the file is queued (see the report of issue #20).
 */
function args(name: string, urls: { baseUrl: string; tokenUrl: string }, extra: string[] = []): string[] {
  return [
    'upload',
    join(dir, name, 'scan_0001.pdf'),
    '--data',
    join(dir, `data-${name}`),
    '--base-url',
    urls.baseUrl,
    '--token-url',
    urls.tokenUrl,
    '--client-id',
    sandbox.demoClient.clientId,
    '--meta',
    'CaseNumber=CLM-2026-000101',
    '--log-level',
    'warn',
    ...extra,
  ];
}

function env(proxyUrl: string, noProxy = ''): NodeJS.ProcessEnv {
  const e = agentEnv(sandbox, { NO_PROXY: noProxy });
  for (const name of ['HTTPS_PROXY', 'https_proxy', 'HTTP_PROXY', 'http_proxy', 'no_proxy', 'NODE_USE_ENV_PROXY'])
    delete e[name];
  if (proxyUrl) {
    e.HTTPS_PROXY = proxyUrl;
    e.HTTP_PROXY = proxyUrl;
  }
  return e;
}

const platform = () => ({ baseUrl: sandbox.baseUrl, tokenUrl: sandbox.tokenUrl });

describe('agent upload behind a proxy (it drains like --once)', () => {
  it('the right proxy password: uploads through the proxy, exit 0', async () => {
    await scans('proxy-ok');
    const r = await runAgent(args('proxy-ok', platform()), {
      env: env(`http://scanner:${PROXY_PASSWORD}@127.0.0.1:${proxyPort}`),
    });
    expect(r.code).toBe(EXIT.ok);
    expect(tunnels).toContain(new URL(sandbox.baseUrl).host);
  });

  it('a wrong proxy password: stops with network.proxy_auth and exit 3, in bounded time', async () => {
    await scans('proxy-407');
    const r = await runAgent(args('proxy-407', platform()), {
      env: env(`http://scanner:wrong-password@127.0.0.1:${proxyPort}`),
      timeoutMs: 40_000,
    });
    expect(r.timedOut).toBe(false);
    expect(r.code).toBe(EXIT.configuration);
    expect(r.summary).toMatchObject({ paused: true, stopped: { code: 'network.proxy_auth' } });
    const stopped = r.summary?.stopped as { message: string; action: string };
    expect(stopped.message).toContain('407');
    expect(stopped.action).toContain('HTTPS_PROXY');
    expect(r.stdout + r.stderr).not.toContain('wrong-password');
    expect(r.log.find((l) => l.message === 'uploads stopped')).toMatchObject({ code: 'network.proxy_auth' });
  });

  it('NO_PROXY leaves the platform out of reach: gives up after the tries, exit 5', async () => {
    await scans('no-proxy');
    // platform.invalid never resolves (RFC 6761); NO_PROXY sends the agent there directly.
    const r = await runAgent(
      args('no-proxy', { baseUrl: 'https://platform.invalid:8443', tokenUrl: 'https://platform.invalid:8443' }, [
        '--unreachable-tries',
        '3',
      ]),
      { env: env(`http://scanner:${PROXY_PASSWORD}@127.0.0.1:${proxyPort}`, '.invalid'), timeoutMs: 60_000 },
    );
    expect(r.timedOut).toBe(false);
    expect(r.code).toBe(EXIT.unreachable);
    const stopped = r.summary?.stopped as { code: string; message: string; action: string };
    expect(['network.platform_unreachable', 'auth.token_endpoint_unreachable']).toContain(stopped.code);
    expect(stopped.message).toContain('platform.invalid');
    expect(stopped.action).toContain('NO_PROXY');
    expect((r.summary?.summary as { queued: number }).queued).toBe(1); // kept, with its key, for the next run
  });

  it('a token endpoint that cannot be reached at all: bounded retries, exit 5', async () => {
    await scans('token-unreachable');
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const r = await runAgent(
      args('token-unreachable', { baseUrl: sandbox.baseUrl, tokenUrl: `http://127.0.0.1:${port}` }, [
        '--unreachable-tries',
        '3',
      ]),
      { env: env(''), timeoutMs: 60_000 },
    );
    expect(r.timedOut).toBe(false);
    expect(r.code).toBe(EXIT.unreachable);
    expect(r.summary).toMatchObject({ stopped: { code: 'auth.token_endpoint_unreachable' } });
  });
});
