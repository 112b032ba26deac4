import type { Document, DocumentState } from '../../../shared/domain/document';

// The order is shared with the core's background reading (issue #48 item 3): shared/domain/inbox-order.ts.
export { compareNewestFirst } from '../../../shared/domain/inbox-order';
import { compareNewestFirst } from '../../../shared/domain/inbox-order';

/**
 * Where documents come from: the core's documents.changed events, in the order things happened, or the
 * answer to a call (import, tag, retry, a list), a snapshot taken when the call was served.
 */
export type DocumentsFrom = 'event' | 'answer';

/**
 * Applies changed documents to the map. Pure: returns a new map, leaves the old one alone. An answer can
 * reach the screen after events that happened later (an import's answer after the upload already failed,
 * on a busy station): a snapshot older than the document held is not applied, so the screen never goes
 * back to a state the document has left. Events always apply.
 */
export function mergeDocuments(
  current: Readonly<Record<string, Document>>,
  changed: readonly Document[],
  removed: readonly string[] = [],
  from: DocumentsFrom = 'event',
): Record<string, Document> {
  const next: Record<string, Document> = { ...current };
  for (const doc of changed) {
    const held = current[doc.id];
    if (from === 'answer' && held && held.updatedAt > doc.updatedAt) continue;
    next[doc.id] = doc;
  }
  for (const id of removed) delete next[id];
  return next;
}

/** Which documents the inbox lists. `open` is the clerk's work: not yet sent or sent and failed. */
export type InboxFilter = 'open' | 'all';
export const OPEN_STATES: readonly DocumentState[] = ['new', 'tagged', 'failed'];

/** Whether the search finds the document by its name or its case or policy number. */
export function matchesByName(d: Document, query: string): boolean {
  const q = query.trim().toLowerCase();
  return (
    !q ||
    d.fileName.toLowerCase().includes(q) ||
    (d.metadata.caseNumber ?? '').toLowerCase().includes(q) ||
    (d.metadata.policyNumber ?? '').toLowerCase().includes(q)
  );
}

/**
 * The listed documents, newest first. The search finds a document by its name, its case or policy number,
 * or (`textMatches`, from the core's documents.searchText for this query) by the text read from it.
 */
export function inboxOrder(
  docs: Readonly<Record<string, Document>>,
  filter: InboxFilter,
  query = '',
  textMatches: Readonly<Record<string, string>> = {},
): string[] {
  return Object.values(docs)
    .filter((d) => filter === 'all' || OPEN_STATES.includes(d.state))
    .filter((d) => matchesByName(d, query) || d.id in textMatches)
    .sort(compareNewestFirst)
    .map((d) => d.id);
}
