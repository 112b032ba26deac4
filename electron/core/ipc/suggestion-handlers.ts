import { ocrLanguageCodes } from '../../../shared/domain/ocr-languages';
import type { DocumentSuggestionDeps } from '../suggestions/document-suggestions';
import { pageWordsOf } from '../suggestions/page-words';
import { documentSuggestions } from '../suggestions/document-suggestions';
import type { TextSearch } from '../suggestions/text-search';
import type { TypeGuess } from '../doctype/type-classifier';
import type { PartialHandlerTable } from './handler-table';

/** Suggestions for the tagging form (issue #17): the document's file is found by its id in the queue. */
export function createSuggestionHandlers(
  deps: DocumentSuggestionDeps & {
    fileOf: (id: string) => string | Promise<string>;
    /** The SHA-256 of the document's content as the preview shows it (page edits included). */
    contentHashOf: (id: string) => string | Promise<string>;
    search: TextSearch;
    suggestType: (id: string) => Promise<TypeGuess | undefined>;
    /** The clerk's reading order: these are read next in the background (BackgroundText.first). */
    readNext?: (ids: string[]) => void;
  },
): PartialHandlerTable<
  'documents.suggestions' | 'ocr.info' | 'documents.searchText' | 'documents.suggestType' | 'documents.pageWords'
> {
  return {
    'documents.suggestType': async ({ id }) => (await deps.suggestType(id)) ?? null,
    'documents.suggestions': async ({ id, next }) => {
      const [file, languages] = [await deps.fileOf(id), await deps.languagesOf?.(id)];
      // The open document is read first (its own request, PoolTask.first); the next in the list after it.
      if (next) deps.readNext?.([next]);
      return documentSuggestions(deps, file, languages, true);
    },
    'documents.pageWords': async ({ id, page, read }) => {
      const hash = await deps.contentHashOf(id);
      const languages = await deps.languagesOf?.(id);
      let text = await deps.text.cachedText(hash, languages);
      if (!text && read) {
        // Shared with a read of the same content under way (the tagging form's suggestions).
        const r = await deps.text.textOf(await deps.fileOf(id), undefined, languages);
        if (r.ok) text = { pageCount: r.pageCount, pages: r.pages };
      }
      return pageWordsOf(text, page, !text && (await deps.text.readFailure(hash)) !== undefined);
    },
    'ocr.info': async () => ({
      languages: ocrLanguageCodes(deps.text.languages),
      maxOcrPages: deps.text.maxOcrPages,
      threads: deps.text.threads,
    }),
    'documents.searchText': async ({ query, limit }) => ({ matches: await deps.search.search(query, limit) }),
  };
}
