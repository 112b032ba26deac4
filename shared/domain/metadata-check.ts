import { z } from 'zod';
import { caseNumberMatches } from './case-number';
import type { Metadata } from './metadata';
import type { DocumentType } from './settings';
import type { MetadataField } from '../platform/inbox';

/**
 * Problem codes of the checks before queuing. They are catalog keys in the renderer (en/de), so the clerk
 * reads a sentence at the field; the core's documents.check answers with the same codes.
 */
export const CHECK_CODES = {
  required: 'check.required',
  documentTypeUnknown: 'check.documentType.unknown',
  caseNumberFormat: 'check.caseNumber.format',
  caseNumberUnknown: 'check.caseNumber.unknown',
  policyNumberUnknown: 'check.policyNumber.unknown',
} as const;
export type CheckCode = (typeof CHECK_CODES)[keyof typeof CHECK_CODES];

export interface MetadataRules {
  /** Fields the document's folder profile requires (FolderProfile.requiredFields). */
  requiredFields?: readonly MetadataField[] | undefined;
  /** The configured document types; empty = any code is taken. */
  documentTypes: readonly DocumentType[];
  /** The active environment's case-number pattern (caseNumberPatternOf), if any. */
  caseNumberPattern?: string | undefined;
}

/**
 * What can be checked without asking the platform: required fields, a document type from the configured
 * list, the case number's form. Pure: the tagging form runs it as the clerk types, documents.check again.
 */
export function metadataProblems(metadata: Metadata, rules: MetadataRules): Partial<Record<MetadataField, CheckCode>> {
  const problems: Partial<Record<MetadataField, CheckCode>> = {};
  for (const field of rules.requiredFields ?? []) {
    if (!metadata[field]?.trim()) problems[field] = CHECK_CODES.required;
  }
  const type = metadata.documentTypeCode?.trim();
  if (type && rules.documentTypes.length && !rules.documentTypes.some((d) => d.code === type)) {
    problems.documentTypeCode = CHECK_CODES.documentTypeUnknown;
  }
  const caseNumber = metadata.caseNumber?.trim();
  if (caseNumber && !caseNumberMatches(rules.caseNumberPattern, caseNumber)) {
    problems.caseNumber = CHECK_CODES.caseNumberFormat;
  }
  return problems;
}

/** The answer of the checks before queuing (documents.check): problems by field, and what was not asked. */
export const MetadataCheckAnswerSchema = z.object({
  /** Field → problem code (CHECK_CODES). */
  fields: z.record(z.string(), z.string()),
  /** Fields the platform could not be asked about (offline, or no lookup for them): not refused. */
  unchecked: z.array(z.string()),
});
export type MetadataCheckAnswer = z.infer<typeof MetadataCheckAnswerSchema>;
