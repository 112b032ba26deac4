import { basename } from 'node:path';
import { IntakeError } from '../errors';
import type { DocumentQueue } from '../queue/document-queue';
import type { PartialHandlerTable } from './handler-table';

export type DocumentChannel =
  | 'documents.list'
  | 'documents.get'
  | 'documents.content'
  | 'documents.import'
  | 'documents.tag'
  | 'documents.submit'
  | 'documents.retry'
  | 'documents.cancel'
  | 'queue.status'
  | 'queue.pause'
  | 'queue.resume'
  | 'queue.history';

export interface DocumentHandlerDeps {
  queue: DocumentQueue;
}

/** The documents.* and queue.* channels; requests arrive parsed by the contract's schemas. */
export function createDocumentHandlers({ queue }: DocumentHandlerDeps): PartialHandlerTable<DocumentChannel> {
  return {
    'documents.list': async (r) =>
      queue.list({
        limit: r.limit,
        offset: r.offset,
        ...(r.states ? { states: r.states } : {}),
        ...(r.query ? { query: r.query } : {}),
      }),
    'documents.get': async (r) => queue.get(r.id),
    'documents.content': async (r) => {
      const { contentType, bytes } = await queue.content(r.id);
      return { contentType, base64: bytes.toString('base64') };
    },
    'documents.import': async (r) => {
      // A dropped file's name is only a name: never a path into our folders.
      const name = basename(r.fileName.replaceAll('\\', '/')).trim();
      if (name === '' || name === '.' || name === '..')
        throw new IntakeError('validation', 'import.name', 'The dropped file has no usable name.');
      return queue.importBytes(name, Buffer.from(r.base64, 'base64'));
    },
    'documents.tag': async (r) => queue.tag(r.ids, r.metadata),
    'documents.submit': async (r) => queue.submit(r.ids, r.metadata, r.confirmDuplicate),
    'documents.retry': async (r) => queue.retry(r.ids),
    'documents.cancel': async (r) => queue.cancel(r.ids),
    'queue.status': async () => queue.status(),
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
