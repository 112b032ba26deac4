import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { rejection } from '../test-support/rejection';
import { createNodeFetch } from '../http/node-fetch';
import { systemClock } from '../util/clock';
import { silentLogger } from '../util/logger';
import { PlatformClient } from './platform-client';
import { PlatformTransport } from './platform-transport';
import type { TokenSource } from './platform-transport';
import { startConnectionHarness } from './test-support/connection-harness';
import type { ConnectionHarness } from './test-support/connection-harness';
import { idleMs } from '../util/test-support/box-pace';

/**
 * An upload refused while its body is still being sent: the refusal is the answer, classified by its HTTP
 * status, never `network.connection_lost` (which the queue would retry as "maybe processed").
 */
const FILE_BYTES = 3 * 1024 * 1024;
/** The production HTTP layer (electron/core/http/node-fetch.ts), not bare global fetch. */
const nodeFetch = createNodeFetch({});
let h: ConnectionHarness;
let dir: string;
let scan: { filePath: string; size: number; fileName: string; contentType: string };

beforeAll(async () => {
  h = await startConnectionHarness();
  dir = mkdtempSync(join(tmpdir(), 'core-early-answer-'));
  const filePath = join(dir, 'scan.pdf');
  writeFileSync(filePath, Buffer.alloc(FILE_BYTES, 9));
  scan = { filePath, size: FILE_BYTES, fileName: 'scan.pdf', contentType: 'application/pdf' };
});
afterEach(() => h.sandbox.clearFaults());
afterAll(async () => {
  await h.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the platform client streaming 3 MB to a refusal of the sandbox', () => {
  it('reads 422 case_not_found for an unknown case number', async () => {
    const { api } = h.connect({ fetch: nodeFetch });
    const e = await rejection(api.uploadToInbox({ ...scan, metadata: { caseNumber: 'CLM-1999-999999' } }));
    expect([e.kind, e.code, e.status, e.platformErrors?.[0]?.type]).toEqual([
      'validation',
      'platform.validation',
      422,
      'case_not_found',
    ]);
  });

  it('reads 400 invalid_header for a metadata value the platform refuses', async () => {
    const { api } = h.connect({ fetch: nodeFetch });
    const e = await rejection(api.uploadToInbox({ ...scan, metadata: { itemId: 'x'.repeat(256) } }));
    expect([e.kind, e.status, e.platformErrors?.[0]?.type]).toEqual(['validation', 400, 'invalid_header']);
  });

  it('reads 401 for an expired token, fetches a fresh one and sends again', async () => {
    const { api } = h.connect({ fetch: nodeFetch });
    await api.getInputSchema('case-create');
    const before = await h.stats();
    h.faults({ expireTokens: true });
    const response = await api.uploadToInbox({ ...scan, metadata: {}, idempotencyKey: 'early-401' });
    expect(response.success).toBe(true);
    const after = await h.stats();
    expect([after.tokenRequests - before.tokenRequests, after.uploads - before.uploads]).toEqual([1, 1]);
  });
});

/** The platform client on the production HTTP layer against `url`, with a fixed token (no token endpoint). */
function clientOf(url: string): PlatformClient {
  const tokens: TokenSource = { getToken: async () => 'tok', invalidate: () => undefined };
  const transport = new PlatformTransport(nodeFetch, tokens, systemClock, silentLogger);
  return new PlatformClient(h.environment({ baseUrl: url, tokenUrl: url }), transport, systemClock);
}

/** An inbox that `refuse`s uploads: a raw node:http server, no framework. */
async function rudeServer(
  refuse: (req: IncomingMessage, res: ServerResponse) => void,
): Promise<{ url: string; server: Server }> {
  const server = createServer(refuse);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}`, server };
}

const REFUSAL = JSON.stringify({
  success: false,
  errors: [{ message: 'Metadata-CaseNumber: no case CLM-1999-999999', type: 'case_not_found' }],
  payload: null,
});

/** Old code: about one try in four lost the answer to 'write ECONNRESET'/'EPIPE'; 20 tries catch that. */
const RUDE_TRIES = 20;

describe('a server that answers while the body is still coming and then resets the connection unread', () => {
  it('takes its 422 as the answer although writing the rest of the body fails', async () => {
    const { url, server } = await rudeServer((req, res) => {
      let read = 0;
      const onData = (chunk: Buffer) => {
        read += chunk.length;
        if (read < 8 * 1024 || res.headersSent) return;
        req.off('data', onData);
        req.pause();
        res.writeHead(422, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(REFUSAL) });
        // Rude: the socket goes as soon as the answer is written, the unread body still arriving (a reset).
        res.end(REFUSAL, () => req.socket.destroy());
      };
      req.on('data', onData);
    });
    try {
      const api = clientOf(url);
      const seen: string[] = [];
      for (let i = 0; i < RUDE_TRIES; i++) {
        const e = await rejection(api.uploadToInbox({ ...scan, metadata: { caseNumber: 'CLM-1999-999999' } }));
        seen.push(`${e.kind} ${e.code} ${e.status ?? '-'} ${e.platformErrors?.[0]?.type ?? '-'}`);
      }
      expect(new Set(seen)).toEqual(new Set(['validation platform.validation 422 case_not_found']));
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('still reports a lost connection when the reset comes without an answer, and does not hang', async () => {
    const { url, server } = await rudeServer((req) => {
      let read = 0;
      req.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read >= 8 * 1024) req.socket.destroy();
      });
    });
    try {
      const api = clientOf(url);
      const started = performance.now();
      const e = await rejection(api.uploadToInbox({ ...scan, metadata: {} }));
      expect([e.kind, e.code]).toEqual(['ambiguous', 'network.connection_lost']);
      expect(performance.now() - started).toBeLessThan(idleMs(10_000));
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
