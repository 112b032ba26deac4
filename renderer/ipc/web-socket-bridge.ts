import type { BridgeLink, IntakeBridge, WireFrame } from '../../shared/ipc/api';
import { documentTransfer } from '../../shared/ipc/channels/documents';
import type { EventChannel, EventPayload, InvokeChannel } from '../../shared/ipc/contract';
import { resultSchema } from '../../shared/ipc/errors';
import type { IpcResult } from '../../shared/ipc/errors';
import { parseEvent, parseInvokeResult } from '../../shared/ipc/validate';

type Pending = { channel: InvokeChannel; resolve: (value: unknown) => void };

/** The server's close code for a socket without the right token (RFC 6455 policy violation). */
const CLOSE_UNAUTHENTICATED = 1008;

const UNAUTHENTICATED: IpcResult<never> = {
  ok: false,
  error: {
    code: 'ipc.unauthenticated',
    message: 'This page has no valid connection token. Open the address printed by `npm run demo` again.',
    retryable: false,
  },
};

/**
 * The web shell's transport: the same contract over a WebSocket to 127.0.0.1. The first frame of every
 * socket is the connection token (from the URL fragment, never a cookie). Reconnects after a drop; calls
 * made while disconnected wait for the socket, and calls in flight when it drops resolve with a retryable
 * error. Without a token, or when the server refuses it, calls resolve with ipc.unauthenticated.
 */
export function createWebSocketBridge(url: string, token: string | undefined): IntakeBridge {
  const listeners = new Map<string, Set<(payload: never) => void>>();
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let socket: WebSocket | undefined;
  let opened: Promise<WebSocket | undefined> | undefined;
  let refused = token === undefined;
  let retryDelay = 250;
  const linkListeners = new Set<(link: BridgeLink) => void>();
  let everOpened = false;
  let down = false;
  const tell = (link: BridgeLink) => {
    for (const listener of linkListeners) listener(link);
  };

  const connect = (): Promise<WebSocket | undefined> => {
    if (refused || token === undefined) return Promise.resolve(undefined);
    opened ??= new Promise<WebSocket | undefined>((resolve) => {
      const ws = new WebSocket(url);
      ws.onopen = () => {
        ws.send(JSON.stringify({ kind: 'auth', token } satisfies WireFrame));
        retryDelay = 250;
        socket = ws;
        resolve(ws);
        tell(everOpened ? 'reconnected' : 'connected');
        everOpened = true;
        down = false;
      };
      ws.onmessage = (message) => {
        let frame: WireFrame;
        try {
          frame = JSON.parse(String(message.data)) as WireFrame;
        } catch {
          return;
        }
        if (frame.kind === 'result') {
          const call = pending.get(frame.id);
          if (!call) return;
          pending.delete(frame.id);
          call.resolve(parseInvokeResult(call.channel, frame.result));
        } else if (frame.kind === 'event') {
          const event = parseEvent(frame.channel, frame.payload);
          if (!event) return;
          for (const listener of listeners.get(event.channel) ?? []) listener(event.payload as never);
        }
      };
      ws.onclose = (event) => {
        socket = undefined;
        opened = undefined;
        refused = event.code === CLOSE_UNAUTHENTICATED;
        for (const [id, call] of pending) {
          pending.delete(id);
          call.resolve(
            refused
              ? UNAUTHENTICATED
              : {
                  ok: false,
                  error: { code: 'ipc.disconnected', message: 'Lost the connection to Intake Desk.', retryable: true },
                },
          );
        }
        if (refused) {
          tell('refused');
          return resolve(undefined);
        }
        if (everOpened && !down) {
          down = true;
          tell('lost');
        }
        // A socket that never opened hands its waiting calls on to the next attempt.
        setTimeout(() => void connect().then(resolve), retryDelay);
        retryDelay = Math.min(retryDelay * 2, 5000);
      };
    });
    return opened;
  };
  void connect();

  return {
    async invoke(channel, request) {
      const ws = socket ?? (await connect());
      if (!ws) return UNAUTHENTICATED;
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, { channel, resolve: resolve as (value: unknown) => void });
        ws.send(JSON.stringify({ kind: 'invoke', id, channel, request } satisfies WireFrame));
      });
    },
    onLink(listener) {
      linkListeners.add(listener);
      return () => linkListeners.delete(listener);
    },
    on<E extends EventChannel>(channel: E, listener: (payload: EventPayload<E>) => void) {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(listener as (payload: never) => void);
      return () => set.delete(listener as (payload: never) => void);
    },
    async importFile(file) {
      if (token === undefined) return UNAUTHENTICATED;
      // The browser streams the File from disk; the shell streams it into the spool (no base64, no socket).
      let response: Response;
      try {
        response = await fetch(documentTransfer.importPath, {
          method: 'POST',
          headers: {
            Authorization: `Bearer ${token}`,
            'Content-Type': 'application/octet-stream',
            [documentTransfer.importNameHeader]: encodeURIComponent(file.name),
          },
          body: file as unknown as Blob,
        });
      } catch {
        return {
          ok: false,
          error: { code: 'ipc.disconnected', message: 'Lost the connection to Intake Desk.', retryable: true },
        };
      }
      const parsed = resultSchema(documentTransfer.importResponse).safeParse(await response.json().catch(() => null));
      if (parsed.success) return parsed.data;
      return {
        ok: false,
        error: { code: 'ipc.invalid_response', message: `Import answered HTTP ${response.status}`, retryable: false },
      };
    },
    contentSource(documentId) {
      const headers: Record<string, string> = token === undefined ? {} : { Authorization: `Bearer ${token}` };
      return { url: documentTransfer.contentPath(documentId), headers };
    },
  };
}
