/**
 * "Create case from this document": the document's text (cached; OCR for a scan), the create-case schema
 * the platform returns for the active environment, and the platform's answer about the policy → a draft.
 */
import type { CaseDraft } from '../../../shared/domain/case-draft';
import type { CaseSchemaAnswer } from '../../../shared/domain/cases';
import type { DocumentTextService } from '../suggestions/document-text';
import { localIsoDate } from '../suggestions/document-suggestions';
import type { SuggestionPlatform } from '../suggestions/suggest';
import { draftCase } from './case-draft';
import { confirmPolicy } from './confirm-policy';

export interface NoticeDraftDeps {
  text: Pick<DocumentTextService, 'textOf'>;
  /** The active environment's create-case input schema (cases/schema-cache.ts). */
  schema: () => Promise<CaseSchemaAnswer>;
  platform: () => Pick<SuggestionPlatform, 'searchCustomers'>;
  fileOf: (id: string) => string | Promise<string>;
  /** The OCR languages of the document (its folder profile's); default the text service's. */
  languagesOf?: (id: string) => string | Promise<string>;
  now: () => number;
  /**
   * The date the draft is made as of (YYYY-MM-DD): the policy search's date (a policy in force on it is
   * filled) and the last possible date of loss. Default the local date of now(). The bench and `case-draft
   * --as-of` fix it, so the same letters give the same draft on any day.
   */
  asOf?: string;
}

export async function draftFromDocument(deps: NoticeDraftDeps, id: string): Promise<CaseDraft> {
  const schema = await deps.schema();
  const base = {
    key: schema.key,
    ...(schema.schemaVersion !== undefined ? { schemaVersion: schema.schemaVersion } : {}),
  };
  const text = await deps.text.textOf(await deps.fileOf(id), undefined, await deps.languagesOf?.(id));
  if (!text.ok) return { ...base, values: [], problems: [text.message] };
  const pages = text.pages.filter((p) => p !== undefined);
  const today = deps.asOf ?? localIsoDate(deps.now());
  const problems: string[] = [];
  const policy = await confirmPolicy(pages, deps.platform(), today, problems);
  return draftCase({ pages, model: schema.model, ...base, ...(policy ? { policy } : {}), today, problems });
}
