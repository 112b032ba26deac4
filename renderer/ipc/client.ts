import type { Document } from '../../shared/domain/document';
import type { BridgeLink, ContentSource, IntakeBridge } from '../../shared/ipc/api';
import type {
  EventChannel,
  EventPayload,
  InvokeChannel,
  InvokeRequest,
  InvokeResponse,
} from '../../shared/ipc/contract';
import { IpcCallError } from '../../shared/ipc/errors';

/** Typed calls for UI code: resolves with the value or throws IpcCallError carrying the IpcError. */
export class IntakeClient {
  constructor(private readonly bridge: IntakeBridge) {}

  async call<C extends InvokeChannel>(channel: C, request: InvokeRequest<C>): Promise<InvokeResponse<C>> {
    const result = await this.bridge.invoke(channel, request);
    if (!result.ok) throw new IpcCallError(result.error);
    return result.value;
  }

  on<E extends EventChannel>(channel: E, listener: (payload: EventPayload<E>) => void): () => void {
    return this.bridge.on(channel, listener);
  }

  /** The link to the core, where the shell's transport can break (web shell); nothing in Electron. */
  onLink(listener: (link: BridgeLink) => void): () => void {
    return this.bridge.onLink?.(listener) ?? (() => undefined);
  }

  /** Imports a dropped File (streamed by the shell; its bytes never pass through invoke). */
  async importFile(file: File): Promise<Document> {
    const result = await this.bridge.importFile(file);
    if (!result.ok) throw new IpcCallError(result.error);
    return result.value;
  }

  contentSource(documentId: string): ContentSource {
    return this.bridge.contentSource(documentId);
  }
}

let client: IntakeClient | undefined;
export function setIntakeClient(c: IntakeClient): void {
  client = c;
}
export function intake(): IntakeClient {
  if (!client) throw new Error('IntakeClient used before the bridge was connected');
  return client;
}
