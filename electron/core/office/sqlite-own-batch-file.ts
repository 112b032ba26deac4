import type { BatchStore } from '../capture/batches/batch-store';
import type { DocumentStore } from '../queue/document-store';
import type { OwnBatchFile } from './office-joining';

/**
 * The SQLite engine of joining's OwnBatchFile port (office-joining.ts). The capture batches of the station's
 * own file (queue.sqlite) as joining reads and removes them: capture's
 * SQLite store (capture/batches/batch-store.ts) and the documents' (queue/document-store.ts), read directly
 * on purpose, since what is moved is that file's content.
 */
export function ownBatchFile(batches: BatchStore, documents: DocumentStore): OwnBatchFile {
  return {
    notDone: () => batches.notDone(),
    partsOf: (batchId) => batches.partsOf(batchId),
    archivedDocument: (documentId) => {
      const d = documents.get(documentId);
      return d?.state === 'archived' ? d : undefined;
    },
    // One transaction: the parts that went with it, the batch's file's seen key (recorded under the batch's
    // id when it was taken), its part links and its row.
    forgetMoved: (batchId, archivedParts) =>
      documents.transaction(() => {
        for (const id of archivedParts) documents.forgetMoved(id);
        documents.forgetMoved(batchId);
        batches.forgetMoved(batchId);
      }),
  };
}
