import type { DocumentState, HeldBy } from '../../../shared/domain/document';
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

/**
 * Refuses a clerk's change to a document another clerk has open (an office, issue #50 item 3): two clerks
 * never change one document. Read in the command's unit of work, so the row is locked: a take waits for the
 * change, and a change after a take sees it. A free document (no one has it, or their hold lapsed) is
 * changed as it is, without taking it: the window takes what it opens (documents.take); a command on
 * several documents (submitting a selection) needs no take.
 */
export function requireNotHeld(d: StoredDocument): void {
  if (d.heldBy) throw heldByAnother(d.fileName, d.heldBy);
}

/** office.held: who has it, in the sentence; the renderer says it from the code (error-messages.ts). */
export function heldByAnother(fileName: string, h: HeldBy): IntakeError {
  return new IntakeError(
    'validation',
    'office.held',
    `${fileName} is open at ${h.station} by ${h.clerk} since ${h.since}; it cannot be changed until they leave it.`,
    { heldBy: h },
  );
}
