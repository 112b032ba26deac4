import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import type { IncomingHttpHeaders } from 'node:http';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { EventBus } from '../core/events/event-bus';
import { IpcEvents } from '../core/ipc/ipc-events';
import { createAppHandlers } from '../core/ipc/app-handlers';
import { createDocumentHandlers } from '../core/ipc/documents-handlers';
import { completeHandlerTable } from '../core/ipc/test-support/complete-handler-table';
import { ConnectionMonitor } from '../core/connection/connection-monitor';
import type { InboxUploader } from '../core/queue/inbox-uploader';
import type { QueueFixture } from '../core/queue/test-support/queue-fixture';
import { makeQueue } from '../core/queue/test-support/queue-fixture';
import { LOCAL_SANDBOX_ENVIRONMENT } from '../core/settings/default-environment';
import { DocumentImporter } from '../core/transfer/document-importer';
import { systemClock } from '../core/util/clock';
import { startWebShell } from './server';
import type { RunningWebShell } from './server';
import { idleMs } from '../core/util/test-support/box-pace';

const TOKEN = 'test-token-0123456789abcdef';
const MiB = 1024 * 1024;
const accepting: InboxUploader = { uploadToInbox: async () => ({ success: true, errors: [], payload: {} }) };

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** One real HTTP request; `body` chunks are written one by one, `between` runs after each chunk. */
function send(
  port: number,
  options: { method?: string; path: string; headers?: Record<string, string> },
  body?: { chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array> },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: { host: `127.0.0.1:${port}`, ...options.headers },
      },
      (res) => {
        const parts: Buffer[] = [];
        res.on('data', (c: Buffer) => parts.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts) }));
      },
    );
    // The server may answer 413 before the body is through and close: that is not a test failure.
    req.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code !== 'EPIPE' && e.code !== 'ECONNRESET') reject(e);
    });
    if (!body) return void req.end();
    void (async () => {
      for await (const chunk of body.chunks) {
        if (req.destroyed) return;
        if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
      }
      req.end();
    })();
  });
}

function json(answer: Answer): {
  ok: boolean;
  value?: { id: string; size: number; fileName: string };
  error?: { code: string };
} {
  return JSON.parse(answer.body.toString()) as never;
}

