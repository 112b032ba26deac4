import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { EventBus } from '../core/events/event-bus';
import { IpcEvents } from '../core/ipc/ipc-events';
import { createAppHandlers } from '../core/ipc/app-handlers';
import { completeHandlerTable } from '../core/ipc/test-support/complete-handler-table';
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

function connect(port: number, headers: Record<string, string>): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ipc`, { headers });
    ws.once('open', () => resolve(ws));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
  });
}

/** A socket as the page opens it: upgrade with our Origin, then the token as the first message. */
async function openSocket(port: number, headers: Record<string, string>, token = TOKEN): Promise<WebSocket> {
  const ws = await connect(port, headers);
  ws.send(JSON.stringify({ kind: 'auth', token }));
  return ws;
}

function closeCode(ws: WebSocket): Promise<number> {
  return new Promise((resolve) => ws.once('close', (code) => resolve(code)));
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
  let origin: string;

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
    shell = await startWebShell({
      handlers,
      events: new IpcEvents(bus),
      staticDir: dir,
      connectionToken: TOKEN,
      authTimeoutMs: 300,
    });
    origin = `http://127.0.0.1:${shell.port}`;
  });
  afterAll(async () => {
    await shell.close();
    await rm(dir, { recursive: true, force: true });
    await rm(join(tmpdir(), 'outside-secret.txt'), { force: true });
  });

  it('listens on loopback and prints a URL that carries the token in its fragment, never sent to a server', () => {
    expect(shell.url).toBe(`http://127.0.0.1:${shell.port}/#token=${TOKEN}`);
  });

  it('serves the renderer without any secret, with a strict CSP, and sets no cookie', async () => {
    const res = await get(shell.port, '/');
    expect(res.status).toBe(200);
    expect(res.body).toContain('<title>t</title>');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('never redirects: a token in the query is not turned into a cookie or a Location', async () => {
    for (const path of [`/?tkn=${TOKEN}`, `/.//evil.com/?tkn=${TOKEN}`, `//evil.com/?tkn=${TOKEN}`]) {
      const res = await get(shell.port, path);
      expect(res.status, path).not.toBe(302);
      expect(res.headers.location, path).toBeUndefined();
      expect(res.headers['set-cookie'], path).toBeUndefined();
    }
  });

  it('refuses a foreign Host (DNS rebinding) and a foreign Origin', async () => {
    expect((await get(shell.port, '/', { host: `evil.example:${shell.port}` })).status).toBe(403);
    expect((await get(shell.port, '/', { origin: 'http://evil.example' })).status).toBe(403);
  });

  it('never serves files outside the renderer folder', async () => {
    const res = await get(shell.port, '/..%2Foutside-secret.txt');
    expect(res.status).toBe(404);
    expect(res.body).not.toContain('secret');
  });

  it('refuses WebSocket upgrades from a foreign origin or without an origin', async () => {
    await expect(connect(shell.port, { origin: 'http://evil.example' })).rejects.toThrow(/403/);
    await expect(connect(shell.port, {})).rejects.toThrow(/403/);
  });

  it('closes a socket whose first message is not the right token, and one that sends nothing in time', async () => {
    const wrong = await openSocket(shell.port, { origin }, 'wrong-token-0123456789');
    expect(await closeCode(wrong)).toBe(1008);

    const invokeFirst = await connect(shell.port, { origin });
    const answers: unknown[] = [];
    invokeFirst.on('message', (d: Buffer) => answers.push(JSON.parse(d.toString())));
    invokeFirst.send(JSON.stringify({ kind: 'invoke', id: 1, channel: 'app.info', request: {} }));
    expect(await closeCode(invokeFirst)).toBe(1008);
    expect(answers).toEqual([]);

    // A cookie with the token is no credential (cookies for 127.0.0.1 go to every port).
    const silent = await connect(shell.port, { origin, cookie: `intake-tkn=${TOKEN}` });
    const events: unknown[] = [];
    silent.on('message', (d: Buffer) => events.push(JSON.parse(d.toString())));
    bus.emit({ type: 'connection.changed', state: { network: 'offline', token: 'none' } });
    expect(await closeCode(silent)).toBe(1008);
    expect(events).toEqual([]);
  });

  it('carries the IPC contract: invoke results, validation errors and events', async () => {
    const ws = await openSocket(shell.port, { origin });
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
    bus.emit({ type: 'connection.changed', state: { network: 'offline', token: 'none' } });
    expect(await event).toEqual({
      kind: 'event',
      channel: 'connection.changed',
      payload: { network: 'offline', token: 'none' },
    });
    ws.close();
  });

  it('closes only the socket that sent an oversized frame; the server stays up for other clients', async () => {
    const other = await openSocket(shell.port, { origin });
    const sender = await openSocket(shell.port, { origin });
    const closed = new Promise<number>((resolve) => sender.once('close', (code) => resolve(code)));
    sender.on('error', () => undefined);
    // Authenticated first: masking 65 MiB blocks this process (server included) longer than the auth timeout.
    expect(((await call(sender, 10, 'app.info', {})) as { ok: boolean }).ok).toBe(true);
    sender.send(Buffer.alloc(65 * 1024 * 1024, 0x20));
    // 1009: message too big (RFC 6455); the server closes this socket instead of crashing.
    expect(await closed).toBe(1009);
    expect(((await call(other, 11, 'app.info', {})) as { ok: boolean }).ok).toBe(true);
    const fresh = await openSocket(shell.port, { origin });
    expect(((await call(fresh, 12, 'app.info', {})) as { ok: boolean }).ok).toBe(true);
    other.close();
    fresh.close();
  });

  it('drops malformed frames without closing the socket', async () => {
    const ws = await openSocket(shell.port, { origin });
    ws.send('not json');
    ws.send(JSON.stringify({ kind: 'invoke', id: -1, channel: 'app.info' }));
    const info = (await call(ws, 7, 'app.info', {})) as { ok: boolean };
    expect(info.ok).toBe(true);
    ws.close();
  });
});
