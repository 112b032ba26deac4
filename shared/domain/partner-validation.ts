import { z } from 'zod';
import { ValidateAccountResponseSchema, VALIDATE_ACCOUNT_ERRORS } from '../platform/validate-account';
import type { ValidateAccountErrorCode } from '../platform/validate-account';

const errorCodes = Object.keys(VALIDATE_ACCOUNT_ERRORS) as [ValidateAccountErrorCode, ...ValidateAccountErrorCode[]];

/**
 * Whether a service partner works on the service a reference number names: the claim, service and partners
 * when it does; else the declared error body's code and the platform's own message (data, not a throw:
 * PlatformClient.validateAccount answers it so). The clerk's sentence per code is the renderer's
 * (features/partners/partner-screen-messages.ts, en/de); the message is shown beside it as said.
 */
export const PartnerValidationSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('valid'), data: ValidateAccountResponseSchema.shape.data }),
  z.object({ status: z.literal('rejected'), code: z.enum(errorCodes), message: z.string() }),
]);
export type PartnerValidation = z.infer<typeof PartnerValidationSchema>;
