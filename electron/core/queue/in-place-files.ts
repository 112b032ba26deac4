import type { Archiver } from './archiver';
import type { DocumentQueue } from './document-queue';
import type { DocumentStore } from './document-store';
import type { InPlaceFiles } from '../intake/shared-folder/shared-folder';

/**
 * An upgraded station's files taken in place, for the shared folder to move into its `taken/` at start. The
 * queue's uploads already run then: a document archived beside the move looked for its file where it was,
 * so once that archiving ended the file is removed where it now lies (it would otherwise wait in `taken/`).
 */
export function inPlaceFiles(
  store: Pick<DocumentStore, 'inPlaceSources' | 'moveSource' | 'get'>,
  queue: Pick<DocumentQueue, 'archived'>,
  archiver: Pick<Archiver, 'removeSource'>,
): InPlaceFiles {
  return {
    list: (root) => store.inPlaceSources(root),
    async moved(id, path) {
      store.moveSource(id, path);
      await queue.archived(id);
      const doc = store.get(id);
      if (doc?.state === 'archived') await archiver.removeSource(doc);
    },
  };
}
