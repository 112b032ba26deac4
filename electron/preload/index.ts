import { contextBridge, ipcRenderer, webUtils } from 'electron';
import { z } from 'zod';
import type { IntakeBridge } from '../../shared/ipc/api';
import { documentTransfer } from '../../shared/ipc/channels/documents';
import { IPC_EVENT_CHANNEL, IPC_INVOKE_PREFIX, isInvokeChannel } from '../../shared/ipc/contract';
import { parseEvent, parseInvokeResult } from '../../shared/ipc/validate';

// No `new Function` probe in the page's process (the CSP has no 'unsafe-eval'; zod would report one).
z.config({ jitless: true });

/** Channels only the preload itself calls: the page hands over a File, never a path of its choosing. */
const PRELOAD_ONLY = new Set<string>(['documents.importPath']);

/**
 * Exposes the contract as `window.intake`: four functions, never ipcRenderer itself. Channel names are
 * checked against the contract, results and events parsed with its schemas before the page sees them.
 * A dropped file's bytes never cross IPC: main reads the file at the path Electron knows for that File.
 */
const bridge: IntakeBridge = {
  async invoke(channel, request) {
    if (!isInvokeChannel(channel) || PRELOAD_ONLY.has(channel)) {
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
  async importFile(file) {
    // Empty for a File the page built itself (new File([...])): only real files from a drop have a path.
    // It throws for anything that is not a File.
    let path: string;
    try {
      path = webUtils.getPathForFile(file as File);
    } catch {
      path = '';
    }
    if (!path) {
      return {
        ok: false,
        error: { code: 'import.no_path', message: 'Only files dropped from disk can be imported.', retryable: false },
      };
    }
    const raw: unknown = await ipcRenderer.invoke(IPC_INVOKE_PREFIX + 'documents.importPath', { path });
    return parseInvokeResult('documents.importPath', raw);
  },
  contentSource(documentId) {
    // app://intake/api/documents/<id>/content, served by main with Range support (app-protocol-handler.ts).
    return { url: documentTransfer.contentPath(documentId), headers: {} };
  },
};

contextBridge.exposeInMainWorld('intake', bridge);
