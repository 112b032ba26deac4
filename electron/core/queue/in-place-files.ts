import type { Archiver } from './archiver';
import type { DocumentQueue } from './document-queue';
import type { DocumentStorage } from './document-storage';
import type { InPlaceFiles } from '../intake/shared-folder/shared-folder';

/**
 * An upgraded station's files taken in place, for the shared folder to move into its `taken/` at start. The
 * queue's uploads already run then: a document archived beside the move looked for its file where it was,
 * so once that archiving ended the file is removed where it now lies (it would otherwise wait in `taken/`).
 */
export function inPlaceFiles(
  storage: Pick<DocumentStorage, 'transaction' | 'inPlaceSources' | 'get'>,
  queue: Pick<DocumentQueue, 'archived'>,
  archiver: Pick<Archiver, 'removeSource'>,
): InPlaceFiles {
  return {
    list: (root) => storage.inPlaceSources(root),
    async moved(id, path) {
      // The move is recorded for the document as it is (one taken back meanwhile has none to record).
      await storage.transaction(async (documents) => {
        if (await documents.get(id)) await documents.moveSource(id, path);
      });
      await queue.archived(id);
      const doc = await storage.get(id);
      if (doc?.state === 'archived') await archiver.removeSource(doc);
    },
  };
}
