import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DigitalInboxResponseSchema } from '../../shared/platform/inbox';
import { DRAIN_LIMIT_BYTES, LINGER_GRACE_MS } from '../http/lingering-close';
import { startHarness, type SandboxHarness } from '../test-support/sandbox-harness';

/**
 * An upload refused before its body was read (no token, a bad header, an unknown case number) must reach a
 * client that is still streaming its body: the sandbox reads and discards the rest up to DRAIN_LIMIT_BYTES
 * instead of closing the socket under the client (which then sees EPIPE / "fetch failed", not the answer).
 */
const INBOX = '/de/demo-insurance/v1/digital-inbox/file';
const BODY_BYTES = 3 * 1024 * 1024;
/** Each refusal is tried this often per framing: the old sandbox lost the answer in about a third of tries. */
const TRIES = 4;
let h: SandboxHarness;
const keepAlive = new Agent({ keepAlive: true, maxSockets: 1 });
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  keepAlive.destroy();
  await h.stop();
});

/**
 * A multipart body of `bytes` bytes, produced 1 MiB at a time only when fetch pulls and a turn of the event
 * loop later, like the uploader's body read from disk (a synchronous body hid the race in tests).
 */
function streamedBody(bytes: number): { body: ReadableStream<Uint8Array>; length: number; pulled: () => number } {
  const head = Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="scan.pdf"\r\n\r\n');
  const tail = Buffer.from('\r\n--b--\r\n');
  const chunk = new Uint8Array(1024 * 1024).fill(0x41);
  const fileBytes = bytes - head.length - tail.length;
  let sent = 0;
  let state: 'head' | 'file' | 'tail' | 'done' = 'head';
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        await new Promise((resolve) => setImmediate(resolve));
        if (state === 'head') {
          state = 'file';
          controller.enqueue(head);
        } else if (state === 'file') {
          const n = Math.min(chunk.length, fileBytes - sent);
          sent += n;
          controller.enqueue(chunk.subarray(0, n));
          if (sent >= fileBytes) state = 'tail';
        } else if (state === 'tail') {
          state = 'done';
          controller.enqueue(tail);
          controller.close();
        }
      },
    },
    { highWaterMark: 0 },
  );
  return { body, length: bytes, pulled: () => sent + head.length };
}

interface Refusal {
  name: string;
  headers: () => Promise<Record<string, string>>;
  status: number;
  /** The error's code in the JSON body (`errors[0].type` of the inbox, `error` of RFC 6750). */
  type: string;
}

const bearer = async () => ({ Authorization: `Bearer ${await h.token()}` });
const REFUSALS: Refusal[] = [
  { name: 'no token', headers: async () => ({}), status: 401, type: 'unauthorized' },
  {
    name: 'a bad metadata header',
    headers: async () => ({ ...(await bearer()), 'Metadata-ItemId': 'x'.repeat(256) }),
    status: 400,
    type: 'invalid_header',
  },
  {
    name: 'an unknown case number',
    headers: async () => ({ ...(await bearer()), 'Metadata-CaseNumber': 'CLM-1999-999999' }),
    status: 422,
    type: 'case_not_found',
  },
];

function errorType(json: unknown): string | undefined {
  const inbox = DigitalInboxResponseSchema.safeParse(json);
  if (inbox.success) return inbox.data.errors[0]?.type;
  return (json as { error?: string }).error;
}

