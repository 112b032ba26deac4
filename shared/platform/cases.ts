import { z } from 'zod';
import { PlatformErrorSchema } from './common';

export const CreateCaseResponseSchema = z.object({
  success: z.boolean(),
  errors: z
    .array(PlatformErrorSchema)
    .nullish()
    .transform((v) => v ?? []),
  /** Fields of a warning are not shown in the spec: we keep them as given and read message/type/path when present. */
  warnings: z
    .array(z.record(z.string(), z.unknown()))
    .nullish()
    .transform((v) => v ?? []),
  links: z.object({ self: z.string().nullish(), selfTemplate: z.string().nullish() }).nullish(),
  token: z.string().nullish(),
  url: z.string().nullish(),
});
export type CreateCaseResponse = z.infer<typeof CreateCaseResponseSchema>;

/** Case data: shape not shown in the spec; it follows the case-creation input schema. */
export const CaseDataSchema = z.record(z.string(), z.unknown());
export type CaseData = z.infer<typeof CaseDataSchema>;
