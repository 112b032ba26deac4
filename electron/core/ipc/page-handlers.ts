import type { PageEditService } from '../capture/page-tools/page-edit-service';
import type { DraftStore } from '../drafts/draft-store';
import type { PartialHandlerTable } from './handler-table';

/** Page tools (issue #16 item 4). */
export function createPageHandlers(
  pages: PageEditService,
  /** Values typed and not sent: a merge that would lose one is refused as one that would lose a saved value. */
  drafts: Pick<DraftStore, 'valuesOf'>,
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
    'documents.mergePages': ({ ids }) => pages.merge(ids, (id) => drafts.valuesOf(id)),
    'documents.undoPageEdit': ({ id }) => pages.undo(id),
    'documents.pageEdits': async ({ id }) => pages.state(id),
  };
}
