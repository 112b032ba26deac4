import type { FormModel, FormNode, NumberNode, StringNode } from './form-model';
import { childPath } from './form-paths';
import { jsonEqual } from './merge-all-of';

export const FORM_ERROR_CODES = [
  'required',
  'invalid_type',
  'too_short',
  'too_long',
  'pattern',
  'format',
  'too_small',
  'too_large',
  'not_integer',
  'not_multiple',
  'not_in_list',
  'unknown_property',
  'too_few_items',
  'too_many_items',
  'duplicate_items',
  'too_few_properties',
  'too_many_properties',
  'no_matching_option',
  'ambiguous_option',
] as const;
export type FormErrorCode = (typeof FORM_ERROR_CODES)[number];

/** One problem with one field; the renderer shows `forms.error.<code>` with `params`. */
export interface FormFieldError {
  path: string;
  code: FormErrorCode;
  params: Record<string, string | number>;
}

/**
 * Checks a value against the rules the schema states (the same ones the platform checks), so the clerk
 * sees problems before anything is sent. `undefined` means "not given"; read-only fields are skipped
 * because the platform sets them.
 */
export function validateFormValue(model: FormModel, value: unknown): FormFieldError[] {
  const errors: FormFieldError[] = [];
  validateNode(model.root, value, '', errors);
  return errors;
}

function validateNode(node: FormNode, value: unknown, path: string, errors: FormFieldError[]): void {
  const fail = (code: FormErrorCode, params: Record<string, string | number> = {}): void => {
    errors.push({ path, code, params });
  };
  if (node.readOnly) return;
  if (value === undefined) {
    if (node.required) fail('required');
    return;
  }
  if (value === null) {
    if (!node.nullable) fail(node.required ? 'required' : 'invalid_type', { expected: expectedOf(node) });
    return;
  }
  switch (node.kind) {
    case 'string':
      if (typeof value !== 'string') return fail('invalid_type', { expected: 'string' });
      return validateString(node, value, fail);
    case 'number':
      if (typeof value !== 'number' || !Number.isFinite(value)) {
        return fail('invalid_type', { expected: node.integer ? 'integer' : 'number' });
      }
      return validateNumber(node, value, fail);
    case 'boolean':
      if (typeof value !== 'boolean') fail('invalid_type', { expected: 'boolean' });
      return;
    case 'enum':
      if (!node.options.some((o) => jsonEqual(o.value, value))) {
        fail('not_in_list', { options: node.options.map((o) => o.label).join(', ') });
      }
      return;
    case 'object': {
      if (typeof value !== 'object' || Array.isArray(value)) return fail('invalid_type', { expected: 'object' });
      const record = value as Record<string, unknown>;
      for (const child of node.properties) validateNode(child, record[child.name], childPath(path, child.name), errors);
      const present = Object.keys(record).filter((k) => record[k] !== undefined);
      if (!node.additionalProperties) {
        for (const key of present) {
          if (!node.properties.some((p) => p.name === key)) {
            errors.push({ path: childPath(path, key), code: 'unknown_property', params: {} });
          }
        }
      }
      if (node.minProperties !== undefined && present.length < node.minProperties) {
        fail('too_few_properties', { min: node.minProperties });
      }
      if (node.maxProperties !== undefined && present.length > node.maxProperties) {
        fail('too_many_properties', { max: node.maxProperties });
      }
      return;
    }
    case 'array': {
      if (!Array.isArray(value)) return fail('invalid_type', { expected: 'array' });
      if (node.minItems !== undefined && value.length < node.minItems) fail('too_few_items', { min: node.minItems });
      if (node.maxItems !== undefined && value.length > node.maxItems) fail('too_many_items', { max: node.maxItems });
      if (node.uniqueItems && value.some((v, i) => value.findIndex((w) => jsonEqual(v, w)) !== i)) {
        fail('duplicate_items');
      }
      value.forEach((item, i) => validateNode(node.item, item, childPath(path, i), errors));
      return;
    }
    case 'choice': {
      const results = node.options.map((option) => {
        const found: FormFieldError[] = [];
        validateNode(option, value, path, found);
        return found;
      });
      const passing = results.filter((r) => r.length === 0).length;
      if (node.mode === 'oneOf' && passing > 1) return fail('ambiguous_option');
      if (passing === 0) {
        // Show the problems of the closest alternative: that is the one the clerk most likely meant.
        const closest = results.reduce((a, b) => (b.length < a.length ? b : a), results[0] ?? []);
        if (closest.length > 0) errors.push(...closest);
        else fail('no_matching_option');
      }
      return;
    }
    case 'unsupported':
      // Only presence is checked: the construct's own rules are the platform's to enforce.
      return;
  }
}

