/**
 * What the tagging form asks for: a document's text → candidates → suggestions checked against the
 * platform. The text comes from the cache when the content was read before.
 */
import type { DocumentSuggestions } from '../../../shared/domain/suggestions';
import { defaultFieldPatterns, findCandidates } from './candidates';
import type { FieldPattern } from './candidates';
import { ocrLanguageCodes } from '../../../shared/domain/ocr-languages';
import type { DocumentTextService } from './document-text';
import { pageChars } from './page-text';
import type { SuggestionPlatform } from './suggest';
import { suggest } from './suggest';

export interface DocumentSuggestionDeps {
  text: DocumentTextService;
  /** The OCR languages of a document (its folder profile's); default the text service's. */
  languagesOf?: (id: string) => string | Promise<string>;
  platform: () => SuggestionPlatform;
  /** The active environment's case-number pattern, if it has one. */
  caseNumberPattern: () => string | undefined;
  /** Extra or replacing patterns (a folder profile's); default: defaultFieldPatterns. */
  patterns?: () => FieldPattern[] | undefined;
  now: () => number;
}

/** Today in the machine's time zone as YYYY-MM-DD (the policy search's date). */
export function localIsoDate(ms: number): string {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** `first`: the clerk opened the document and waits on it: its text is read before those waiting. */
export async function documentSuggestions(
  deps: DocumentSuggestionDeps,
  path: string,
  ocrLanguages?: string,
  first = false,
): Promise<DocumentSuggestions> {
  const read = ocrLanguages ?? deps.text.languages;
  const languages = ocrLanguageCodes(read);
  const text = await deps.text.textOf(path, undefined, read, first);
  if (!text.ok) return { pages: [], pageCount: 0, suggestions: [], problems: [text.message], languages };
  const pages = text.pages.filter((p) => p !== undefined);
  const patterns = deps.patterns?.() ?? defaultFieldPatterns(deps.caseNumberPattern());
  const candidates = findCandidates(pages, patterns);
  const { suggestions, problems } = await suggest(candidates, deps.platform(), { today: localIsoDate(deps.now()) });
  return {
    pages: pages.map((p) => ({ page: p.page, source: p.source, chars: pageChars(p) })),
    pageCount: text.pageCount,
    suggestions,
    problems,
    languages,
  };
}
