import type { EventChannel, EventPayload, InvokeChannel, InvokeRequest, InvokeResponse } from './contract';
import type { IpcResult } from './errors';
import type { Document } from '../domain/document';

/** A file the clerk dropped: a DOM File (shared/ knows no DOM types). */
export interface DroppedFile {
  readonly name: string;
  readonly size: number;
}

/** Where the preview reads a document's bytes (by HTTP Range) and the headers that authorize it. */
export interface ContentSource {
  url: string;
  headers: Record<string, string>;
}

/**
 * What the renderer sees as `window.intake` (Electron preload) or gets from the WebSocket bridge (web
 * shell). Both implement exactly this; the renderer cannot tell them apart.
 */
export interface IntakeBridge {
  invoke<C extends InvokeChannel>(channel: C, request: InvokeRequest<C>): Promise<IpcResult<InvokeResponse<C>>>;
  on<E extends EventChannel>(channel: E, listener: (payload: EventPayload<E>) => void): () => void;
  /**
   * Imports a dropped file; its bytes never go through invoke. Web shell: streamed by HTTP POST with the
   * token; Electron: the preload hands main the file's path (documents.importPath).
   */
  importFile(file: DroppedFile): Promise<IpcResult<Document>>;
  /** The document's bytes for the preview, read by HTTP Range (documentTransfer.contentPath). */
  contentSource(documentId: string): ContentSource;
  /**
   * The link to the core, where it can break (the web shell's socket; Electron's IPC cannot): lost and
   * being retried, back after a loss (events were missed meanwhile), or refused (the app was restarted
   * with another connection token). Issue #31 item 9.
   */
  onLink?(listener: (link: BridgeLink) => void): () => void;
}

export type BridgeLink = 'connected' | 'reconnected' | 'lost' | 'refused';

/**
 * Frames of the web shell's WebSocket, same contract as Electron IPC. The page's first frame is `auth`
 * with the connection token; the server closes a socket (1008) that sends anything else first.
 */
export type WireFrame =
  | { kind: 'auth'; token: string }
  | { kind: 'invoke'; id: number; channel: string; request: unknown }
  | { kind: 'result'; id: number; result: unknown }
  | { kind: 'event'; channel: string; payload: unknown };
