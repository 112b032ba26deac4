import { subscribe } from 'node:diagnostics_channel';
import type { Socket } from 'node:net';

/**
 * A server may answer an upload before it read the body (401, 400 bad header, 422 unknown case) and close
 * the connection without draining the rest. Our next write then fails with EPIPE/ECONNRESET while the
 * answer already sits in the socket's receive buffer, and Node's net.Socket destroys itself on a write
 * error before reading it: fetch fails with "write EPIPE" and the refusal becomes a lost connection
 * (retried as "maybe processed"). Browsers read the answer after such an upload error; this does the same
 * for the sockets of Node's fetch (undici): a write that fails with these codes is dropped instead of
 * destroying the socket, later writes are dropped too, and the socket goes on reading, so the answer
 * reaches the HTTP parser (then the peer's reset or end closes the socket, as before). If nothing closes
 * it within WRITE_FAILURE_GRACE_MS, it is destroyed with the write error.
 */
export const WRITE_FAILURE_GRACE_MS = 2_000;

/** Write errors that mean "the peer closed the connection"; what it sent before may still be unread. */
const PEER_GONE = new Set(['EPIPE', 'ECONNRESET']);

const patched = new WeakSet<Socket>();

type WriteCallback = (error?: Error | null) => void;

/** Makes one socket keep reading after a write failed because the peer went away. */
export function keepReadingAfterWriteError(socket: Socket, graceMs = WRITE_FAILURE_GRACE_MS): void {
  if (patched.has(socket)) return;
  patched.add(socket);
  let failure: Error | undefined;
  const wrap = (callback: WriteCallback): WriteCallback => {
    return (error) => {
      const code = (error as NodeJS.ErrnoException | null | undefined)?.code;
      if (!error || code === undefined || !PEER_GONE.has(code)) return callback(error);
      if (!failure) {
        failure = error;
        const timer = setTimeout(() => socket.destroy(failure), graceMs);
        timer.unref();
        socket.once('close', () => clearTimeout(timer));
      }
      callback();
    };
  };
  // The Writable hooks of net.Socket: each write ends in one of these callbacks, and an error there is what
  // destroys the socket. Once a write failed, the rest (and the final shutdown) are dropped unsent.
  const s = socket as unknown as {
    _write(chunk: unknown, encoding: BufferEncoding, callback: WriteCallback): void;
    _writev?(chunks: unknown, callback: WriteCallback): void;
    _final(callback: WriteCallback): void;
  };
  const write = s._write.bind(socket);
  s._write = (chunk, encoding, callback) => (failure ? callback() : write(chunk, encoding, wrap(callback)));
  if (s._writev) {
    const writev = s._writev.bind(socket);
    s._writev = (chunks, callback) => (failure ? callback() : writev(chunks, wrap(callback)));
  }
  const final = s._final.bind(socket);
  s._final = (callback) => (failure ? callback() : final(wrap(callback)));
}

let installed = false;

/**
 * Applies keepReadingAfterWriteError to every socket Node's fetch connects, through undici's documented
 * diagnostics channel `undici:client:connected`. Once per process (createNodeFetch calls it).
 */
export function readEarlyAnswers(): void {
  if (installed) return;
  installed = true;
  subscribe('undici:client:connected', (message) => {
    const socket = (message as { socket?: unknown }).socket;
    if (isSocket(socket)) keepReadingAfterWriteError(socket);
  });
}

function isSocket(value: unknown): value is Socket {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Partial<Socket>).destroy === 'function' &&
    typeof (value as { _write?: unknown })._write === 'function' &&
    typeof (value as { _final?: unknown })._final === 'function'
  );
}
