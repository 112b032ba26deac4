import type { IntakeBridge, WireFrame } from '../../shared/ipc/api';
import type { EventChannel, EventPayload, InvokeChannel } from '../../shared/ipc/contract';
import { parseEvent, parseInvokeResult } from '../../shared/ipc/validate';

type Pending = { channel: InvokeChannel; resolve: (value: unknown) => void };

/**
 * The web shell's transport: the same contract over a WebSocket to 127.0.0.1. The connection token lives in
 * an HttpOnly cookie the browser sends with the upgrade. Reconnects after a drop; calls made while
 * disconnected wait for the socket, and calls in flight when it drops resolve with a retryable error.
 */
export function createWebSocketBridge(url: string): IntakeBridge {
  const listeners = new Map<string, Set<(payload: never) => void>>();
  const pending = new Map<number, Pending>();
  let nextId = 1;
  let socket: WebSocket | undefined;
  let opened: Promise<WebSocket> | undefined;
  let retryDelay = 250;

  const connect = (): Promise<WebSocket> => {
    opened ??= new Promise<WebSocket>((resolve) => {
      const ws = new WebSocket(url);
      ws.onopen = () => {
        retryDelay = 250;
        socket = ws;
        resolve(ws);
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
      ws.onclose = () => {
        socket = undefined;
        opened = undefined;
        for (const [id, call] of pending) {
          pending.delete(id);
          call.resolve({
            ok: false,
            error: { code: 'ipc.disconnected', message: 'Lost the connection to Intake Desk.', retryable: true },
          });
        }
        setTimeout(() => void connect().then(() => undefined), retryDelay);
        retryDelay = Math.min(retryDelay * 2, 5000);
      };
    });
    return opened;
  };
  void connect();

  return {
    async invoke(channel, request) {
      const ws = socket ?? (await connect());
      const id = nextId++;
      return new Promise((resolve) => {
        pending.set(id, { channel, resolve: resolve as (value: unknown) => void });
        ws.send(JSON.stringify({ kind: 'invoke', id, channel, request }));
      });
    },
    on<E extends EventChannel>(channel: E, listener: (payload: EventPayload<E>) => void) {
      let set = listeners.get(channel);
      if (!set) listeners.set(channel, (set = new Set()));
      set.add(listener as (payload: never) => void);
      return () => set.delete(listener as (payload: never) => void);
    },
  };
}
