import type { Document, HeldBy } from '../../../shared/domain/document';
import type { IpcError } from '../../../shared/ipc/errors';

/** Another clerk has it open: who, for the first such of these documents (issue #50 item 3). */
export function heldByOther(docs: readonly (Document | undefined)[]): HeldBy | undefined {
  return docs.find((d) => d?.heldBy)?.heldBy;
}

/**
 * What a key or button that would change a document another clerk has open says instead of doing nothing
 * silently (shown as the form's press note, in the error catalog's office.held sentence, naming who).
 */
export function heldNote(heldBy: HeldBy): IpcError {
  return {
    code: 'office.held',
    message: `open at ${heldBy.station} by ${heldBy.clerk} since ${heldBy.since}`,
    retryable: false,
    heldBy,
  };
}
