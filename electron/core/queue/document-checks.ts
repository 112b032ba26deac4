import type { DocumentState } from '../../../shared/domain/document';
import { IntakeError } from '../errors';
import type { DocumentStorage, StoredDocument } from './document-storage';

/** What the clerk hears for a document that is not (or no longer) there. */
export function noSuchDocument(id: string): IntakeError {
  return new IntakeError('not_found', 'document.not_found', `No document with id ${id}.`);
}

/** The document, read through the storage port (inside a unit of work: locked until it commits). */
export async function requireDocument(documents: DocumentStorage, id: string): Promise<StoredDocument> {
  const d = await documents.get(id);
  if (!d) throw noSuchDocument(id);
  return d;
}

/** Refuses a command on a document in a state it does not apply to. */
export function requireState(d: StoredDocument, allowed: readonly DocumentState[], action: string): void {
  if (!allowed.includes(d.state)) {
    throw new IntakeError('validation', 'document.state', `Cannot ${action} ${d.fileName}: it is ${d.state}.`);
  }
}
