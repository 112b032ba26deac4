import { z } from 'zod';
import { PlatformErrorSchema } from './common';

export const DigitalInboxResponseSchema = z.object({
  success: z.boolean(),
  errors: z
    .array(PlatformErrorSchema)
    .nullish()
    .transform((v) => v ?? []),
  /** Fields of the payload are not shown in the spec; kept as given. */
  payload: z.record(z.string(), z.unknown()).nullish(),
});
export type DigitalInboxResponse = z.infer<typeof DigitalInboxResponseSchema>;

/** The eight Metadata-* headers of the digital inbox, keyed by the name used in the app. */
export const METADATA_HEADERS = {
  primaryFileName: 'Metadata-Primary-FileName',
  itemId: 'Metadata-ItemId',
  caseNumber: 'Metadata-CaseNumber',
  responsibleUserId: 'Metadata-Responsible-UserId',
  responsibleDepartmentId: 'Metadata-Responsible-DepartmentId',
  documentTypeCode: 'Metadata-DocumentTypeCode',
  registrationNumber: 'Metadata-RegistrationNumber',
  policyNumber: 'Metadata-PolicyNumber',
} as const;
export type MetadataField = keyof typeof METADATA_HEADERS;
export const METADATA_FIELDS = Object.keys(METADATA_HEADERS) as MetadataField[];

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
