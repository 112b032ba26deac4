import type { Document } from '../../../shared/domain/document';
import type { DraftValues } from '../../../shared/domain/drafts';
import { draftFromDocuments, METADATA_FIELDS, setField } from './metadata-form-model';
import type { DraftState } from './metadata-form-model';

/**
 * The form for these documents: their metadata, with what the clerk typed and has not sent laid over it
 * (issue #31 item 2). In a batch a field takes a kept value only when every document kept the same one.
 */
export function draftWithSaved(docs: readonly Document[], saved: Readonly<Record<string, DraftValues>>): DraftState {
  let draft = draftFromDocuments(docs);
  if (!docs.length) return draft;
  for (const field of METADATA_FIELDS) {
    const kept = new Set(docs.map((d) => saved[d.id]?.[field]));
    const [value] = [...kept];
    if (kept.size === 1 && value !== undefined) draft = setField(draft, field, value);
  }
  return draft;
}

/**
 * What to keep per document after the form changed: its earlier kept values, with the fields the clerk
 * touched now replaced, and only where they differ from the document's metadata. `values: undefined` means
 * nothing is left to keep. Only documents whose kept values change are listed.
 */
export function draftsToKeep(
  docs: readonly Document[],
  draft: DraftState,
  saved: Readonly<Record<string, DraftValues>>,
): { documentId: string; values: DraftValues | undefined }[] {
  const out: { documentId: string; values: DraftValues | undefined }[] = [];
  for (const doc of docs) {
    const values: DraftValues = { ...saved[doc.id] };
    for (const field of draft.touched) {
      const typed = draft.values[field];
      if (typed !== (doc.metadata[field] ?? '')) values[field] = typed;
      else delete values[field];
    }
    const next = Object.keys(values).length ? values : undefined;
    if (JSON.stringify(next) !== JSON.stringify(saved[doc.id])) out.push({ documentId: doc.id, values: next });
  }
  return out;
}
