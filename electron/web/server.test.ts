import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { EventBus } from '../core/events/event-bus';
import { createAppHandlers } from '../core/ipc/app-handlers';
import { completeHandlerTable } from '../core/ipc/missing-handlers';
import { ConnectionMonitor } from '../core/connection/connection-monitor';
import { systemClock } from '../core/util/clock';
import { LOCAL_SANDBOX_ENVIRONMENT } from '../core/settings/default-environment';
import { startWebShell } from './server';
import type { RunningWebShell } from './server';

const TOKEN = 'test-token-0123456789abcdef';

function get(port: number, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>(
    (resolve, reject) => {
      const req = request(
        { host: '127.0.0.1', port, path, headers: { host: `127.0.0.1:${port}`, ...headers } },
        (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
        },
      );
      req.on('error', reject);
      req.end();
    },
  );
}

function openSocket(port: number, headers: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ipc`, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
  });
}

function call(ws: WebSocket, id: number, channel: string, req: unknown): Promise<unknown> {
  return new Promise((resolve) => {
    const onMessage = (data: Buffer) => {
      const frame = JSON.parse(data.toString()) as { kind: string; id?: number; result?: unknown };
      if (frame.kind === 'result' && frame.id === id) {
        ws.off('message', onMessage);
        resolve(frame.result);
      }
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ kind: 'invoke', id, channel, request: req }));
  });
}

describe('web shell', () => {
  let dir: string;
  let shell: RunningWebShell;
  let bus: EventBus;
  const cookie = `intake-tkn=${TOKEN}`;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'intake-web-'));
    await writeFile(join(dir, 'index.html'), '<!doctype html><title>t</title>');
    await writeFile(join(tmpdir(), 'outside-secret.txt'), 'secret');
    bus = new EventBus();
    const handlers = completeHandlerTable(
      createAppHandlers({
        name: 'Intake Desk',
        version: '1.2.3',
        shell: 'web',
        activeEnvironment: () => LOCAL_SANDBOX_ENVIRONMENT,
        connection: new ConnectionMonitor(bus, systemClock),
        checkConnection: async () => {},
      }),
    );
    shell = await startWebShell({ handlers, bus, staticDir: dir, connectionToken: TOKEN });
  });
  afterAll(async () => {
    await shell.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('listens on loopback and prints a URL that carries the token', () => {
    expect(shell.url).toBe(`http://127.0.0.1:${shell.port}/?tkn=${TOKEN}`);
  });

  it('refuses requests without the token', async () => {
    const res = await get(shell.port, '/');
    expect(res.status).toBe(403);
  });

  it('refuses a wrong token', async () => {
    expect((await get(shell.port, '/?tkn=wrong-token-0123456789')).status).toBe(403);
    expect((await get(shell.port, '/', { cookie: 'intake-tkn=wrong-token-0123456789' })).status).toBe(403);
  });

  it('turns the query token into an HttpOnly SameSite=Strict cookie and redirects it out of the URL', async () => {
    const res = await get(shell.port, `/?tkn=${TOKEN}`);
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe('/');
    expect(String(res.headers['set-cookie'])).toMatch(/intake-tkn=.+; Path=\/; HttpOnly; SameSite=Strict/);
  });

  it('serves the renderer with the cookie, with a strict CSP', async () => {
    const res = await get(shell.port, '/', { cookie });
    expect(res.status).toBe(200);
    expect(res.body).toContain('<title>t</title>');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
  });

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin', async () => {
    expect((await get(shell.port, '/', { cookie, host: `evil.example:${shell.port}` })).status).toBe(403);
    expect((await get(shell.port, '/', { cookie, origin: 'http://evil.example' })).status).toBe(403);
  });

  it('never serves files outside the renderer folder', async () => {
    const res = await get(shell.port, '/..%2Foutside-secret.txt', { cookie });
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('secret');
  });

  it('refuses WebSocket upgrades without the cookie, from a foreign origin, or without an origin', async () => {
    const origin = `http://127.0.0.1:${shell.port}`;
    await expect(openSocket(shell.port, { origin })).rejects.toThrow(/403/);
    await expect(openSocket(shell.port, { cookie, origin: 'http://evil.example' })).rejects.toThrow(/403/);
    await expect(openSocket(shell.port, { cookie })).rejects.toThrow(/403/);
  });

  it('carries the IPC contract: invoke results, validation errors and events', async () => {
    const ws = await openSocket(shell.port, { cookie, origin: `http://127.0.0.1:${shell.port}` });
    const info = (await call(ws, 1, 'app.info', {})) as { ok: boolean; value: { version: string; shell: string } };
    expect(info.ok).toBe(true);
    expect(info.value.version).toBe('1.2.3');
    expect(info.value.shell).toBe('web');

    const unknown = (await call(ws, 2, 'no.such.channel', {})) as { ok: boolean; error: { code: string } };
    expect(unknown).toMatchObject({ ok: false, error: { code: 'ipc.unknown_channel' } });

    const invalid = (await call(ws, 3, 'claims.files', { claimId: '0' })) as {
      ok: boolean;
      error: { code: string; fields: Record<string, string> };
    };
    expect(invalid.ok).toBe(false);
    expect(invalid.error.code).toBe('ipc.invalid_request');
    expect(Object.keys(invalid.error.fields)).toContain('claimId');

    const event = new Promise<unknown>((resolve) =>
      ws.on('message', (d: Buffer) => {
        const frame = JSON.parse(d.toString()) as { kind: string };
        if (frame.kind === 'event') resolve(frame);
      }),
    );
    bus.emit('connection.changed', { network: 'offline', token: 'none' });
    expect(await event).toEqual({
      kind: 'event',
      channel: 'connection.changed',
      payload: { network: 'offline', token: 'none' },
    });
    ws.close();
  });

  it('closes only the socket that sent an oversized frame; the server stays up for other clients', async () => {
    const origin = `http://127.0.0.1:${shell.port}`;
    const other = await openSocket(shell.port, { cookie, origin });
    const sender = await openSocket(shell.port, { cookie, origin });
    const closed = new Promise<number>((resolve) => sender.once('close', (code) => resolve(code)));
    sender.on('error', () => undefined);
    sender.send(Buffer.alloc(65 * 1024 * 1024, 0x20));
    // 1009: message too big (RFC 6455); the server closes this socket instead of crashing.
    expect(await closed).toBe(1009);
    expect(((await call(other, 11, 'app.info', {})) as { ok: boolean }).ok).toBe(true);
    const fresh = await openSocket(shell.port, { cookie, origin });
    expect(((await call(fresh, 12, 'app.info', {})) as { ok: boolean }).ok).toBe(true);
    other.close();
    fresh.close();
  });

  it('drops malformed frames without closing the socket', async () => {
    const ws = await openSocket(shell.port, { cookie, origin: `http://127.0.0.1:${shell.port}` });
    ws.send('not json');
    ws.send(JSON.stringify({ kind: 'invoke', id: -1, channel: 'app.info' }));
    const info = (await call(ws, 7, 'app.info', {})) as { ok: boolean };
    expect(info.ok).toBe(true);
    ws.close();
  });
});