describe('an upload refused before its body was read', () => {
  for (const refusal of REFUSALS) {
    it(`answers ${refusal.status} (${refusal.name}) to fetch() streaming a 3 MB body, which reads the JSON error`, async () => {
      for (const chunked of Array.from({ length: TRIES }, () => [false, true]).flat()) {
        const { body, length } = streamedBody(BODY_BYTES);
        const res = await fetch(`${h.sandbox.baseUrl}${INBOX}`, {
          method: 'POST',
          body,
          duplex: 'half',
          headers: {
            ...(await refusal.headers()),
            'Content-Type': 'multipart/form-data; boundary=b',
            ...(chunked ? {} : { 'Content-Length': String(length) }),
          },
        } as RequestInit);
        expect(res.status).toBe(refusal.status);
        expect(errorType(await res.json())).toBe(refusal.type);
      }
    });
  }

  it('answers a refusal found in the middle of the body (413) to fetch() still streaming it', async () => {
    const small = await startHarness({ maxUploadBytes: 64 * 1024 });
    try {
      for (let i = 0; i < TRIES; i++) {
        const upload = await fetch(`${small.sandbox.baseUrl}${INBOX}`, {
          method: 'POST',
          body: streamedBody(BODY_BYTES).body,
          duplex: 'half',
          headers: {
            Authorization: `Bearer ${await small.token()}`,
            'Content-Type': 'multipart/form-data; boundary=b',
          },
        } as RequestInit);
        expect([upload.status, errorType(await upload.json())]).toEqual([413, 'file_too_large']);
        const token = await fetch(`${small.sandbox.tokenUrl}/connect/token`, {
          method: 'POST',
          body: streamedBody(BODY_BYTES).body,
          duplex: 'half',
          headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        } as RequestInit);
        expect([token.status, ((await token.json()) as { type?: string }).type]).toEqual([413, 'body_too_large']);
      }
    } finally {
      await small.stop();
    }
  });

  it('keeps the connection open for the next request when the whole body was drained', async () => {
    const token = await h.token();
    const ports: number[] = [];
    for (let i = 0; i < 2; i++) {
      const status = await new Promise<number>((resolve, reject) => {
        const req = request(`${h.sandbox.baseUrl}${INBOX}`, {
          method: 'POST',
          agent: keepAlive,
          headers: {
            Authorization: `Bearer ${token}`,
            'Content-Type': 'multipart/form-data; boundary=b',
            'Metadata-CaseNumber': 'CLM-1999-999999',
            'Content-Length': String(BODY_BYTES),
          },
        });
        req.on('socket', (s) => s.once('connect', () => ports.push(s.localPort ?? 0)));
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end(Buffer.alloc(BODY_BYTES, 0x42));
      });
      expect(status).toBe(422);
    }
    // One TCP connection for both: the second request found the first's socket reusable.
    expect(ports).toHaveLength(1);
  });

  it('goes on serving when a client goes away while its refused body is being discarded', async () => {
    const socket = connect({ port: h.sandbox.port, host: '127.0.0.1' });
    socket.on('error', () => undefined);
    const answered = new Promise<string>((resolve) =>
      socket.once('data', (d: Buffer) => resolve(d.toString('latin1'))),
    );
    socket.write(
      `POST ${INBOX} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: multipart/form-data; boundary=b\r\n` +
        `Content-Length: ${BODY_BYTES}\r\n\r\n`,
    );
    socket.write(Buffer.alloc(256 * 1024, 0x44));
    expect(await answered).toMatch(/^HTTP\/1\.1 401 /);
    socket.destroy();
    const res = await h.api('/api/Schemas/input/case-create');
    expect(res.status).toBe(200);
  });

  it('past DRAIN_LIMIT_BYTES stops reading, half-closes after the answer and resets LINGER_GRACE_MS later', async () => {
    const token = await h.token();
    const total = DRAIN_LIMIT_BYTES * 4;
    // A raw socket that keeps sending whatever happens (allowHalfOpen: the server's FIN does not stop it).
    const socket = connect({ port: h.sandbox.port, host: '127.0.0.1', allowHalfOpen: true });
    let received = '';
    let written = 0;
    let endedAt = 0;
    let closedAt = 0;
    socket.on('data', (d: Buffer) => (received += d.toString('latin1')));
    socket.on('end', () => (endedAt = performance.now()));
    socket.on('error', () => undefined);
    const closed = new Promise<void>((resolve) =>
      socket.on('close', () => {
        closedAt = performance.now();
        resolve();
      }),
    );
    socket.write(
      `POST ${INBOX} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: multipart/form-data; boundary=b\r\nMetadata-CaseNumber: CLM-1999-999999\r\n` +
        `Content-Length: ${total}\r\n\r\n`,
    );
    const chunk = Buffer.alloc(256 * 1024, 0x43);
    const pump = (): void => {
      while (written < total && socket.writable) {
        written += chunk.length;
        if (!socket.write(chunk)) return void socket.once('drain', pump);
      }
    };
    pump();
    await closed;
    expect(received).toMatch(/^HTTP\/1\.1 422 /);
    expect(received).toContain('"type":"case_not_found"');
    // The answer, then the end of the stream, then (a grace later) the reset: never the reset first.
    expect(endedAt).toBeGreaterThan(0);
    expect(closedAt - endedAt).toBeGreaterThanOrEqual(LINGER_GRACE_MS - 200);
    // Read up to the limit, then no more: the client could not hand over the rest.
    expect(written).toBeGreaterThan(DRAIN_LIMIT_BYTES);
    expect(written).toBeLessThan(total);
  });
});
