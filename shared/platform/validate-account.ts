import { z } from 'zod';
import { optionalText } from './common';

export const ValidateAccountRequestSchema = z.object({
  meta: z.object({ timestamp: z.string() }),
  data: z.object({
    tenant: z.string().min(1),
    companyTaxId: z.string().min(1),
    referenceNumber: z.string().min(1),
  }),
});
export type ValidateAccountRequest = z.infer<typeof ValidateAccountRequestSchema>;

export const DamageAddressSchema = z.object({
  street: optionalText,
  street2: optionalText,
  postalCode: optionalText,
  city: optionalText,
});

export const ValidateAccountResponseSchema = z.object({
  meta: z.object({ timestamp: optionalText }).nullish(),
  data: z.object({
    claim: z.object({
      id: optionalText,
      damageCause: optionalText,
      damageCategory: optionalText,
      tenant: optionalText,
      number: z.string(),
      damageAddress: DamageAddressSchema.nullish(),
    }),
    service: z
      .object({
        referenceNumber: optionalText,
        id: optionalText,
        startDate: optionalText,
        estimatedEndDate: optionalText,
        actualEndDate: optionalText,
      })
      .nullish(),
    servicePartners: z
      .array(
        z.object({
          id: optionalText,
          displayName: optionalText,
          companyTaxId: optionalText,
          phoneNumber: optionalText,
          faxNumber: optionalText,
          responsibleUser: optionalText,
        }),
      )
      .nullish()
      .transform((v) => v ?? []),
  }),
});
export type ValidateAccountResponse = z.infer<typeof ValidateAccountResponseSchema>;

/**
 * The operation declares five JSON bodies; the four error bodies are not shown. Our documented choice
 * (docs/platform-choices.md): `{ meta, error: { code, message } }` with these codes and statuses.
 */
export const VALIDATE_ACCOUNT_ERRORS = {
  invalid_request: 400,
  partner_not_found: 404,
  reference_not_found: 404,
  partner_not_assigned: 409,
} as const;
export type ValidateAccountErrorCode = keyof typeof VALIDATE_ACCOUNT_ERRORS;
export const ValidateAccountErrorSchema = z.object({
  meta: z.object({ timestamp: optionalText }).nullish(),
  error: z.object({
    code: z.enum(Object.keys(VALIDATE_ACCOUNT_ERRORS) as [ValidateAccountErrorCode, ...ValidateAccountErrorCode[]]),
    message: z.string(),
  }),
});
export type ValidateAccountError = z.infer<typeof ValidateAccountErrorSchema>;
