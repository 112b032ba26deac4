import type { SchemaDescription } from '../platform/schema-description';
import { SchemaType } from '../platform/schema-description';
import type { EnumOption, FormModel, FormNode, UnsupportedReason } from './form-model';
import { mergeAllOf } from './merge-all-of';
import type { MergedSchema } from './merge-all-of';

/**
 * Turns the platform's schema description (JSchema object model; type codes are JSchemaType flags, see
 * docs/platform-choices.md "Schema type codes") into a form model. Anything the form cannot edit
 * faithfully becomes an `unsupported` node with the raw schema and a reason: shown, never dropped.
 */
export function buildFormModel(schema: SchemaDescription): FormModel {
  return {
    ...(schema.schemaVersion != null ? { schemaVersion: schema.schemaVersion } : {}),
    ...(schema.title != null ? { title: schema.title } : {}),
    ...(schema.description != null ? { description: schema.description } : {}),
    root: buildNode(schema, '', true),
  };
}

function buildNode(schema: SchemaDescription, name: string, required: boolean): FormNode {
  if (schema.allOf?.length) {
    const merged = mergeAllOf(schema);
    if (!merged.ok) return unsupported(schema, name, required, 'conflicting-all-of', `allOf (${merged.conflict})`);
    return buildMerged(merged.schema, schema, name, required);
  }
  return buildMerged(schema, schema, name, required);
}

function buildMerged(schema: MergedSchema, raw: SchemaDescription, name: string, required: boolean): FormNode {
  const problem = unsupportedConstruct(schema);
  if (problem) return unsupported(raw, name, required, problem.reason, problem.construct, schema);

  const alternatives = schema.oneOf?.length ? 'oneOf' : schema.anyOf?.length ? 'anyOf' : undefined;
  if (alternatives) return buildAlternatives(schema, raw, name, required, alternatives);

  const flags = schema.type ?? 0;
  const nullable = (flags & SchemaType.Null) !== 0;
  const base = baseOf(schema, name, required, nullable);

  if (schema.enum != null) {
    const values = schema.enum.filter((v) => v !== null);
    return {
      ...base,
      nullable: nullable || schema.enum.includes(null),
      kind: 'enum',
      options: values.map(enumOption),
    };
  }

  const types = inferTypes(schema, flags & ~SchemaType.Null);
  if (types === 0) return unsupported(raw, name, required, 'no-type', 'type');
  if (types === SchemaType.String) {
    return {
      ...base,
      kind: 'string',
      patterns: schema.patterns ?? (schema.pattern != null ? [schema.pattern] : []),
      ...(schema.minimumLength != null ? { minLength: schema.minimumLength } : {}),
      ...(schema.maximumLength != null ? { maxLength: schema.maximumLength } : {}),
      ...(schema.format != null ? { format: schema.format } : {}),
    };
  }
  if ((types & ~(SchemaType.Number | SchemaType.Integer)) === 0) {
    return {
      ...base,
      kind: 'number',
      integer: (types & SchemaType.Number) === 0,
      exclusiveMinimum: schema.exclusiveMinimum === true,
      exclusiveMaximum: schema.exclusiveMaximum === true,
      ...(schema.minimum != null ? { minimum: schema.minimum } : {}),
      ...(schema.maximum != null ? { maximum: schema.maximum } : {}),
      ...(schema.multipleOf != null ? { multipleOf: schema.multipleOf } : {}),
    };
  }
  if (types === SchemaType.Boolean) return { ...base, kind: 'boolean' };
  if (types === SchemaType.Object) {
    const requiredNames = new Set(schema.required ?? []);
    return {
      ...base,
      kind: 'object',
      properties: Object.entries(schema.properties ?? {}).map(([child, childSchema]) =>
        buildNode(childSchema, child, requiredNames.has(child)),
      ),
      additionalProperties: schema.allowAdditionalProperties !== false,
      ...(schema.minimumProperties != null ? { minProperties: schema.minimumProperties } : {}),
      ...(schema.maximumProperties != null ? { maxProperties: schema.maximumProperties } : {}),
    };
  }
  if (types === SchemaType.Array) {
    const itemSchema = schema.items?.[0];
    return {
      ...base,
      kind: 'array',
      // An array without an item schema takes any value per element: that element is unsupported.
      item: itemSchema ? buildNode(itemSchema, '', true) : unsupported({}, '', true, 'no-type', 'items'),
      uniqueItems: schema.uniqueItems === true,
      ...(schema.minimumItems != null ? { minItems: schema.minimumItems } : {}),
      ...(schema.maximumItems != null ? { maxItems: schema.maximumItems } : {}),
    };
  }
  return unsupported(raw, name, required, 'mixed-types', 'type');
}

/** Without type flags, the schema's own keywords tell what it describes; enums were handled before. */
function inferTypes(schema: MergedSchema, flags: number): number {
  if (flags !== 0) return flags;
  if (schema.properties != null) return SchemaType.Object;
  if (schema.items != null) return SchemaType.Array;
  return 0;
}

