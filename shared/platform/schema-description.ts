import { z } from 'zod';

/**
 * The spec's schema description: the object model of Newtonsoft.Json.Schema's JSchema, serialised as an
 * object. Every field is optional; nested schemas recurse.
 */
export interface SchemaDescription {
  schemaVersion?: string | null;
  reference?: string | null;
  id?: string | null;
  title?: string | null;
  description?: string | null;
  pattern?: string | null;
  format?: string | null;
  contentEncoding?: string | null;
  contentMediaType?: string | null;
  valid?: boolean | null;
  itemsPositionValidation?: boolean | null;
  uniqueItems?: boolean | null;
  exclusiveMinimum?: boolean | null;
  exclusiveMaximum?: boolean | null;
  writeOnly?: boolean | null;
  readOnly?: boolean | null;
  allowAdditionalProperties?: boolean | null;
  allowAdditionalItems?: boolean | null;
  type?: number | null;
  minimumLength?: number | null;
  maximumLength?: number | null;
  minimumItems?: number | null;
  maximumItems?: number | null;
  minimumProperties?: number | null;
  maximumProperties?: number | null;
  minimum?: number | null;
  maximum?: number | null;
  multipleOf?: number | null;
  default?: unknown;
  if?: SchemaDescription | null;
  then?: SchemaDescription | null;
  else?: SchemaDescription | null;
  not?: SchemaDescription | null;
  contains?: SchemaDescription | null;
  propertyNames?: SchemaDescription | null;
  const?: unknown;
  additionalProperties?: SchemaDescription | null;
  additionalItems?: SchemaDescription | null;
  properties?: Record<string, SchemaDescription> | null;
  patternProperties?: Record<string, SchemaDescription> | null;
  dependencies?: Record<string, unknown> | null;
  extensionData?: Record<string, unknown> | null;
  items?: SchemaDescription[] | null;
  allOf?: SchemaDescription[] | null;
  anyOf?: SchemaDescription[] | null;
  oneOf?: SchemaDescription[] | null;
  validators?: unknown[] | null;
  required?: string[] | null;
  enum?: unknown[] | null;
}

const str = z.string().nullish();
const bool = z.boolean().nullish();
const int = z.number().int().nullish();
const num = z.number().nullish();

export const SchemaDescriptionSchema: z.ZodType<SchemaDescription> = z.lazy(() =>
  z.object({
    schemaVersion: str,
    reference: str,
    id: str,
    title: str,
    description: str,
    pattern: str,
    format: str,
    contentEncoding: str,
    contentMediaType: str,
    valid: bool,
    itemsPositionValidation: bool,
    uniqueItems: bool,
    exclusiveMinimum: bool,
    exclusiveMaximum: bool,
    writeOnly: bool,
    readOnly: bool,
    allowAdditionalProperties: bool,
    allowAdditionalItems: bool,
    type: int,
    minimumLength: int,
    maximumLength: int,
    minimumItems: int,
    maximumItems: int,
    minimumProperties: int,
    maximumProperties: int,
    minimum: num,
    maximum: num,
    multipleOf: num,
    default: z.unknown().optional(),
    if: SchemaDescriptionSchema.nullish(),
    then: SchemaDescriptionSchema.nullish(),
    else: SchemaDescriptionSchema.nullish(),
    not: SchemaDescriptionSchema.nullish(),
    contains: SchemaDescriptionSchema.nullish(),
    propertyNames: SchemaDescriptionSchema.nullish(),
    const: z.unknown().optional(),
    additionalProperties: SchemaDescriptionSchema.nullish(),
    additionalItems: SchemaDescriptionSchema.nullish(),
    properties: z.record(z.string(), SchemaDescriptionSchema).nullish(),
    patternProperties: z.record(z.string(), SchemaDescriptionSchema).nullish(),
    dependencies: z.record(z.string(), z.unknown()).nullish(),
    extensionData: z.record(z.string(), z.unknown()).nullish(),
    items: z.array(SchemaDescriptionSchema).nullish(),
    allOf: z.array(SchemaDescriptionSchema).nullish(),
    anyOf: z.array(SchemaDescriptionSchema).nullish(),
    oneOf: z.array(SchemaDescriptionSchema).nullish(),
    validators: z.array(z.unknown()).nullish(),
    required: z.array(z.string()).nullish(),
    enum: z.array(z.unknown()).nullish(),
  }),
);

/**
 * JSchemaType flags (Newtonsoft.Json.Schema), combined by OR: 65 = nullable string, 6 = number or integer.
 * The spec does not show the codes; this is our documented choice (docs/platform-choices.md).
 */
export const SchemaType = {
  None: 0,
  String: 1,
  Number: 2,
  Integer: 4,
  Boolean: 8,
  Object: 16,
  Array: 32,
  Null: 64,
} as const;
