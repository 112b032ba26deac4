import type { WebSocket } from 'ws';
import { z } from 'zod';
import type { IpcEvents } from '../core/ipc/ipc-events';
import { dispatch } from '../core/ipc/handler-table';
import type { HandlerTable } from '../core/ipc/handler-table';
import type { Logger } from '../core/util/logger';
import { tokensEqual } from './connection-token';

/** RFC 6455 1008 "policy violation": no or a wrong token; the page must not reconnect with it. */
export const CLOSE_UNAUTHENTICATED = 1008;

const AuthFrameSchema = z.object({ kind: z.literal('auth'), token: z.string().max(256) });
const InvokeFrameSchema = z.object({
  kind: z.literal('invoke'),
  id: z.number().int().nonnegative(),
  channel: z.string(),
  request: z.unknown(),
});

export interface IpcSocketDeps {
  handlers: HandlerTable;
  events: IpcEvents;
  token: string;
  /** A socket that has not sent its token by then is closed. */
  authTimeoutMs: number;
  logger: Logger;
  /** Channels this shell does not offer (they exist for the Electron shell only). */
  refused: ReadonlySet<string>;
}

function parseFrame<T>(schema: z.ZodType<T>, data: unknown): T | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(String(data)));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * One WebSocket of the web shell. Its first message must be `{ kind: 'auth', token }` within
 * authTimeoutMs; until then nothing is dispatched and no event is sent. The upgrade itself carries no
 * secret (no cookie, no query), so the token never leaves the page except inside this socket.
 */
export function attachIpcSocket(ws: WebSocket, deps: IpcSocketDeps): void {
  const { logger } = deps;
  // An oversized frame or any protocol error: ws has already started closing this socket (1009, 1002 …).
  // Without a listener the 'error' event would be thrown and end the whole process, queue included.
  ws.on('error', (error) => {
    logger.warn('web shell: socket closed on a protocol error', { error: error.message });
    ws.terminate();
  });
  let unsubscribe: (() => void) | undefined;
  const timer = setTimeout(() => ws.close(CLOSE_UNAUTHENTICATED, 'not authenticated'), deps.authTimeoutMs);
  ws.on('close', () => {
    clearTimeout(timer);
    unsubscribe?.();
  });

  const serve = (data: unknown) => {
    const frame = parseFrame(InvokeFrameSchema, data);
    if (!frame) return logger.warn('web shell: malformed frame dropped');
    const result = deps.refused.has(frame.channel)
      ? Promise.resolve({
          ok: false as const,
          error: {
            code: 'ipc.unknown_channel',
            message: `${frame.channel} is not offered by the web shell.`,
            retryable: false,
          },
        })
      : dispatch(deps.handlers, frame.channel, frame.request, logger);
    void result.then((r) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ kind: 'result', id: frame.id, result: r }));
    });
  };

  ws.once('message', (data) => {
    clearTimeout(timer);
    const auth = parseFrame(AuthFrameSchema, data);
    if (!auth || !tokensEqual(deps.token, auth.token)) {
      logger.warn('web shell: socket closed, its first message was not the connection token');
      ws.close(CLOSE_UNAUTHENTICATED, 'not authenticated');
      return;
    }
    unsubscribe = deps.events.subscribe((channel, payload) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify({ kind: 'event', channel, payload }));
    });
    ws.on('message', serve);
  });
}
