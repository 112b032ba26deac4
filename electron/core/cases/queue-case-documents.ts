import type { Document } from '../../../shared/domain/document';
import type { DocumentQueue } from '../queue/document-queue';
import type { CaseDocuments } from './case-ports';

/** Upper bound of documents scanned per confirmation; uploaded documents are archived and pruned over time. */
const SCAN_LIMIT = 5000;

/**
 * CaseDocuments over the document queue's public API. Setting `confirmedAt` needs a queue method that
 * does not exist yet (asked of the pipeline): until then the composition root passes it in.
 */
export function queueCaseDocuments(
  queue: Pick<DocumentQueue, 'tag' | 'list' | 'get'>,
  markConfirmed: (id: string, at: string) => Promise<Document>,
): CaseDocuments {
  return {
    tag: async (id, metadata) => {
      const [doc] = await queue.tag([id], metadata);
      if (!doc) throw new Error(`document ${id} was not tagged`);
      return doc;
    },
    get: (id) => queue.get(id),
    unconfirmedUploads: async (caseNumber) =>
      (await queue.list({ states: ['uploaded', 'archived'], limit: SCAN_LIMIT, offset: 0 })).documents.filter(
        (d) => d.metadata.caseNumber === caseNumber && d.confirmedAt === undefined,
      ),
    markConfirmed,
  };
}
