/**
 * One HTTP(S) exchange with an eSCL scanner, over real sockets (node:http/https, no keep-alive: a scanner
 * serves few clients and some drop idle connections). HTTPS takes the scanner's self-signed certificate on
 * first use and holds it to that fingerprint afterwards (certificate-pins.ts), checked the moment the TLS
 * handshake is done, before a byte of the request is sent. An answer's body is bounded (a page at most
 * MAX_PAGE_BYTES), and so is its time.
 */
import http from 'node:http';
import https from 'node:https';
import type { TLSSocket } from 'node:tls';
import tls from 'node:tls';
import type { Duplex } from 'node:stream';
import { ScannerProblem } from '../backend/scanner-backend';
import type { CertificatePins } from './certificate-pins';

/** A scanned page larger than this is refused (a 600-DPI colour A4 JPEG is ~10 MB). */
export const MAX_PAGE_BYTES = 256 * 1024 * 1024;

export interface EsclResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface EsclHttpOptions {
  pins: CertificatePins;
  /** Per exchange: the scanner must start answering within this (a page may take a while to come). */
  timeoutMs?: number;
}

/** A socket error: before a job it is "cannot be reached", during one "gone mid-job" (the caller decides). */
export class EsclConnectionError extends Error {
  constructor(
    message: string,
    readonly code: string | undefined,
  ) {
    super(message);
    this.name = 'EsclConnectionError';
  }
}

export async function esclRequest(
  url: URL,
  method: 'GET' | 'POST' | 'DELETE',
  options: EsclHttpOptions,
  body?: string,
  maxBytes = MAX_PAGE_BYTES,
  signal?: AbortSignal,
): Promise<EsclResponse> {
  const secure = url.protocol === 'https:';
  const origin = url.origin;
  let wrongCertificate: ScannerProblem | undefined;
  const pinned = options.pins.get(origin);
  let seen: string | undefined;
  // A fresh agent per exchange (no keep-alive), whose sockets check the pin before the request is written.
  const agent = secure ? new https.Agent({ keepAlive: false }) : new http.Agent({ keepAlive: false });
  if (secure)
    (agent as unknown as { createConnection: (o: tls.ConnectionOptions) => Duplex }).createConnection = (
      opts: tls.ConnectionOptions,
    ): Duplex => {
      // Self-signed is the rule for scanners: the fingerprint is the trust, not a CA.
      const socket: TLSSocket = tls.connect({ ...opts, rejectUnauthorized: false });
      socket.once('secureConnect', () => {
        seen = socket.getPeerCertificate().fingerprint256;
        if (pinned && seen !== pinned) {
          wrongCertificate = new ScannerProblem(
            'scanner.wrong_certificate',
            `${origin}: expected ${pinned}, got ${seen}`,
          );
          socket.destroy(wrongCertificate);
        }
      });
      return socket;
    };
  const response = await new Promise<EsclResponse>((resolve, reject) => {
    const lib = secure ? https : http;
    const req = lib.request(
      url,
      {
        method,
        agent,
        headers: {
          ...(body !== undefined
            ? { 'content-type': 'text/xml; charset=utf-8', 'content-length': Buffer.byteLength(body) }
            : {}),
        },
        timeout: options.timeoutMs ?? 30_000,
        ...(signal ? { signal } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (c: Buffer) => {
          size += c.length;
          if (size > maxBytes) {
            req.destroy(new ScannerProblem('scanner.failed', `answer larger than ${maxBytes} bytes`));
            return;
          }
          chunks.push(c);
        });
        res.on('end', () => {
          if (!res.complete) reject(new EsclConnectionError('the answer was cut off', 'ECONNRESET'));
          else resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) });
        });
        res.on('error', (e: NodeJS.ErrnoException) => reject(connectionError(e)));
        res.on('aborted', () => reject(new EsclConnectionError('the answer was cut off', 'ECONNRESET')));
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('no answer in time'), { code: 'ETIMEDOUT' })));
    req.on('error', (e: NodeJS.ErrnoException) => reject(wrongCertificate ?? connectionError(e)));
    req.end(body);
  }).finally(() => agent.destroy());
  // Trust on first use: the first good exchange pins what it saw.
  if (secure && !pinned && seen) await options.pins.pin(origin, seen);
  return response;
}

function connectionError(e: NodeJS.ErrnoException): Error {
  if (e instanceof ScannerProblem || e.name === 'AbortError') return e;
  return new EsclConnectionError(e.message, e.code);
}
