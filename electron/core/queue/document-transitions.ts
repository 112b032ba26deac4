import type { Document, DocumentState } from '../../../shared/domain/document';
import type { EventBus } from '../events/event-bus';

/**
 * Calls `onChange` once per state a document enters, from the queue's `documents.changed` events (which
 * repeat a document for progress and metadata edits). Holds one entry per document not yet archived, so it
 * stays small however long the agent runs. It sits with the queue, which owns a document's states; its
 * listeners are monitoring (health/) and the text services (suggestions/).
 *
 * Only this station's own changes unless `elsewhere` is asked for: in an office, the changes other stations
 * make (their uploads, their failures) are theirs to log and count; a station's health counting them would
 * look well while only the others send.
 */
export function onDocumentTransitions(
  bus: EventBus,
  onChange: (document: Document, previous: DocumentState | undefined) => void,
  o: { elsewhere?: boolean } = {},
): () => void {
  const last = new Map<string, DocumentState>();
  return bus.on('documents.changed', ({ documents, removed, elsewhere }) => {
    if (elsewhere && !o.elsewhere) {
      // Not followed here: a later change of this station's starts from what it sees then.
      for (const d of documents) last.delete(d.id);
      return;
    }
    for (const d of documents) {
      const previous = last.get(d.id);
      if (previous === d.state) continue;
      if (d.state === 'archived') last.delete(d.id);
      else last.set(d.id, d.state);
      onChange(d, previous);
    }
    for (const id of removed) last.delete(id);
  });
}
