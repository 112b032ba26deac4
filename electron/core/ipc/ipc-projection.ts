import type { EventChannel, EventPayload } from '../../../shared/ipc/contract';
import type { DomainEvent } from '../events/domain-events';

/** One event of the IPC contract: its channel and that channel's payload. */
export type IpcEvent = { [E in EventChannel]: { channel: E; payload: EventPayload<E> } }[EventChannel];

/**
 * What the screen is told of a domain event: the IPC contract's event it expects. Every domain event has
 * its line here (the switch is exhaustive), so a new one fails the type check until the screen's view of
 * it is decided.
 */
export function projectForScreen(event: DomainEvent): IpcEvent {
  switch (event.type) {
    case 'documents.changed':
      return { channel: 'documents.changed', payload: { documents: event.documents, removed: event.removed } };
    case 'upload.progress':
      return { channel: 'upload.progress', payload: { id: event.id, sent: event.sent, total: event.total } };
    case 'queue.changed':
      return { channel: 'queue.changed', payload: event.status };
    case 'notice.raised':
      return { channel: 'notice.raised', payload: event.notice };
    case 'connection.changed':
      return { channel: 'connection.changed', payload: event.state };
    case 'settings.saved':
      return { channel: 'settings.changed', payload: event.settings };
    case 'cases.activity':
      return { channel: 'activity.changed', payload: { caseNumbers: event.caseNumbers } };
    case 'navigation.requested':
      return { channel: 'app.navigate', payload: event.target };
    case 'capture.progress':
      return { channel: 'capture.batches', payload: { batches: event.batches } };
    case 'capture.held':
      return { channel: 'capture.held', payload: { batches: event.batches } };
  }
}
