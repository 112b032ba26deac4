import { z } from 'zod';
import type { MetadataField } from '../platform/inbox';
import { fileNameProblem } from './file-name';

/**
 * The eight metadata fields of a document, as sent in the digital inbox's Metadata-* headers.
 * Length and character rules are our documented choice (docs/platform-choices.md, "Metadata headers");
 * the header encoding itself lives in ./metadata-header-value.ts (client and sandbox).
 */
export const METADATA_MAX_LENGTH = 255;

/**
 * Every control character is refused: C0 (U+0000–U+001F, TAB included), DEL and C1 (U+0080–U+009F).
 * CR, LF and NUL would split or cut a header; the others cannot be meant in a case or policy number (a TAB
 * is a paste from a spreadsheet cell) and would only fail later, at the upload. The header rule
 * (./metadata-header-value.ts) refuses the same set on both sides.
 */
const LINE_BREAK = /[\r\n\0]/;
// eslint-disable-next-line no-control-regex
export const METADATA_CONTROL_CHARACTERS = /[\x00-\x1f\x7f-\x9f]/;
const TOO_LONG = `at most ${METADATA_MAX_LENGTH} characters`;
const LINE_BREAKS = 'line breaks are not allowed';
const CONTROLS = 'tabs and other control characters are not allowed';

/** Why a metadata value cannot be used, or undefined: the schema's rule, for values from elsewhere (file names). */
export function metadataValueProblem(value: string): string | undefined {
  if (value.length > METADATA_MAX_LENGTH) return TOO_LONG;
  if (LINE_BREAK.test(value)) return LINE_BREAKS;
  if (METADATA_CONTROL_CHARACTERS.test(value)) return CONTROLS;
  return undefined;
}

const value = z
  .string()
  .max(METADATA_MAX_LENGTH, TOO_LONG)
  .refine((v) => !LINE_BREAK.test(v), LINE_BREAKS)
  .refine((v) => !METADATA_CONTROL_CHARACTERS.test(v), CONTROLS);
const field = value.optional();

/** The name the platform files the document under: a name, not a path (./file-name.ts). */
const fileNameField = value
  .refine((v) => fileNameProblem(v) !== 'path', 'a file name, not a path: / and \\ are not allowed')
  .optional();

export const MetadataSchema = z.object({
  primaryFileName: fileNameField,
  itemId: field,
  caseNumber: field,
  responsibleUserId: field,
  responsibleDepartmentId: field,
  documentTypeCode: field,
  registrationNumber: field,
  policyNumber: field,
} satisfies Record<MetadataField, unknown>);
export type Metadata = z.infer<typeof MetadataSchema>;

/**
 * Metadata as stored with a document, read back without the input rules: a value that slipped in before a
 * rule existed (a TAB, an over-long file-name capture) must not make a whole list unreadable. Input —
 * documents.update, defaults in the settings, file-name captures — is checked with MetadataSchema; the
 * header encoder refuses such a value at the upload with its own clear error.
 */
export const StoredMetadataSchema = z.object(
  Object.fromEntries(Object.keys(MetadataSchema.shape).map((k) => [k, z.string().optional()])) as Record<
    MetadataField,
    z.ZodOptional<z.ZodString>
  >,
);
