import type { DocumentSuggestions, Suggestion } from '../../../shared/domain/suggestions';
import { policyInForce } from '../../../shared/domain/suggestions';
import type { MetadataField } from './metadata-form-model';

/**
 * Which form field a suggestion fills. Claim ids and dates have no field in the tagging form (the claim
 * follows from the case number), so they get no chip.
 */
const FIELD_OF: Partial<Record<Suggestion['field'], MetadataField>> = {
  caseNumber: 'caseNumber',
  policyNumber: 'policyNumber',
  registrationNumber: 'registrationNumber',
};

export const SUGGESTED_FIELDS: readonly MetadataField[] = ['caseNumber', 'policyNumber', 'registrationNumber'];

export function isSuggestedField(name: string | undefined): name is MetadataField {
  return (SUGGESTED_FIELDS as readonly string[]).includes(name ?? '');
}

/**
 * The chips beside one field: what the platform confirmed first (a policy in force before one that is
 * not), then by page (the core's order).
 */
export function chipsFor(result: DocumentSuggestions | undefined, field: MetadataField): Suggestion[] {
  if (!result) return [];
  const mine = result.suggestions.filter((s) => FIELD_OF[s.field] === field);
  const rank = (s: Suggestion) =>
    s.check === 'unknown' ? 3 : s.check !== 'verified' ? 2 : s.policy && !policyInForce(s.policy) ? 1 : 0;
  return mine
    .map((s, i) => ({ s, i }))
    .sort((a, b) => rank(a.s) - rank(b.s) || a.i - b.i)
    .map(({ s }) => s);
}

/** The suggestion a field's shortcut accepts: its first chip the platform does not call unknown. */
export function topSuggestion(result: DocumentSuggestions | undefined, field: MetadataField): Suggestion | undefined {
  return chipsFor(result, field).find((s) => s.check !== 'unknown');
}

/** The form field a suggestion fills, if any. */
export function formFieldOf(s: Suggestion): MetadataField | undefined {
  return FIELD_OF[s.field];
}
