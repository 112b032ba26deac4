import { contextBridge, ipcRenderer } from 'electron';
import type { IntakeBridge } from '../../shared/ipc/api';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_PREFIX, isInvokeChannel } from '../../shared/ipc/contract';
import { parseEvent, parseInvokeResult } from '../../shared/ipc/validate';

/**
 * Exposes the contract as `window.intake`: two functions, never ipcRenderer itself. Channel names are
 * checked against the contract, results and events parsed with its schemas before the page sees them.
 */
const bridge: IntakeBridge = {
  async invoke(channel, request) {
    if (!isInvokeChannel(channel)) {
      return {
        ok: false,
        error: { code: 'ipc.unknown_channel', message: `Unknown channel ${String(channel)}`, retryable: false },
      };
    }
    const raw: unknown = await ipcRenderer.invoke(IPC_INVOKE_PREFIX + channel, request);
    return parseInvokeResult(channel, raw);
  },
  on(channel, listener) {
    const wrapped = (_event: unknown, frame: { channel: string; payload: unknown }) => {
      if (frame?.channel !== channel) return;
      const parsed = parseEvent(frame.channel, frame.payload);
      if (parsed) listener(parsed.payload as never);
    };
    ipcRenderer.on(IPC_EVENT_CHANNEL, wrapped);
    return () => {
      ipcRenderer.removeListener(IPC_EVENT_CHANNEL, wrapped);
    };
  },
};

contextBridge.exposeInMainWorld('intake', bridge);
