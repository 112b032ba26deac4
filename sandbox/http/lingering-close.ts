import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * How much of a body the sandbox still reads, and throws away, after it answered before reading it (a
 * refused upload). Below this, the client finishes sending, reads the answer and may reuse the connection.
 */
export const DRAIN_LIMIT_BYTES = 8 * 1024 * 1024;

/** Past the limit: how long the half-closed connection stays before it is reset (the answer travels first). */
export const LINGER_GRACE_MS = 2_000;

export interface DrainLimits {
  limitBytes: number;
  graceMs: number;
}

const DEFAULT_LIMITS: DrainLimits = { limitBytes: DRAIN_LIMIT_BYTES, graceMs: LINGER_GRACE_MS };

const draining = new WeakSet<IncomingMessage>();

/**
 * Call when the answer is (being) sent and the rest of the request body is not wanted. Closing the socket
 * at once would make the client's next write fail (EPIPE/ECONNRESET), and its TCP stack then throws away
 * the answer it had not read yet (RFC 9112 §9.6), so the client sees a lost connection instead of 401/422.
 * Production servers do what this does:
 * - the rest of the body is read and discarded, up to `limitBytes`; when it ends there, the connection
 *   stays open for the next request (keep-alive);
 * - past the limit, a lingering close: stop reading (the client's writes block instead of failing),
 *   half-close after the answer (the client reads it, then the end of the stream), and destroy the socket
 *   `graceMs` later.
 * Never answer such a request with `Connection: close`: Node would destroy the socket as soon as the answer
 * is written, with the unread body still arriving.
 */
export function discardRestOfBody(req: IncomingMessage, res: ServerResponse, limits = DEFAULT_LIMITS): void {
  if (req.complete || req.destroyed || draining.has(req)) return;
  draining.add(req);
  // Node detaches req.socket when the exchange ends; the lingering close needs it afterwards.
  const socket = req.socket;
  let discarded = 0;
  const onData = (chunk: Buffer): void => {
    discarded += chunk.length;
    if (discarded <= limits.limitBytes) return;
    req.off('data', onData);
    req.pause();
    socket.pause();
    const linger = (): void => {
      socket.end();
      const timer = setTimeout(() => socket.destroy(), limits.graceMs);
      timer.unref();
      socket.once('close', () => clearTimeout(timer));
    };
    if (res.writableFinished) linger();
    else res.once('finish', linger);
  };
  req.on('data', onData);
  req.resume();
}
