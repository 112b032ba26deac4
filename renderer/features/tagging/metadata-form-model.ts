import type { Document } from '../../../shared/domain/document';
import { MetadataSchema } from '../../../shared/domain/metadata';
import type { Metadata } from '../../../shared/domain/metadata';
import { metadataProblems } from '../../../shared/domain/metadata-check';
import type { MetadataRules } from '../../../shared/domain/metadata-check';

export type MetadataField = keyof Metadata;

/** Form order: what the clerk fills most often first. */
export const METADATA_FIELDS = [
  'caseNumber',
  'policyNumber',
  'documentTypeCode',
  'itemId',
  'registrationNumber',
  'responsibleUserId',
  'responsibleDepartmentId',
  'primaryFileName',
] as const satisfies readonly MetadataField[];

/** Fields that describe one file, so "same as previous" does not copy them. */
export const PER_FILE_FIELDS: readonly MetadataField[] = ['primaryFileName', 'itemId'];

export type Draft = Record<MetadataField, string>;

export interface DraftState {
  values: Draft;
  /** Fields whose values differ between the selected documents (batch) and the clerk has not touched. */
  mixed: MetadataField[];
  touched: MetadataField[];
}

export function emptyDraft(): Draft {
  return Object.fromEntries(METADATA_FIELDS.map((f) => [f, ''])) as Draft;
}

/** Prefills from the documents' metadata; where the documents disagree the field is marked mixed. */
export function draftFromDocuments(docs: readonly Document[]): DraftState {
  const values = emptyDraft();
  const mixed: MetadataField[] = [];
  for (const field of METADATA_FIELDS) {
    const distinct = new Set(docs.map((d) => d.metadata[field] ?? ''));
    if (distinct.size === 1) values[field] = [...distinct][0] ?? '';
    else if (distinct.size > 1) mixed.push(field);
  }
  return { values, mixed, touched: [] };
}

export function setField(state: DraftState, field: MetadataField, value: string): DraftState {
  return {
    values: { ...state.values, [field]: value },
    mixed: state.mixed.filter((f) => f !== field),
    touched: state.touched.includes(field) ? state.touched : [...state.touched, field],
  };
}

/** "Same as previous": the last submitted values, except the fields that belong to one file. */
export function applyPrevious(state: DraftState, previous: Metadata): DraftState {
  let next = state;
  for (const field of METADATA_FIELDS) {
    if (PER_FILE_FIELDS.includes(field)) continue;
    next = setField(next, field, previous[field] ?? '');
  }
  return next;
}

/** Trims and drops empty values: an empty header is not sent at all. */
export function cleanMetadata(values: Partial<Draft>): Metadata {
  const out: Metadata = {};
  for (const field of METADATA_FIELDS) {
    const v = values[field]?.trim();
    if (v) out[field] = v;
  }
  return out;
}

export type FieldErrors = Partial<Record<MetadataField | 'form', string>>;

/**
 * Shape rules come from MetadataSchema; on top, a document must carry a case number or a policy number,
 * because without either the platform cannot file it (docs/platform-choices.md, "Renderer"), and the
 * rules that need no platform (shared/domain/metadata-check.ts: the folder profile's required fields, a
 * configured document type, the case number's form). A batch field whose values differ is left to the
 * core's documents.check, which sees each document's own value.
 */
export function validateDraft(state: DraftState, rules: MetadataRules = { documentTypes: [] }): FieldErrors {
  const errors: FieldErrors = {};
  const parsed = MetadataSchema.safeParse(cleanMetadata(state.values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0];
      if (typeof field === 'string' && !(field in errors)) errors[field as MetadataField] = issue.message;
    }
  }
  const problems = metadataProblems(cleanMetadata(state.values), rules);
  for (const [field, code] of Object.entries(problems) as [MetadataField, string][]) {
    if (!(field in errors) && !state.mixed.includes(field)) errors[field] = code;
  }
  const has = (f: MetadataField) => state.values[f].trim() !== '' || state.mixed.includes(f);
  if (!has('caseNumber') && !has('policyNumber')) errors.form = 'tagging.error.caseOrPolicy';
  return errors;
}

/**
 * What each selected document is submitted with: its own metadata, overridden by the fields the clerk
 * set (all fields for a single document). Documents that end up equal share one submit call.
 */
export function submitGroups(docs: readonly Document[], state: DraftState): { ids: string[]; metadata: Metadata }[] {
  const edited = docs.length === 1 ? [...METADATA_FIELDS] : METADATA_FIELDS.filter((f) => !state.mixed.includes(f));
  const groups = new Map<string, { ids: string[]; metadata: Metadata }>();
  for (const doc of docs) {
    const merged: Partial<Draft> = {};
    for (const field of METADATA_FIELDS) {
      merged[field] = edited.includes(field) ? state.values[field] : (doc.metadata[field] ?? '');
    }
    const metadata = cleanMetadata(merged);
    const key = JSON.stringify(metadata);
    const group = groups.get(key);
    if (group) group.ids.push(doc.id);
    else groups.set(key, { ids: [doc.id], metadata });
  }
  return [...groups.values()];
}

/** Field errors from the core (keys like `metadata.caseNumber`) mapped onto form fields. */
export function fieldErrorsFromIpc(fields: Record<string, string> | undefined): FieldErrors {
  const errors: FieldErrors = {};
  for (const [path, message] of Object.entries(fields ?? {})) {
    const field = path.split('.').pop();
    if (field && (METADATA_FIELDS as readonly string[]).includes(field)) errors[field as MetadataField] = message;
  }
  return errors;
}
