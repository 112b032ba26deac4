import { z } from 'zod';
import { ActivityCaseSchema, ActivityEntrySchema, ActivityStatusSchema } from '../../domain/activity';
import { CaseDraftSchema } from '../../domain/case-draft';
import { CaseSchemaAnswerSchema, CreateCaseResultSchema, SchemaDirectionSchema } from '../../domain/cases';
import { PartnerValidationSchema } from '../../domain/partner-validation';

// Channels of case creation, service-partner validation and case activity (issue 8: cases & events).

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
      /**
       * The case number the document carried when the clerk chose it for the case ('' or absent: none).
       * The core sets the new number only while the document still carries this one, so a number it has
       * is replaced only when the clerk saw it and agreed (issue #31 item 1).
       */
      documentCaseNumber: z.string().max(200).optional(),
    }),
    response: CreateCaseResultSchema,
  },
  /**
   * "Create case from this document" (issue #40): the create-case form's values read from a notice of loss
   * and from the platform's answer about its policy, for the active environment's case schema. Slow the
   * first time for a scan (its OCR); each value says its source and confidence and whether it is filled.
   */
  'cases.fromDocument': { request: z.object({ id: z.string().min(1) }), response: CaseDraftSchema },
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
