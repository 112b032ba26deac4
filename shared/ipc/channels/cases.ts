import { z } from 'zod';
import { DocumentSchema } from '../../domain/document';
import { FormModelSchema } from '../../forms/form-model-schema';
import { CaseChangeEventSchema } from '../../platform/events';
import { ValidateAccountResponseSchema, VALIDATE_ACCOUNT_ERRORS } from '../../platform/validate-account';
import type { ValidateAccountErrorCode } from '../../platform/validate-account';

// Channels of case creation, service-partner validation and case activity (issue 8: cases & events).

export const SchemaDirectionSchema = z.enum(['input', 'output']);

export const CaseSchemaAnswerSchema = z.object({
  key: z.string(),
  direction: SchemaDirectionSchema,
  schemaVersion: z.string().optional(),
  model: FormModelSchema,
  fetchedAt: z.string(),
  /** true when the platform could not be asked and the last stored copy was used. */
  fromCache: z.boolean(),
});
export type CaseSchemaAnswer = z.infer<typeof CaseSchemaAnswerSchema>;

/** An error or warning of the create-case response; warnings have no shape in the spec. */
export const CaseIssueSchema = z.object({
  message: z.string(),
  type: z.string().optional(),
  path: z.string().optional(),
});
export type CaseIssue = z.infer<typeof CaseIssueSchema>;

export const CreateCaseResultSchema = z.object({
  success: z.boolean(),
  caseNumber: z.string().optional(),
  links: z.object({ self: z.string().optional(), selfTemplate: z.string().optional() }).optional(),
  url: z.string().optional(),
  errors: z.array(CaseIssueSchema),
  warnings: z.array(CaseIssueSchema),
  /** The document after its case number was set (when a documentId was given and creation succeeded). */
  document: DocumentSchema.optional(),
  /** true when this requestId was answered before: this is the first answer again, nothing new was created. */
  repeated: z.boolean(),
});
export type CreateCaseResult = z.infer<typeof CreateCaseResultSchema>;

const errorCodes = Object.keys(VALIDATE_ACCOUNT_ERRORS) as [ValidateAccountErrorCode, ...ValidateAccountErrorCode[]];
export const PartnerValidationSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('valid'), data: ValidateAccountResponseSchema.shape.data }),
  z.object({ status: z.literal('rejected'), code: z.enum(errorCodes), message: z.string() }),
]);
export type PartnerValidation = z.infer<typeof PartnerValidationSchema>;

export const ActivityEntrySchema = z.object({
  cursor: z.string(),
  receivedAt: z.string(),
  event: CaseChangeEventSchema,
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

export const ActivityCaseSchema = z.object({
  caseNumber: z.string(),
  lastEventAt: z.string(),
  events: z.number().int(),
});
export type ActivityCase = z.infer<typeof ActivityCaseSchema>;

export const ActivityStatusSchema = z.object({
  cursor: z.string().optional(),
  lastPollAt: z.string().optional(),
  lastError: z.string().optional(),
  /** Events that failed validation and were skipped (logged with the reason). */
  skipped: z.number().int(),
});
export type ActivityStatus = z.infer<typeof ActivityStatusSchema>;

export const caseInvokes = {
  /** The form for a schema key (default: the active environment's caseSchemaKey). */
  'cases.schema': {
    request: z.object({
      key: z.string().min(1).optional(),
      direction: SchemaDirectionSchema.default('input'),
      refresh: z.boolean().default(false),
    }),
    response: CaseSchemaAnswerSchema,
  },
  /** requestId is made once per form session: a repeat returns the first answer and creates nothing. */
  'cases.create': {
    request: z.object({
      requestId: z.string().min(8).max(100),
      data: z.record(z.string(), z.unknown()),
      documentId: z.string().optional(),
    }),
    response: CreateCaseResultSchema,
  },
  'partners.validate': {
    request: z.object({
      tenant: z.string().trim().min(1),
      companyTaxId: z.string().trim().min(1),
      referenceNumber: z.string().trim().min(1),
    }),
    response: PartnerValidationSchema,
  },
  'activity.list': {
    request: z.object({ caseNumber: z.string().min(1) }),
    response: z.object({ caseNumber: z.string(), entries: z.array(ActivityEntrySchema) }),
  },
  'activity.cases': { request: z.object({}), response: z.array(ActivityCaseSchema) },
  /** Reads the feed now instead of waiting for the next poll. */
  'activity.refresh': { request: z.object({}), response: ActivityStatusSchema },
};

export const caseEvents = {
  /** New events were stored for these cases. */
  'activity.changed': z.object({ caseNumbers: z.array(z.string()) }),
};