function buildAlternatives(
  schema: MergedSchema,
  raw: SchemaDescription,
  name: string,
  required: boolean,
  mode: 'anyOf' | 'oneOf',
): FormNode {
  const { anyOf, oneOf, ...outer } = schema;
  const branches = (mode === 'oneOf' ? oneOf : anyOf) ?? [];
  const isNull = (b: SchemaDescription) => b.type === SchemaType.Null || (b.enum?.length === 1 && b.enum[0] === null);
  const nonNull = branches.filter((b) => !isNull(b));
  const nullable = nonNull.length < branches.length || ((outer.type ?? 0) & SchemaType.Null) !== 0;

  // `[X, null]` is how a nullable X is often written: one editor, null allowed.
  if (nonNull.length === 1 && nonNull[0]) {
    const node = buildNode({ allOf: [outer, nonNull[0]] }, name, required);
    return nullable ? { ...node, nullable: true } : node;
  }
  // Alternatives that are only values (const or enum) are one list of choices.
  if (nonNull.length > 0 && nonNull.every((b) => isValueOnly(b))) {
    const values = nonNull.flatMap((b) => (b.const !== undefined ? [b.const] : (b.enum ?? [])));
    const options = values.map((v, i): EnumOption => {
      const title = nonNull.length === values.length ? nonNull[i]?.title : undefined;
      return title != null ? { value: v, label: title } : enumOption(v);
    });
    return { ...baseOf(outer, name, required, nullable), kind: 'enum', options };
  }
  return {
    ...baseOf(outer, name, required, nullable),
    kind: 'choice',
    mode,
    options: nonNull.map((branch, i) => {
      const node = buildNode({ allOf: [{ ...outer, title: null, description: null }, branch] }, '', required);
      return { ...node, label: branch.title ?? `${i + 1}` };
    }),
  };
}

function isValueOnly(b: SchemaDescription): boolean {
  const keys = Object.entries(b)
    .filter(([, v]) => v != null)
    .map(([k]) => k);
  return (
    (b.const !== undefined || b.enum != null) &&
    keys.every((k) => ['const', 'enum', 'title', 'description', 'type'].includes(k))
  );
}

function baseOf(schema: SchemaDescription, name: string, required: boolean, nullable: boolean) {
  return {
    name,
    label: schema.title ?? name,
    required,
    nullable,
    readOnly: schema.readOnly === true,
    writeOnly: schema.writeOnly === true,
    ...(schema.description != null ? { description: schema.description } : {}),
    ...(schema.default !== undefined && schema.default !== null ? { default: schema.default } : {}),
  };
}

function enumOption(value: unknown): EnumOption {
  return { value, label: typeof value === 'string' ? value : JSON.stringify(value) };
}

function nonEmpty(value: unknown): boolean {
  if (value == null) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** The first keyword the form cannot honour; order = most consequential first. */
function unsupportedConstruct(schema: MergedSchema): { reason: UnsupportedReason; construct: string } | undefined {
  if (schema.valid === false) return { reason: 'never-valid', construct: 'valid' };
  if (schema.if != null || schema.then != null || schema.else != null) {
    return { reason: 'conditional', construct: 'if/then/else' };
  }
  if (schema.not != null) return { reason: 'negation', construct: 'not' };
  if (nonEmpty(schema.patternProperties)) return { reason: 'pattern-properties', construct: 'patternProperties' };
  if (nonEmpty(schema.dependencies)) return { reason: 'dependencies', construct: 'dependencies' };
  if (schema.propertyNames != null) return { reason: 'property-names', construct: 'propertyNames' };
  if (nonEmpty(schema.additionalProperties)) {
    return { reason: 'additional-properties-schema', construct: 'additionalProperties' };
  }
  if (schema.contains != null) return { reason: 'contains', construct: 'contains' };
  if ((schema.items?.length ?? 0) > 1 || schema.itemsPositionValidation === true) {
    return { reason: 'tuple', construct: 'items' };
  }
  if (nonEmpty(schema.validators)) return { reason: 'custom-validators', construct: 'validators' };
  if (schema.contentEncoding != null || schema.contentMediaType != null) {
    return { reason: 'content-encoding', construct: 'contentEncoding' };
  }
  if (schema.const !== undefined) return { reason: 'const', construct: 'const' };
  if (schema.reference != null && schema.type == null && schema.properties == null && schema.enum == null) {
    return { reason: 'reference', construct: 'reference' };
  }
  return undefined;
}

function unsupported(
  raw: SchemaDescription,
  name: string,
  required: boolean,
  reason: UnsupportedReason,
  construct: string,
  merged: MergedSchema = raw,
): FormNode {
  const fixedValue = merged.const !== undefined ? merged.const : merged.default;
  return {
    ...baseOf(merged, name, required, ((merged.type ?? 0) & SchemaType.Null) !== 0),
    kind: 'unsupported',
    reason,
    construct,
    raw,
    ...(fixedValue !== undefined && fixedValue !== null ? { fixedValue } : {}),
  };
}
