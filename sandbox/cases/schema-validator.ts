import type { SchemaDescription } from '../../shared/platform/schema-description';
import { SchemaType } from '../../shared/platform/schema-description';

/** The `type` values of create-case errors (docs/platform-choices.md, Sandbox). */
export type CaseErrorType =
  | 'invalid_json'
  | 'required'
  | 'invalid_type'
  | 'invalid_value'
  | 'pattern_mismatch'
  | 'out_of_range'
  | 'invalid_format'
  | 'unknown_property'
  | 'read_only';

export interface FieldError {
  type: CaseErrorType;
  path: string;
  message: string;
}

/**
 * Validates JSON against the subset of the JSchema object model the sandbox's schemas use:
 * type flags, required, properties, allowAdditionalProperties, enum, pattern, lengths, min/max
 * (with the draft-4 exclusive flags), items (one schema for every element), item counts,
 * format date/email, readOnly.
 */
export function validateAgainst(schema: SchemaDescription, value: unknown, path = ''): FieldError[] {
  const errors: FieldError[] = [];
  const at = path === '' ? '(root)' : path;
  const err = (type: CaseErrorType, message: string): void => {
    errors.push({ type, path: at, message: `${at}: ${message}` });
  };
  if (schema.type != null && schema.type !== 0 && !matchesType(schema.type, value)) {
    err('invalid_type', `expected ${typeNames(schema.type)}`);
    return errors;
  }
  if (schema.enum && !schema.enum.some((e) => e === value)) {
    err('invalid_value', `must be one of ${schema.enum.map((e) => JSON.stringify(e)).join(', ')}`);
  }
  if (typeof value === 'string') {
    if (schema.minimumLength != null && value.length < schema.minimumLength) {
      err('out_of_range', `at least ${schema.minimumLength} characters`);
    }
    if (schema.maximumLength != null && value.length > schema.maximumLength) {
      err('out_of_range', `at most ${schema.maximumLength} characters`);
    }
    if (schema.pattern != null && !new RegExp(schema.pattern, 'u').test(value)) {
      err('pattern_mismatch', `does not match ${schema.pattern}`);
    }
    if (schema.format === 'date' && !isDate(value)) err('invalid_format', 'expected a date YYYY-MM-DD');
    if (schema.format === 'email' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value))
      err('invalid_format', 'expected an e-mail address');
  }
  if (typeof value === 'number') {
    if (schema.minimum != null && (schema.exclusiveMinimum ? value <= schema.minimum : value < schema.minimum)) {
      err('out_of_range', `must be ${schema.exclusiveMinimum ? '>' : '≥'} ${schema.minimum}`);
    }
    if (schema.maximum != null && (schema.exclusiveMaximum ? value >= schema.maximum : value > schema.maximum)) {
      err('out_of_range', `must be ${schema.exclusiveMaximum ? '<' : '≤'} ${schema.maximum}`);
    }
  }
  if (Array.isArray(value)) {
    if (schema.minimumItems != null && value.length < schema.minimumItems)
      err('out_of_range', `at least ${schema.minimumItems} items`);
    if (schema.maximumItems != null && value.length > schema.maximumItems)
      err('out_of_range', `at most ${schema.maximumItems} items`);
    const itemSchema = schema.items?.[0];
    if (itemSchema) value.forEach((item, i) => errors.push(...validateAgainst(itemSchema, item, `${path}[${i}]`)));
  }
  if (isObject(value)) {
    for (const name of schema.required ?? []) {
      if (value[name] === undefined || value[name] === null) {
        errors.push({ type: 'required', path: join(path, name), message: `${join(path, name)}: is required` });
      }
    }
    const properties = schema.properties ?? {};
    for (const [name, child] of Object.entries(value)) {
      const childSchema = properties[name];
      const childPath = join(path, name);
      if (!childSchema) {
        if (schema.allowAdditionalProperties === false) {
          errors.push({ type: 'unknown_property', path: childPath, message: `${childPath}: unknown property` });
        }
        continue;
      }
      if (childSchema.readOnly) {
        errors.push({
          type: 'read_only',
          path: childPath,
          message: `${childPath}: is read-only and set by the platform`,
        });
        continue;
      }
      if (child === null && childSchema.type != null && (childSchema.type & SchemaType.Null) === 0) {
        if ((schema.required ?? []).includes(name)) continue;
      }
      errors.push(...validateAgainst(childSchema, child, childPath));
    }
  }
  return errors;
}

/** Fills `default` values of absent properties (recursively), as the platform does before storing. */
export function applyDefaults(schema: SchemaDescription, value: unknown): unknown {
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = { ...value };
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    if (out[name] === undefined && child.default !== undefined && !child.readOnly) out[name] = child.default;
    else if (out[name] !== undefined) out[name] = applyDefaults(child, out[name]);
  }
  return out;
}

function matchesType(flags: number, value: unknown): boolean {
  if (value === null) return (flags & SchemaType.Null) !== 0;
  if (typeof value === 'string') return (flags & SchemaType.String) !== 0;
  if (typeof value === 'boolean') return (flags & SchemaType.Boolean) !== 0;
  if (typeof value === 'number') {
    return (flags & SchemaType.Number) !== 0 || ((flags & SchemaType.Integer) !== 0 && Number.isInteger(value));
  }
  if (Array.isArray(value)) return (flags & SchemaType.Array) !== 0;
  if (typeof value === 'object') return (flags & SchemaType.Object) !== 0;
  return false;
}

function typeNames(flags: number): string {
  return (Object.entries(SchemaType) as [string, number][])
    .filter(([, bit]) => bit !== 0 && (flags & bit) !== 0)
    .map(([name]) => name.toLowerCase())
    .join(' or ');
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

function join(path: string, name: string): string {
  return path === '' ? name : `${path}.${name}`;
}
