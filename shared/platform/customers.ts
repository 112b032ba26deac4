import { z } from 'zod';
import { IsoDateSchema, optionalText } from './common';

export const PolicyObjectMatchSchema = z.object({
  description: optionalText,
  startDate: IsoDateSchema.nullish(),
  endDate: IsoDateSchema.nullish(),
  isActive: z.boolean(),
  statusText: optionalText,
  policyObjectVersionId: optionalText,
});
export type PolicyObjectMatch = z.infer<typeof PolicyObjectMatchSchema>;

export const PolicyMatchSchema = z.object({
  description: optionalText,
  startDate: IsoDateSchema.nullish(),
  endDate: IsoDateSchema.nullish(),
  isActive: z.boolean(),
  statusText: optionalText,
  policyVersionId: optionalText,
  number: z.string(),
  product: optionalText,
  policyObjectMatches: z
    .array(PolicyObjectMatchSchema)
    .nullish()
    .transform((v) => v ?? []),
});
export type PolicyMatch = z.infer<typeof PolicyMatchSchema>;

export const CustomerSchema = z.object({
  customerId: z.string(),
  number: optionalText,
  fullName: z.string(),
  taxId: optionalText,
  address: optionalText,
  description: optionalText,
  policyMatches: z
    .array(PolicyMatchSchema)
    .nullish()
    .transform((v) => v ?? []),
});
export type Customer = z.infer<typeof CustomerSchema>;
export const CustomerSearchResultSchema = z.array(CustomerSchema);

/** Our chosen maximum for `limit` (not shown in the spec); see docs/platform-choices.md. */
export const CUSTOMER_SEARCH_MAX_LIMIT = 100;
export const CustomerSearchQuerySchema = z.object({
  date: IsoDateSchema,
  q: z.string().trim().min(1, 'enter a search text'),
  limit: z.number().int().min(1).max(CUSTOMER_SEARCH_MAX_LIMIT),
  after: z.number().int().min(0).optional(),
});
export type CustomerSearchQuery = z.infer<typeof CustomerSearchQuerySchema>;