describe('web shell document transfer (HTTP)', () => {
  let fx: QueueFixture;
  let shell: RunningWebShell;
  let auth: Record<string, string>;

  beforeEach(async () => {
    fx = await makeQueue(accepting);
    await fx.queue.start();
    await writeFile(join(fx.dir, 'index.html'), '<!doctype html><title>t</title>');
    const bus = new EventBus();
    const importer = new DocumentImporter(fx.queue, 150 * MiB);
    const handlers = completeHandlerTable({
      ...createAppHandlers({
        name: 'Intake Desk',
        version: '1.2.3',
        shell: 'web',
        activeEnvironment: () => LOCAL_SANDBOX_ENVIRONMENT,
        connection: new ConnectionMonitor(bus, systemClock),
        checkConnection: async () => {},
      }),
      ...createDocumentHandlers({ queue: fx.queue, importer }),
    });
    shell = await startWebShell({
      handlers,
      events: new IpcEvents(bus),
      staticDir: fx.dir,
      connectionToken: TOKEN,
      transfer: { importer, content: fx.queue },
    });
    auth = { authorization: `Bearer ${TOKEN}` };
  });
  afterEach(async () => {
    await shell.close();
    await fx.close();
  });

  it('imports a 100 MB drop streamed over real HTTP: on disk while the body still arrives, never whole in memory', async () => {
    const size = 100 * 1000 * 1000;
    const hash = createHash('sha256');
    let sentBeforeCheck = 0;
    let partialSeen = 0;
    const spoolDir = fx.spool.dir;
    const chunks = async function* () {
      for (let sent = 0; sent < size;) {
        const n = Math.min(MiB, size - sent);
        const chunk = Buffer.alloc(n, sent % 251);
        hash.update(chunk);
        sent += n;
        yield chunk;
        if (sent >= 50 * MiB && sentBeforeCheck === 0) {
          sentBeforeCheck = sent;
          // Half the body is sent and the request is still open: the spool already holds most of it.
          for (let i = 0; i < 100 && partialSeen < 30 * MiB; i++) {
            await new Promise((r) => setTimeout(r, 20));
            const partial = (await readdir(spoolDir)).find((n) => n.endsWith('.partial'));
            partialSeen = partial ? (await stat(join(spoolDir, partial))).size : 0;
          }
        }
      }
    };
    const answer = await send(
      shell.port,
      {
        method: 'POST',
        path: '/api/documents',
        headers: {
          ...auth,
          'content-type': 'application/octet-stream',
          'content-length': String(size),
          'x-file-name': encodeURIComponent('Gutachten Müller.pdf'),
        },
      },
      { chunks: chunks() },
    );
    expect(answer.status).toBe(201);
    const doc = json(answer).value!;
    expect(doc).toMatchObject({ fileName: 'Gutachten Müller.pdf', size });
    expect(partialSeen).toBeGreaterThanOrEqual(30 * MiB);
    const stored = fx.store.get(doc.id);
    expect(stored?.sha256).toBe(hash.digest('hex'));
    expect((await stat((await fx.queue.contentFile(doc.id)).path)).size).toBe(size);
  });

  it('refuses the API without the bearer token: none, a wrong one, one in a cookie or in the query', async () => {
    const post = (headers: Record<string, string>, path = '/api/documents') =>
      send(
        shell.port,
        { method: 'POST', path, headers: { 'x-file-name': 'a.pdf', ...headers } },
        { chunks: [Buffer.from('%PDF')] },
      );
    expect((await post({})).status).toBe(401);
    expect((await post({ authorization: 'Bearer wrong-token-0123456789' })).status).toBe(401);
    expect((await post({ cookie: `intake-tkn=${TOKEN}` })).status).toBe(401);
    expect((await post({}, `/api/documents?tkn=${TOKEN}`)).status).toBe(401);
    expect((await send(shell.port, { path: '/api/documents/x/content' })).status).toBe(401);
    // A page of another origin cannot post even with the token (and could not send the header without CORS).
    expect((await post({ ...auth, origin: 'http://evil.example' })).status).toBe(403);
    expect((await fx.queue.list({ limit: 10, offset: 0 })).total).toBe(0);
  });

  it('answers 413 import.too_large over the cap, by Content-Length or mid-body, and keeps no partial copy', async () => {
    const big = await send(
      shell.port,
      {
        method: 'POST',
        path: '/api/documents',
        headers: { ...auth, 'x-file-name': 'big.pdf', 'content-length': String(151 * MiB) },
      },
      { chunks: [Buffer.alloc(MiB)] },
    );
    expect(big.status).toBe(413);
    expect(json(big).error?.code).toBe('import.too_large');

    const chunked = async function* () {
      for (let i = 0; i < 160; i++) yield Buffer.alloc(MiB, 1);
    };
    const streamed = await send(
      shell.port,
      { method: 'POST', path: '/api/documents', headers: { ...auth, 'x-file-name': 'big.pdf' } },
      { chunks: chunked() },
    );
    expect(streamed.status).toBe(413);
    expect(json(streamed).error?.code).toBe('import.too_large');
    expect(await readdir(fx.spool.dir)).toEqual([]);
    expect((await fx.queue.list({ limit: 10, offset: 0 })).total).toBe(0);

    const nameless = await send(
      shell.port,
      { method: 'POST', path: '/api/documents', headers: { ...auth, 'x-file-name': '..' } },
      { chunks: [Buffer.from('x')] },
    );
    expect(nameless.status).toBe(400);
    expect(json(nameless).error?.code).toBe('import.name');

    // The page sends the name percent-encoded, so a CR/LF or ESC in a file's name reaches the importer.
    for (const [name, code] of [
      ['letter\r\nX-Injected: 1.pdf', 'import.name_control'],
      ['\u001b[2Jscan.pdf', 'import.name_control'],
      [`${'n'.repeat(5_000)}.pdf`, 'import.name_too_long'],
    ] as const) {
      const refused = await send(
        shell.port,
        { method: 'POST', path: '/api/documents', headers: { ...auth, 'x-file-name': encodeURIComponent(name) } },
        { chunks: [Buffer.from('%PDF-1.7')] },
      );
      expect(refused.status).toBe(400);
      expect(json(refused).error?.code).toBe(code);
    }
    expect((await fx.queue.list({ limit: 10, offset: 0 })).total).toBe(0);
  });

  it('a page that goes away mid-upload leaves no document and no spool file; the shell keeps serving', async () => {
    await new Promise<void>((resolve) => {
      const req = request({
        host: '127.0.0.1',
        port: shell.port,
        method: 'POST',
        path: '/api/documents',
        headers: {
          host: `127.0.0.1:${shell.port}`,
          ...auth,
          'x-file-name': 'gone.pdf',
          'content-length': String(20 * MiB),
        },
      });
      req.on('error', () => resolve());
      req.write(Buffer.alloc(3 * MiB));
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 200);
    });
    await expect.poll(async () => (await readdir(fx.spool.dir)).length).toBe(0);
    expect((await fx.queue.list({ limit: 10, offset: 0 })).total).toBe(0);
    expect((await send(shell.port, { path: '/' })).status).toBe(200);
  });

  it('serves a preview by Range, with its errors as data (file.missing, document.not_found, 416)', async () => {
    const bytes = Buffer.from('%PDF-1.7 0123456789 end');
    const created = await send(
      shell.port,
      { method: 'POST', path: '/api/documents', headers: { ...auth, 'x-file-name': 'a.pdf' } },
      { chunks: [bytes] },
    );
    const id = json(created).value!.id;
    const path = `/api/documents/${id}/content`;
    const part = await send(shell.port, { path, headers: { ...auth, range: 'bytes=9-18' } });
    expect(part.status).toBe(206);
    expect(part.body.toString()).toBe('0123456789');
    expect(part.headers['content-range']).toBe(`bytes 9-18/${bytes.length}`);
    expect(part.headers['content-type']).toBe('application/pdf');
    const whole = await send(shell.port, { path, headers: auth });
    expect(whole.status).toBe(200);
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.body.equals(bytes)).toBe(true);
    expect((await send(shell.port, { path, headers: { ...auth, range: 'bytes=999-' } })).status).toBe(416);
    const unknown = await send(shell.port, { path: '/api/documents/nope/content', headers: auth });
    expect([unknown.status, json(unknown).error?.code]).toEqual([404, 'document.not_found']);
    await rm((await fx.queue.contentFile(id)).path);
    const missing = await send(shell.port, { path, headers: auth });
    expect([missing.status, json(missing).error?.code]).toEqual([404, 'file.missing']);
  });

  it('closes every file it opens for a preview read the page gives up on (range reads aborted at any moment)', async () => {
    // A clerk switching documents fast cuts off pdf.js's range reads: before the answer, after its head,
    // mid-body. Each read opens the document's file; a handle left to the garbage collector is an fd held
    // for minutes and Node's DEP0137 warning ("Closing file descriptor N on garbage collection").
    const bytes = Buffer.alloc(4 * MiB, 7);
    const created = await send(
      shell.port,
      { method: 'POST', path: '/api/documents', headers: { ...auth, 'x-file-name': 'big.pdf' } },
      { chunks: [bytes] },
    );
    const path = `/api/documents/${json(created).value!.id}/content`;
    const warnings: string[] = [];
    const onWarning = (w: Error & { code?: string }) => warnings.push(`${w.code ?? w.name}: ${w.message}`);
    process.on('warning', onWarning);
    try {
      const openFds = () => readdirSync('/proc/self/fd').length;
      const atStart = openFds();
      const abortedRead = (stage: number) =>
        new Promise<void>((resolve) => {
          const req = request({
            host: '127.0.0.1',
            port: shell.port,
            path,
            headers: { ...auth, host: `127.0.0.1:${shell.port}`, range: `bytes=${stage * 1000}-` },
          });
          req.on('error', () => resolve());
          req.on('close', () => resolve());
          if (stage % 3 === 0) {
            // Gone before the answer: the server may still be opening the file.
            req.end(() => setImmediate(() => req.destroy()));
            return;
          }
          req.on('response', (res) => {
            if (stage % 3 === 1) return void req.destroy(); // after the head
            res.once('data', () => req.destroy()); // mid-body
          });
          req.end();
        });
      for (let round = 0; round < 10; round++) await Promise.all(Array.from({ length: 30 }, (_, i) => abortedRead(i)));
      // The server answers the last aborted reads on its own time: wait until its handles are closed again.
      await expect.poll(openFds, { timeout: idleMs(10_000) }).toBeLessThanOrEqual(atStart);
      // A handle nobody closed is closed by the collector, with the warning: let it run now.
      setFlagsFromString('--expose-gc');
      (runInNewContext('gc') as () => void)();
      await new Promise((r) => setTimeout(r, 50));
      expect(warnings.filter((w) => /DEP0137|garbage collection/.test(w))).toEqual([]);
      // And the shell still answers reads in full.
      expect((await send(shell.port, { path, headers: { ...auth, range: 'bytes=0-9' } })).status).toBe(206);
    } finally {
      process.off('warning', onWarning);
    }
  });

  it('does not offer documents.importPath over the socket: a page cannot name a path on this machine', async () => {
    const secret = join(fx.dir, 'secret.txt');
    await writeFile(secret, 'secret');
    const ws = new WebSocket(`ws://127.0.0.1:${shell.port}/ipc`, { headers: { origin: shell.origin } });
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ kind: 'auth', token: TOKEN }));
    ws.send(JSON.stringify({ kind: 'invoke', id: 1, channel: 'documents.importPath', request: { path: secret } }));
    const result = await new Promise<{ ok: boolean; error: { code: string } }>((resolve) =>
      ws.on('message', (d: Buffer) => resolve((JSON.parse(d.toString()) as { result: never }).result)),
    );
    expect(result).toMatchObject({ ok: false, error: { code: 'ipc.unknown_channel' } });
    expect((await fx.queue.list({ limit: 10, offset: 0 })).total).toBe(0);
    expect(await readFile(secret, 'utf8')).toBe('secret');
    ws.close();
  });
});