function validateString(
  node: StringNode,
  value: string,
  fail: (c: FormErrorCode, p?: Record<string, string | number>) => void,
) {
  // JSON Schema counts code points, not UTF-16 units.
  const length = [...value].length;
  if (node.minLength !== undefined && length < node.minLength) fail('too_short', { min: node.minLength });
  if (node.maxLength !== undefined && length > node.maxLength) fail('too_long', { max: node.maxLength });
  for (const pattern of node.patterns) {
    const regex = compile(pattern);
    if (regex && !regex.test(value)) fail('pattern', { pattern });
  }
  if (node.format !== undefined && !formatHolds(node.format, value)) fail('format', { format: node.format });
}

function validateNumber(
  node: NumberNode,
  value: number,
  fail: (c: FormErrorCode, p?: Record<string, string | number>) => void,
) {
  if (node.integer && !Number.isInteger(value)) fail('not_integer');
  if (node.minimum !== undefined) {
    const below = node.exclusiveMinimum ? value <= node.minimum : value < node.minimum;
    if (below) fail('too_small', { min: node.minimum, exclusive: node.exclusiveMinimum ? 1 : 0 });
  }
  if (node.maximum !== undefined) {
    const above = node.exclusiveMaximum ? value >= node.maximum : value > node.maximum;
    if (above) fail('too_large', { max: node.maximum, exclusive: node.exclusiveMaximum ? 1 : 0 });
  }
  if (node.multipleOf !== undefined && node.multipleOf > 0) {
    const q = value / node.multipleOf;
    // Floating point: 0.3 / 0.1 is 2.9999999999999996.
    if (Math.abs(q - Math.round(q)) > 1e-9) fail('not_multiple', { step: node.multipleOf });
  }
}

const compiled = new Map<string, RegExp | null>();
/** Platform patterns are ECMA-262 compatible in the common case; one that does not compile is skipped (the platform still checks it). */
function compile(pattern: string): RegExp | null {
  if (!compiled.has(pattern)) {
    try {
      compiled.set(pattern, new RegExp(pattern, 'u'));
    } catch {
      compiled.set(pattern, null);
    }
  }
  return compiled.get(pattern) ?? null;
}

/** Syntax checks for the formats in CHECKED_FORMATS; other formats are annotations and always hold. */
export function formatHolds(format: string, value: string): boolean {
  switch (format) {
    case 'date':
      return isCalendarDate(value);
    case 'date-time': {
      const m = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.exec(value);
      return m !== null && isCalendarDate(m[1] ?? '') && isClock(m[2], m[3], m[4]);
    }
    case 'time': {
      const m = /^(\d{2}):(\d{2}):(\d{2})(\.\d+)?([Zz]|[+-]\d{2}:\d{2})?$/.exec(value);
      return m !== null && isClock(m[1], m[2], m[3]);
    }
    case 'email':
      return /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(value);
    case 'uri':
      return /^[A-Za-z][A-Za-z0-9+.-]*:[^\s]*$/.test(value);
    case 'uuid':
      return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
    default:
      return true;
  }
}

function isCalendarDate(text: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

function isClock(h?: string, m?: string, s?: string): boolean {
  return Number(h) <= 23 && Number(m) <= 59 && Number(s) <= 60;
}

function expectedOf(node: FormNode): string {
  if (node.kind === 'number') return node.integer ? 'integer' : 'number';
  return node.kind;
}
