import { mkdirSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { addAdminRoutes, isAdminPath } from './admin/admin-endpoint';
import { AccessTokens } from './auth/access-tokens';
import { ClientAssertionVerifier } from './auth/client-assertion-verifier';
import { ClientRegistry } from './auth/client-registry';
import { handleTokenRequest } from './auth/token-endpoint';
import { ClaimRegistry } from './cases/claim-registry';
import { EventLog } from './events/event-log';
import { FaultController } from './faults/fault-controller';
import { BodyTooLargeError, sendProblem } from './http/http-io';
import { discardRestOfBody } from './http/lingering-close';
import { RouteTable } from './http/route-table';
import { IdempotencyStore } from './inbox/idempotency-store';
import { DEFAULT_MAX_UPLOAD_BYTES, handleInboxUpload } from './inbox/inbox-endpoint';
import { UploadStore } from './inbox/upload-store';
import { addApiRoutes } from './api/api-routes';
import { SEED_CUSTOMERS } from './seed/seed-customers';
import type { Faults, RunningSandbox, SandboxClient, SandboxOptions } from './sandbox-types';

export interface SandboxRuntime {
  clients: SandboxClient[];
  now?: () => number;
}

/** Builds every part of the sandbox, binds 127.0.0.1 and starts answering. */
export async function runSandbox(options: SandboxOptions, runtime: SandboxRuntime): Promise<RunningSandbox> {
  const now = runtime.now ?? Date.now;
  const log = options.logger ?? (() => undefined);
  mkdirSync(options.dataDir, { recursive: true });

  const server = createServer({ keepAliveTimeout: 5_000, requestTimeout: 0 });
  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const baseUrl = `http://127.0.0.1:${port}`;
  // The admin routes also on a port of their own, which never refuses: with the 'refuse' fault the API port
  // stops listening, and the fault must still be switched off from outside (issue #48 item 10).
  const adminServer = createServer({ keepAliveTimeout: 5_000, requestTimeout: 0 });
  const adminSockets = new Set<Socket>();
  adminServer.on('connection', (socket) => {
    adminSockets.add(socket);
    socket.on('close', () => adminSockets.delete(socket));
  });
  await new Promise<void>((resolve, reject) => {
    adminServer.once('error', reject);
    adminServer.listen(options.adminPort ?? 0, '127.0.0.1', () => resolve());
  });
  const adminUrl = `http://127.0.0.1:${(adminServer.address() as AddressInfo).port}`;

  const faults = new FaultController();
  const clients = new ClientRegistry(runtime.clients);
  const tokens = new AccessTokens(options.dataDir, baseUrl, options.tokenLifetimeSeconds ?? 3600, now);
  const assertions = new ClientAssertionVerifier(clients, [`${baseUrl}/connect/token`, baseUrl, `${baseUrl}/`], now);
  const uploads = new UploadStore(options.dataDir);
  const claims = new ClaimRegistry(options.dataDir, now);
  const events = new EventLog(options.dataDir, now);
  const idempotency = new IdempotencyStore(options.dataDir, now);
  const stats = { tokenRequests: 0, uploads: 0 };

  // Offline 'refuse': the port stops accepting (clients get ECONNREFUSED, as with a machine that is down)
  // and listens again on the same port when the fault is cleared. The admin port stays: the fault is
  // switched off there (DELETE adminUrl/__sandbox/faults) or in-process.
  let refusing = false;
  const followRefusal = (): void => {
    if (faults.refusing && !refusing) {
      refusing = true;
      server.close();
      for (const socket of sockets) socket.destroy();
    } else if (!faults.refusing && refusing) {
      refusing = false;
      server.listen(port, '127.0.0.1');
    }
  };
  const applyFaults = (f: Faults): void => {
    if (f.expireTokens) tokens.expireAll();
    if (f.revokeClient !== undefined) tokens.revokeClient(f.revokeClient);
    faults.set(f);
    followRefusal();
  };
  const clearFaults = (): void => {
    faults.clear();
    tokens.clearRevocations();
    followRefusal();
  };

  const routes = new RouteTable()
    .add('POST', '/connect/token', (ctx) =>
      handleTokenRequest(ctx, { clients, assertions, tokens, onRequest: () => (stats.tokenRequests += 1) }),
    )
    .add('POST', '/{country}/{tenant}/v1/digital-inbox/file', (ctx) =>
      handleInboxUpload(ctx, {
        tokens,
        uploads,
        idempotency,
        claims,
        events,
        faults,
        maxUploadBytes: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
        now,
        onUpload: () => (stats.uploads += 1),
      }),
    );
  addApiRoutes(routes, { tokens, claims, events, customers: SEED_CUSTOMERS, baseUrl, now });
  addAdminRoutes(routes, {
    faults,
    applyFaults,
    clearFaults,
    uploads,
    claims,
    events,
    stats: () => ({ ...stats, storedUploads: uploads.count }),
  });

  const onRequest = (req: IncomingMessage, res: ServerResponse, adminOnly: boolean): void => {
    if (adminOnly && !isAdminPath(new URL(req.url ?? '/', adminUrl).pathname)) {
      sendProblem(res, 404, 'not_found', `the admin port serves /__sandbox only; the API is at ${baseUrl}`);
      discardRestOfBody(req, res);
      return;
    }
    void dispatch(req, res).catch((e: unknown) => {
      if (e instanceof BodyTooLargeError) {
        sendProblem(res, 413, 'body_too_large', e.message);
        return discardRestOfBody(req, res);
      }
      log(`sandbox: ${req.method} ${req.url} failed: ${(e as Error).stack ?? String(e)}`);
      if (!res.headersSent) sendProblem(res, 500, 'internal_error', 'the sandbox failed to answer');
      else res.destroy();
    });
  };
  server.on('request', (req: IncomingMessage, res: ServerResponse) => onRequest(req, res, false));
  adminServer.on('request', (req: IncomingMessage, res: ServerResponse) => onRequest(req, res, true));

  async function dispatch(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', baseUrl);
    const admin = isAdminPath(url.pathname);
    if (!admin) {
      if (faults.offline) {
        req.socket.destroy();
        return;
      }
      if (faults.latencyMs > 0) await sleep(faults.latencyMs);
      const fault = faults.takeResponseFault(url.pathname);
      if (fault) {
        const headers: Record<string, string> =
          fault.kind === 'retry-after' ? { 'Retry-After': String(fault.seconds) } : {};
        sendProblem(res, fault.status, 'injected_fault', 'fault injected by the sandbox', headers);
        return discardRestOfBody(req, res);
      }
    }
    const match = routes.match(req.method ?? 'GET', url.pathname);
    if (match.kind === 'not_found') {
      sendProblem(res, 404, 'not_found', `no route for ${url.pathname}`);
      return discardRestOfBody(req, res);
    }
    if (match.kind === 'method_not_allowed') {
      sendProblem(res, 405, 'method_not_allowed', `use ${match.allow.join(', ')}`, {
        Allow: match.allow.join(', '),
      });
      return discardRestOfBody(req, res);
    }
    const started = now();
    await match.handler({ req, res, url, params: match.params });
    log(`sandbox: ${req.method} ${url.pathname} → ${res.statusCode} (${now() - started} ms)`);
  }

  const demoClient = runtime.clients[0];
  return {
    baseUrl,
    adminUrl,
    tokenUrl: baseUrl,
    port,
    demoClient: {
      clientId: demoClient?.clientId ?? '',
      secret: demoClient?.secret ?? demoClient?.secrets?.[0] ?? '',
      scopes: [...(demoClient?.scopes ?? [])],
    },
    setFaults: applyFaults,
    clearFaults,
    close: async () => {
      claims.flush();
      const closed = refusing ? Promise.resolve() : new Promise<void>((resolve) => server.close(() => resolve()));
      const adminClosed = new Promise<void>((resolve) => adminServer.close(() => resolve()));
      for (const socket of [...sockets, ...adminSockets]) socket.destroy();
      await Promise.all([closed, adminClosed]);
      uploads.close();
      events.close();
      idempotency.close();
    },
  };
}
