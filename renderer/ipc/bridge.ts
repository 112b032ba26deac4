import type { IntakeBridge } from '../../shared/ipc/api';
import { takeConnectionToken } from './connection-token';
import { createWebSocketBridge } from './web-socket-bridge';

declare global {
  interface Window {
    /** Exposed by the Electron preload; absent in a plain browser (web shell). */
    intake?: IntakeBridge;
  }
}

/** The one place that picks the transport; nothing else in the renderer knows which shell it runs in. */
export function connectBridge(): IntakeBridge {
  if (window.intake) return window.intake;
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const token = takeConnectionToken(window.location, window.history, window.sessionStorage);
  return createWebSocketBridge(`${scheme}//${window.location.host}/ipc`, token);
}
