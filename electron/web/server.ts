import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { EventBus } from '../core/events/event-bus';
import { dispatch } from '../core/ipc/handler-table';
import type { HandlerTable } from '../core/ipc/handler-table';
import type { Logger } from '../core/util/logger';
import { silentLogger } from '../core/util/logger';
import { CONTENT_SECURITY_POLICY } from '../../shared/security/content-security-policy';
import {
  assertValidConnectionToken,
  createConnectionToken,
  TOKEN_COOKIE,
  TOKEN_QUERY,
  tokensEqual,
} from './connection-token';
import { cookieTokenValid, hostAllowed, originAllowed } from './request-guard';
import { serveStatic } from './static-files';

export interface WebShellOptions {
  handlers: HandlerTable;
  bus: EventBus;
  /** Folder of the built renderer (index.html + assets). */
  staticDir: string;
  /** 0 or absent: a free port. */
  port?: number;
  /** Absent: a random one per start. */
  connectionToken?: string;
  logger?: Logger;
  /** Largest accepted WebSocket message (drag-and-drop imports travel as base64). */
  maxMessageBytes?: number;
}

export interface RunningWebShell {
  port: number;
  /** Open this in a browser: it carries the token once, which then lives in an HttpOnly cookie. */
  url: string;
  origin: string;
  close(): Promise<void>;
}

const InvokeFrameSchema = z.object({
  kind: z.literal('invoke'),
  id: z.number().int().nonnegative(),
  channel: z.string(),
  request: z.unknown(),
});

const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/**
 * The web shell: the built renderer and the IPC contract over a WebSocket, for any local browser (and the
 * e2e tests). Guarded like VS Code's serve-web: loopback bind only, a random connection token on every
 * request and socket (query once → HttpOnly SameSite=Strict cookie → redirect), Host and Origin checked.
 */
export async function startWebShell(options: WebShellOptions): Promise<RunningWebShell> {
  const token = options.connectionToken ?? createConnectionToken();
  assertValidConnectionToken(token);
  const root = resolve(options.staticDir);
  const logger = options.logger ?? silentLogger;
  let port = 0;

  const deny = (res: ServerResponse, status: number, message: string) => {
    res.writeHead(status, { ...SECURITY_HEADERS, 'Content-Type': 'text/plain; charset=utf-8' });
    res.end(message);
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    void (async () => {
      if (!hostAllowed(req, port)) return deny(res, 403, 'Forbidden: unexpected Host header.');
      if (!originAllowed(req, port, false)) return deny(res, 403, 'Forbidden: unexpected Origin.');
      if (req.method !== 'GET' && req.method !== 'HEAD') return deny(res, 405, 'Method not allowed.');
      const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
      const queryToken = url.searchParams.get(TOKEN_QUERY);
      if (queryToken !== null) {
        if (!tokensEqual(token, queryToken)) return deny(res, 403, 'Forbidden: wrong connection token.');
        url.searchParams.delete(TOKEN_QUERY);
        res.writeHead(302, {
          ...SECURITY_HEADERS,
          'Set-Cookie': `${TOKEN_COOKIE}=${token}; Path=/; HttpOnly; SameSite=Strict`,
          Location: url.pathname + url.search,
        });
        return res.end();
      }
      if (!cookieTokenValid(req, token)) {
        return deny(
          res,
          403,
          'Forbidden: open the address printed by `npm run demo` (it carries the connection token).',
        );
      }
      if (!(await serveStatic(root, url.pathname, res, SECURITY_HEADERS))) deny(res, 404, 'Not found.');
    })().catch((e: unknown) => {
      logger.error('web shell request failed', { error: e });
      if (!res.headersSent) deny(res, 500, 'Internal error.');
      else res.destroy();
    });
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxMessageBytes ?? 64 * 1024 * 1024 });
  server.on('upgrade', (req, socket, head) => {
    // A reset before or during the handshake is this client's problem, never the process's.
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (
      url.pathname !== '/ipc' ||
      !hostAllowed(req, port) ||
      !originAllowed(req, port, true) ||
      !cookieTokenValid(req, token)
    ) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => attach(ws));
  });

  const attach = (ws: WebSocket) => {
    const unsubscribe = options.bus.subscribe((channel, payload) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ kind: 'event', channel, payload }));
    });
    ws.on('close', unsubscribe);
    // An oversized frame or any protocol error: ws has already started closing this socket (1009, 1002 …).
    // Without a listener the 'error' event would be thrown and end the whole process, queue included.
    ws.on('error', (error) => {
      logger.warn('web shell: socket closed on a protocol error', { error: error.message });
      ws.terminate();
    });
    ws.on('message', (data) => {
      let frame: z.infer<typeof InvokeFrameSchema>;
      try {
        frame = InvokeFrameSchema.parse(JSON.parse(data.toString()));
      } catch {
        logger.warn('web shell: malformed frame dropped');
        return;
      }
      void dispatch(options.handlers, frame.channel, frame.request, logger).then((result) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ kind: 'result', id: frame.id, result }));
      });
    });
  };

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    port,
    origin,
    url: `${origin}/?${TOKEN_QUERY}=${token}`,
    close: () =>
      new Promise<void>((done) => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
