import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { resolve } from 'node:path';
import { WebSocketServer } from 'ws';
import type { IpcEvents } from '../core/ipc/ipc-events';
import type { HandlerTable } from '../core/ipc/handler-table';
import type { Logger } from '../core/util/logger';
import { silentLogger } from '../core/util/logger';
import { CONTENT_SECURITY_POLICY } from '../../shared/security/content-security-policy';
import { assertValidConnectionToken, createConnectionToken, TOKEN_FRAGMENT } from './connection-token';
import { handleDocumentApi } from './document-api';
import type { DocumentTransferDeps } from './document-api';
import { attachIpcSocket } from './ipc-socket';
import { hostAllowed, originAllowed } from './request-guard';
import { serveStatic } from './static-files';

export interface WebShellOptions {
  handlers: HandlerTable;
  /** The core's events as the screen sees them (IntakeCore.ipcEvents). */
  events: IpcEvents;
  /** Folder of the built renderer (index.html + assets). */
  staticDir: string;
  /** 0 or absent: a free port. */
  port?: number;
  /** Absent: a random one per start. */
  connectionToken?: string;
  logger?: Logger;
  /** Largest accepted WebSocket message. File bytes never travel over the socket, so this stays small. */
  maxMessageBytes?: number;
  /** A socket must send the token as its first message within this time (default 10 s). */
  authTimeoutMs?: number;
  /** Dropped files in and previews out, by HTTP (POST /api/documents, GET …/content with Range). */
  transfer?: DocumentTransferDeps;
}

export interface RunningWebShell {
  port: number;
  /** Open this in a browser: the token is in the fragment, which browsers never send to a server. */
  url: string;
  origin: string;
  close(): Promise<void>;
}

/** Channels of the contract the web shell does not offer: main reads a dropped file's path in Electron only. */
const ELECTRON_ONLY_CHANNELS: ReadonlySet<string> = new Set<string>(['documents.importPath']);

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
 * e2e tests). Loopback bind only, Host and Origin checked on every request and upgrade. Static files hold
 * no secret and are served without the token; the token (from the URL fragment) opens each WebSocket as
 * its first message and goes with every API request as `Authorization: Bearer`. No cookie, no redirect.
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
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const transfer = options.transfer;
      if (
        transfer &&
        (await handleDocumentApi(req, res, url.pathname, { transfer, token, headers: SECURITY_HEADERS, logger }))
      )
        return;
      if (req.method !== 'GET' && req.method !== 'HEAD') return deny(res, 405, 'Method not allowed.');
      if (!(await serveStatic(root, url.pathname, res, SECURITY_HEADERS))) deny(res, 404, 'Not found.');
    })().catch((e: unknown) => {
      logger.error('web shell request failed', { error: e });
      if (!res.headersSent) deny(res, 500, 'Internal error.');
      else res.destroy();
    });
  });

  const wss = new WebSocketServer({ noServer: true, maxPayload: options.maxMessageBytes ?? 4 * 1024 * 1024 });
  server.on('upgrade', (req, socket, head) => {
    // A reset before or during the handshake is this client's problem, never the process's.
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/ipc' || !hostAllowed(req, port) || !originAllowed(req, port, true)) {
      socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) =>
      attachIpcSocket(ws, {
        handlers: options.handlers,
        events: options.events,
        token,
        authTimeoutMs: options.authTimeoutMs ?? 10_000,
        logger,
        refused: ELECTRON_ONLY_CHANNELS,
      }),
    );
  });

  await new Promise<void>((resolveListen, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolveListen());
  });
  port = (server.address() as AddressInfo).port;
  const origin = `http://127.0.0.1:${port}`;
  return {
    port,
    origin,
    url: `${origin}/#${TOKEN_FRAGMENT}=${token}`,
    close: () =>
      new Promise<void>((done) => {
        for (const client of wss.clients) client.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => done());
      }),
  };
}
