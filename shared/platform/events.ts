import { z } from 'zod';

/** Value sets of the spec's "States" and "Events" parts. */
export const COVERAGE_VALUES = [
  'undefined',
  'covered',
  'notCovered',
  'partiallyCovered',
  'undetermined',
  'belowDeductible',
] as const;
export const REGRESS_VALUES = ['None', 'Yes', 'No', 'Unknown'] as const;
export const TERMINATION_REASONS = [
  'None',
  'NotCovered',
  'BelowDeductible',
  'CreatedByMistake',
  'Other',
  'PhoneInspection',
  'NotCoveredAfterInspection',
  'PaidInOwnSystem',
  'Inactivity',
  'CustomReason',
] as const;
export const RESERVE_REASONS = ['Audit', 'Manual', 'InvoiceApproved', 'OfferApproved', 'ClaimClosed'] as const;
export const CASE_OWNER_TYPES = [
  'ServiceUser',
  'ClaimHandler',
  'InternalAssessor',
  'Pool',
  'ExternalAssessor',
  'System',
] as const;
export const COVERAGE_CONTEXTS = [
  'editCoverage',
  'claimWizard',
  'inspectionReport',
  'phoneInspection',
  'settleWithoutRepair',
  'mergeDamageNotification',
  'damageServiceReport',
] as const;
export const CHANGED_BY_TYPES = ['user', 'automatic'] as const;

/** The `property` values with a fixed shape; any other name is an additional claim field. */
export const KNOWN_CHANGE_PROPERTIES = [
  'Reserve',
  'CaseOwner',
  'Regress',
  'Deductible',
  'ShareOfVatPercent',
  'AccidentDate',
  'CaseClosed',
  'CaseReopened',
  'AttachmentsAdded',
  'AttachmentChanged',
  'Coverage',
] as const;
export type KnownChangeProperty = (typeof KNOWN_CHANGE_PROPERTIES)[number];

/** Event types the sandbox emits (the spec does not show them; docs/platform-choices.md, Sandbox). */
export const CASE_EVENT_TYPES = ['CaseCreated', 'CaseChanged'] as const;

const dateTime = z.iso.datetime({ offset: true });

export const ReserveSchema = z.object({
  amount: z.number(),
  currency: z.string(),
  reason: z.enum(RESERVE_REASONS).optional(),
  comment: z.string().optional(),
});
export const MoneySchema = z.object({ amount: z.number(), currency: z.string() });
export const CaseOwnerSchema = z.object({
  name: z.string(),
  username: z.string().optional(),
  email: z.string().optional(),
  type: z.enum(CASE_OWNER_TYPES).optional(),
});
export const NewAttachmentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  fileSize: z.number().int().min(0),
  description: z.string().optional(),
  isRestricted: z.boolean().optional(),
});
export const CoverageValueSchema = z.object({
  coverage: z.enum(COVERAGE_VALUES),
  policyCoverage: z.string().optional(),
  reason: z.string().optional(),
  context: z.enum(COVERAGE_CONTEXTS).optional(),
});

const valuePair = <T extends z.ZodType>(value: T) => ({ newValue: value.nullish(), oldValue: value.nullish() });

export const ReserveChangeSchema = z.object({ property: z.literal('Reserve'), ...valuePair(ReserveSchema) });
export const CaseOwnerChangeSchema = z.object({ property: z.literal('CaseOwner'), ...valuePair(CaseOwnerSchema) });
export const RegressChangeSchema = z.object({ property: z.literal('Regress'), ...valuePair(z.enum(REGRESS_VALUES)) });
export const DeductibleChangeSchema = z.object({ property: z.literal('Deductible'), ...valuePair(MoneySchema) });
export const ShareOfVatPercentChangeSchema = z.object({
  property: z.literal('ShareOfVatPercent'),
  ...valuePair(z.number()),
});
export const AccidentDateChangeSchema = z.object({ property: z.literal('AccidentDate'), ...valuePair(dateTime) });
export const CaseClosedChangeSchema = z.object({
  property: z.literal('CaseClosed'),
  isTerminated: z.boolean().optional(),
  terminationReason: z.enum(TERMINATION_REASONS).optional(),
  terminationReasonDescription: z.string().optional(),
  shouldBeClosedInOwnSystem: z.boolean().optional(),
});
export const CaseReopenedChangeSchema = z.object({ property: z.literal('CaseReopened') });
export const AttachmentsAddedChangeSchema = z.object({
  property: z.literal('AttachmentsAdded'),
  attachments: z.array(NewAttachmentSchema),
});
export const AttachmentChangedChangeSchema = z
  .object({
    property: z.literal('AttachmentChanged'),
    id: z.string(),
    description: z.string().optional(),
    isRestricted: z.boolean().optional(),
  })
  .refine((c) => c.description !== undefined || c.isRestricted !== undefined, {
    message: 'AttachmentChanged needs description or isRestricted',
  });
