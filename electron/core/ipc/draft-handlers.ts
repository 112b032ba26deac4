import type { DraftStorage } from '../drafts/draft-storage';
import type { PartialHandlerTable } from './handler-table';

/** Unsent typed values per document (issue #31 item 2). */
export function createDraftHandlers(
  drafts: DraftStorage,
): PartialHandlerTable<'drafts.list' | 'drafts.save' | 'drafts.discard'> {
  return {
    'drafts.list': async () => drafts.list(),
    'drafts.save': async ({ documentId, values }) => drafts.save(documentId, values),
    'drafts.discard': async ({ ids }) => {
      await drafts.discard(ids);
      return {};
    },
  };
}
