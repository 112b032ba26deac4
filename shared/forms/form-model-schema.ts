import { z } from 'zod';
import { SchemaDescriptionSchema } from '../platform/schema-description';
import type { FormModel, FormNode } from './form-model';
import { UNSUPPORTED_REASONS } from './form-model';

/** The form model as it crosses IPC (main builds it once per schema version; the renderer renders it). */
const base = {
  name: z.string(),
  label: z.string(),
  description: z.string().optional(),
  required: z.boolean(),
  nullable: z.boolean(),
  readOnly: z.boolean(),
  writeOnly: z.boolean(),
  default: z.unknown().optional(),
};

export const FormNodeSchema: z.ZodType<FormNode> = z.lazy(() =>
  z.discriminatedUnion('kind', [
    z.object({
      ...base,
      kind: z.literal('string'),
      minLength: z.number().optional(),
      maxLength: z.number().optional(),
      patterns: z.array(z.string()),
      format: z.string().optional(),
    }),
    z.object({
      ...base,
      kind: z.literal('number'),
      integer: z.boolean(),
      minimum: z.number().optional(),
      maximum: z.number().optional(),
      exclusiveMinimum: z.boolean(),
      exclusiveMaximum: z.boolean(),
      multipleOf: z.number().optional(),
    }),
    z.object({ ...base, kind: z.literal('boolean') }),
    z.object({
      ...base,
      kind: z.literal('enum'),
      options: z.array(z.object({ value: z.unknown(), label: z.string() })),
    }),
    z.object({
      ...base,
      kind: z.literal('object'),
      properties: z.array(FormNodeSchema),
      additionalProperties: z.boolean(),
      minProperties: z.number().optional(),
      maxProperties: z.number().optional(),
    }),
    z.object({
      ...base,
      kind: z.literal('array'),
      item: FormNodeSchema,
      minItems: z.number().optional(),
      maxItems: z.number().optional(),
      uniqueItems: z.boolean(),
    }),
    z.object({
      ...base,
      kind: z.literal('choice'),
      mode: z.enum(['anyOf', 'oneOf']),
      options: z.array(FormNodeSchema),
    }),
    z.object({
      ...base,
      kind: z.literal('unsupported'),
      reason: z.enum(UNSUPPORTED_REASONS),
      construct: z.string(),
      raw: SchemaDescriptionSchema,
      fixedValue: z.unknown().optional(),
    }),
  ]),
) as z.ZodType<FormNode>;

export const FormModelSchema: z.ZodType<FormModel> = z.object({
  schemaVersion: z.string().optional(),
  title: z.string().optional(),
  description: z.string().optional(),
  root: FormNodeSchema,
});
