import { z } from 'zod';
import { optionalText } from './common';

export const ClaimFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  type: optionalText,
  description: optionalText,
  isNew: z.boolean().nullish(),
  isSigned: z.boolean().nullish(),
  isImage: z.boolean().nullish(),
  attachmentInfoId: z.number().int().nullish(),
  signUrl: optionalText,
  creationDate: z.iso.datetime({ offset: true }).nullish(),
});
export type ClaimFile = z.infer<typeof ClaimFileSchema>;
export const ClaimFilesSchema = z.array(ClaimFileSchema);

const InfoItemSchema = z.object({ title: z.string(), value: z.string().nullish() });
export const ClaimInformationSchema = z.object({
  generalInfo: z
    .array(InfoItemSchema)
    .nullish()
    .transform((v) => v ?? []),
  claimSpecificInfo: z
    .array(InfoItemSchema)
    .nullish()
    .transform((v) => v ?? []),
  caseTypeTitle: optionalText,
  /** `Property` is the one value the spec shows; others are kept as given. */
  caseType: optionalText,
});
export type ClaimInformation = z.infer<typeof ClaimInformationSchema>;
