import type { PageEditService } from '../capture/page-tools/page-edit-service';
import type { DraftStorage } from '../drafts/draft-storage';
import type { PartialHandlerTable } from './handler-table';

/** Page tools (issue #16 item 4). */
export function createPageHandlers(
  pages: PageEditService,
  /** Values typed and not sent: a merge that would lose one is refused as one that would lose a saved value. */
  drafts: Pick<DraftStorage, 'list'>,
): PartialHandlerTable<
  | 'documents.editPages'
  | 'documents.splitPages'
  | 'documents.mergePages'
  | 'documents.undoPageEdit'
  | 'documents.pageEdits'
> {
  return {
    'documents.editPages': ({ id, pages: list }) => pages.edit(id, list),
    'documents.splitPages': ({ id, at }) => pages.split(id, at),
    'documents.mergePages': async ({ ids }) => {
      // Through the drafts' port as it is (any engine): the open documents' drafts, read before the merge.
      const typed = new Map((await drafts.list()).map((d) => [d.documentId, d.values]));
      return pages.merge(ids, (id) => typed.get(id));
    },
    'documents.undoPageEdit': ({ id }) => pages.undo(id),
    'documents.pageEdits': async ({ id }) => pages.state(id),
  };
}