export const CoverageChangeSchema = z.object({ property: z.literal('Coverage'), ...valuePair(CoverageValueSchema) });
export const AdditionalFieldChangeSchema = z
  .object({
    property: z
      .string()
      .min(1)
      .refine((p) => !(KNOWN_CHANGE_PROPERTIES as readonly string[]).includes(p), 'a known property name'),
    type: z.string(),
    format: z.string().optional(),
    newValue: z.unknown().optional(),
    oldValue: z.unknown().optional(),
  })
  .refine((c) => c.newValue !== undefined || c.oldValue !== undefined, {
    message: 'an additional field change needs newValue or oldValue',
  });

const KNOWN_CHANGE_SCHEMAS = {
  Reserve: ReserveChangeSchema,
  CaseOwner: CaseOwnerChangeSchema,
  Regress: RegressChangeSchema,
  Deductible: DeductibleChangeSchema,
  ShareOfVatPercent: ShareOfVatPercentChangeSchema,
  AccidentDate: AccidentDateChangeSchema,
  CaseClosed: CaseClosedChangeSchema,
  CaseReopened: CaseReopenedChangeSchema,
  AttachmentsAdded: AttachmentsAddedChangeSchema,
  AttachmentChanged: AttachmentChangedChangeSchema,
  Coverage: CoverageChangeSchema,
} as const satisfies Record<KnownChangeProperty, z.ZodType>;

export type KnownChange = z.infer<(typeof KNOWN_CHANGE_SCHEMAS)[KnownChangeProperty]>;
export type AdditionalFieldChange = z.infer<typeof AdditionalFieldChangeSchema>;
export type Change = KnownChange | AdditionalFieldChange;

/** A change is recognised by `property`: the known names pick their shape, any other is an additional field. */
export const ChangeSchema: z.ZodType<Change> = z
  .object({ property: z.string() }, { error: 'a change must be an object with a property name' })
  .loose()
  .pipe(
    z.custom<Change>().superRefine((value, ctx) => {
      const property = (value as { property: string }).property;
      const schema =
        property in KNOWN_CHANGE_SCHEMAS
          ? KNOWN_CHANGE_SCHEMAS[property as KnownChangeProperty]
          : AdditionalFieldChangeSchema;
      const result = schema.safeParse(value);
      if (!result.success) for (const issue of result.error.issues) ctx.addIssue({ ...issue, code: 'custom' });
    }),
  )
  .transform((value) => {
    const property = (value as { property: string }).property;
    const schema =
      property in KNOWN_CHANGE_SCHEMAS
        ? KNOWN_CHANGE_SCHEMAS[property as KnownChangeProperty]
        : AdditionalFieldChangeSchema;
    return schema.parse(value) as Change;
  });

export const CaseRefSchema = z.object({
  number: z.string().optional(),
  token: z.string().optional(),
  caseType: z.string().optional(),
  externalClaimId: z.string().optional(),
  company: z.string().optional(),
  sourceSystem: z.string().optional(),
});
export const ChangedBySchema = z.object({
  fullName: z.string().optional(),
  username: z.string().optional(),
  userType: z.string().optional(),
  name: z.string().optional(),
  email: z.string().optional(),
  type: z.enum(CHANGED_BY_TYPES).optional(),
});

export const CaseChangeEventSchema = z.object({
  eventType: z.string().min(1),
  payloadVersion: z.string().min(1),
  correlationId: z.string().min(1),
  timestamp: dateTime,
  case: CaseRefSchema,
  changedBy: ChangedBySchema.optional(),
  changes: z.array(ChangeSchema),
});
export type CaseChangeEvent = z.infer<typeof CaseChangeEventSchema>;

/** Event feed page of the sandbox (our documented choice of delivery: polling with a cursor). */
export const CaseEventFeedPageSchema = z.object({
  items: z.array(z.object({ cursor: z.string(), event: CaseChangeEventSchema })),
  nextCursor: z.string(),
});
export type CaseEventFeedPage = z.infer<typeof CaseEventFeedPageSchema>;

export type ParseCaseChangeEventResult = { ok: true; event: CaseChangeEvent } | { ok: false; errors: string[] };

/** Validates an event as received; errors read `changes.0.newValue.amount: expected number, …`. */
export function parseCaseChangeEvent(raw: unknown): ParseCaseChangeEventResult {
  const result = CaseChangeEventSchema.safeParse(raw);
  if (result.success) return { ok: true, event: result.data };
  return {
    ok: false,
    errors: result.error.issues.map((i) => `${i.path.length > 0 ? i.path.join('.') : '(event)'}: ${i.message}`),
  };
}
