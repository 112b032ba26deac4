import { z } from 'zod';
import { FormModelSchema } from '../forms/form-model-schema';
import { DocumentSchema } from './document';

// Case creation (issue 8: cases & events): the form of a case schema and the answer to creating a case.

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
