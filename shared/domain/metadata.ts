import { z } from 'zod';
import type { MetadataField } from '../platform/inbox';

/**
 * The eight metadata fields of a document, as sent in the digital inbox's Metadata-* headers.
 * Length and character rules are our documented choice (docs/platform-choices.md, "Metadata headers");
 * the header encoding itself lives in electron/core/platform/metadata-headers.ts.
 */
export const METADATA_MAX_LENGTH = 255;
const field = z
  .string()
  .max(METADATA_MAX_LENGTH, `at most ${METADATA_MAX_LENGTH} characters`)
  .refine((v) => !/[\r\n\0]/.test(v), 'line breaks are not allowed')
  .optional();

export const MetadataSchema = z.object({
  primaryFileName: field,
  itemId: field,
  caseNumber: field,
  responsibleUserId: field,
  responsibleDepartmentId: field,
  documentTypeCode: field,
  registrationNumber: field,
  policyNumber: field,
} satisfies Record<MetadataField, unknown>);
export type Metadata = z.infer<typeof MetadataSchema>;
