import type { ClerkHolds } from '../office/clerk-holds';
import { aloneHolds } from '../office/clerk-holds';
import type { DocumentQueue } from '../queue/document-queue';
import type { DocumentImporter } from '../transfer/document-importer';
import type { PartialHandlerTable } from './handler-table';

export type DocumentChannel =
  | 'documents.list'
  | 'documents.get'
  | 'documents.importPath'
  | 'documents.tag'
  | 'documents.submit'
  | 'documents.take'
  | 'documents.leave'
  | 'documents.retry'
  | 'documents.cancel'
  | 'queue.status'
  | 'queue.pause'
  | 'queue.resume'
  | 'queue.history';

export interface DocumentHandlerDeps {
  queue: DocumentQueue;
  importer: DocumentImporter;
  /** How long the clerk's submit waits before the upload leaves (the settings' grace; absent: none). */
  sendGraceMs?: () => number;
  /** What the clerk has open (an office's holds); absent: a station alone, which grants every take. */
  holds?: ClerkHolds;
}

/** The documents.* and queue.* channels; requests arrive parsed by the contract's schemas. */
export function createDocumentHandlers({
  queue,
  importer,
  sendGraceMs,
  holds = aloneHolds,
}: DocumentHandlerDeps): PartialHandlerTable<DocumentChannel> {
  return {
    'documents.list': async (r) =>
      queue.list({
        limit: r.limit,
        offset: r.offset,
        ...(r.states ? { states: r.states } : {}),
        ...(r.query ? { query: r.query } : {}),
      }),
    'documents.get': async (r) => queue.get(r.id),
    // Electron only (the web shell refuses it): the preload took the path from a dropped File.
    'documents.importPath': async (r) => importer.fromPath(r.path),
    'documents.tag': async (r) => queue.tag(r.ids, r.metadata),
    'documents.submit': async (r) => queue.submit(r.ids, r.metadata, r.confirmDuplicate, sendGraceMs?.() ?? 0),
    'documents.take': async (r) => holds.take(r.id),
    'documents.leave': async (r) => {
      await holds.leave(r.id);
      return {};
    },
    'documents.retry': async (r) => queue.retry(r.ids),
    'documents.cancel': async (r) => queue.cancel(r.ids),
    'queue.status': async () => queue.freshStatus(),
    'queue.pause': async () => queue.pause(),
    'queue.resume': async () => queue.resume(),
    'queue.history': async (r) =>
      queue.history({
        limit: r.limit,
        ...(r.query ? { query: r.query } : {}),
        ...(r.from ? { from: r.from } : {}),
        ...(r.to ? { to: r.to } : {}),
      }),
  };
}
