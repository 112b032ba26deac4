import type { EventChannel, EventPayload, InvokeChannel, InvokeRequest, InvokeResponse } from './contract';
import type { IpcResult } from './errors';

/**
 * What the renderer sees as `window.intake` (Electron preload) or gets from the WebSocket bridge (web
 * shell). Both implement exactly this; the renderer cannot tell them apart.
 */
export interface IntakeBridge {
  invoke<C extends InvokeChannel>(channel: C, request: InvokeRequest<C>): Promise<IpcResult<InvokeResponse<C>>>;
  on<E extends EventChannel>(channel: E, listener: (payload: EventPayload<E>) => void): () => void;
}

/**
 * Frames of the web shell's WebSocket, same contract as Electron IPC. The page's first frame is `auth`
 * with the connection token; the server closes a socket (1008) that sends anything else first.
 */
export type WireFrame =
  | { kind: 'auth'; token: string }
  | { kind: 'invoke'; id: number; channel: string; request: unknown }
  | { kind: 'result'; id: number; result: unknown }
  | { kind: 'event'; channel: string; payload: unknown };
