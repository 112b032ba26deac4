import type { DomainEvent, DomainEventOf, DomainEventType } from './domain-events';
import { isDomainEventOf } from './domain-events';

export type DomainEventListener = (event: DomainEvent) => void;

/**
 * The core's domain events (domain-events.ts), from the service where a thing happened to every service
 * that follows it. The screen is one subscriber among them: ipc/ipc-events.ts projects these events onto
 * the IPC contract's; no core service listens to the IPC events.
 */
export class EventBus {
  private readonly listeners = new Set<DomainEventListener>();

  emit(event: DomainEvent): void {
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {
        // A broken listener must not stop the others (nor the service that emitted).
      }
    }
  }

  /** Every event (the screen's projection, the notifications' failure detector). */
  subscribe(listener: DomainEventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The events of one type, already narrowed. */
  on<T extends DomainEventType>(type: T, listener: (event: DomainEventOf<T>) => void): () => void {
    return this.subscribe((event) => {
      if (isDomainEventOf(event, type)) listener(event);
    });
  }
}
