import type { EventChannel, EventPayload } from '../../../shared/ipc/contract';
import type { EventBus } from '../events/event-bus';
import { projectForScreen } from './ipc-projection';

export type IpcEventListener = <E extends EventChannel>(channel: E, payload: EventPayload<E>) => void;

/**
 * Main → renderer events, fanned out to every attached transport (Electron windows, web-shell sockets).
 * Their one source is the core's domain events, projected for the screen (ipc-projection.ts).
 */
export class IpcEvents {
  private readonly listeners = new Set<IpcEventListener>();
  private readonly unsubscribe: () => void;

  constructor(domain: EventBus) {
    this.unsubscribe = domain.subscribe((event) => {
      const { channel, payload } = projectForScreen(event);
      for (const listener of this.listeners) {
        try {
          listener(channel, payload);
        } catch {
          // A broken transport must not stop the others.
        }
      }
    });
  }

  subscribe(listener: IpcEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close(): void {
    this.unsubscribe();
    this.listeners.clear();
  }
}
