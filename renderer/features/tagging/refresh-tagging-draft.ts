import type { AppState } from '../../app/app-state';

/**
 * The tagging form keeps its draft per selection and does not follow metadata changed elsewhere. When this
 * feature sets a case number on a document the form shows (create case, tag with a partner's claim), the
 * draft is dropped so the form reloads from the document instead of showing the old, empty number.
 */
export function refreshTaggingDraft(
  state: Pick<AppState, 'draftKey'>,
  documentIds: readonly string[],
): Partial<AppState> {
  const shown = state.draftKey.split('|');
  return documentIds.some((id) => shown.includes(id)) ? { draftKey: '' } : {};
}
