import type { EventChannel, EventPayload } from '../../../shared/ipc/contract';

export type EventListener = <E extends EventChannel>(channel: E, payload: EventPayload<E>) => void;

/** Main → renderer events, fanned out to every attached transport (Electron windows, web-shell sockets). */
export class EventBus {
  private readonly listeners = new Set<EventListener>();

  emit<E extends EventChannel>(channel: E, payload: EventPayload<E>): void {
    for (const listener of this.listeners) {
      try {
        listener(channel, payload);
      } catch {
        // A broken transport must not stop the others.
      }
    }
  }

  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
