import type { Document } from '../../../shared/domain/document';
import type { CaseChangeEvent } from '../../../shared/platform/events';
import type { Logger } from '../util/logger';
import type { CaseDocuments } from './case-ports';

/**
 * Marks uploaded documents as confirmed when an AttachmentsAdded change names them: same case number,
 * file name (the name sent as Metadata-Primary-FileName, else the file's own) and size in bytes. Each
 * attachment confirms at most one document, the one uploaded first, so two scans of the same name and
 * size are confirmed by two attachments, not one.
 */
export async function confirmAttachments(
  event: CaseChangeEvent,
  documents: CaseDocuments,
  logger: Logger,
): Promise<Document[]> {
  const caseNumber = event.case.number;
  if (!caseNumber) return [];
  const attachments = event.changes.flatMap((c) =>
    c.property === 'AttachmentsAdded' && 'attachments' in c
      ? (c.attachments as { fileName: string; fileSize: number }[])
      : [],
  );
  if (attachments.length === 0) return [];
  const candidates = (await documents.unconfirmedUploads(caseNumber)).sort((a, b) =>
    (a.uploadedAt ?? a.updatedAt).localeCompare(b.uploadedAt ?? b.updatedAt),
  );
  const confirmed: Document[] = [];
  for (const attachment of attachments) {
    const index = candidates.findIndex(
      (d) =>
        d.size === attachment.fileSize &&
        (d.fileName === attachment.fileName || d.metadata.primaryFileName === attachment.fileName),
    );
    const match = candidates[index];
    if (!match) continue;
    candidates.splice(index, 1);
    try {
      confirmed.push(await documents.markConfirmed(match.id, event.timestamp));
    } catch (e) {
      logger.warn('activity: could not mark a document confirmed', { documentId: match.id, error: e });
    }
  }
  return confirmed;
}
