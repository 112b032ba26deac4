import type { SchemaDescription } from '../platform/schema-description';

/** A schema description after allOf was folded in; several patterns may then apply to one string. */
export type MergedSchema = SchemaDescription & { patterns?: string[] };

export type MergeResult = { ok: true; schema: MergedSchema } | { ok: false; conflict: string };

/**
 * Folds `allOf` into one schema: every part must hold, so lower bounds take the larger value, upper
 * bounds the smaller, required lists and patterns add up, type flags and enums intersect. Parts that
 * cannot both hold (no common type, two formats) are a conflict the caller shows as unsupported.
 */
export function mergeAllOf(schema: SchemaDescription): MergeResult {
  const { allOf, ...rest } = schema;
  let merged: MergedSchema = withPatterns(rest);
  for (const part of allOf ?? []) {
    const inner = part.allOf?.length ? mergeAllOf(part) : { ok: true as const, schema: withPatterns(part) };
    if (!inner.ok) return inner;
    const next = mergeTwo(merged, inner.schema);
    if (!next.ok) return next;
    merged = next.schema;
  }
  return { ok: true, schema: merged };
}

function withPatterns(schema: SchemaDescription): MergedSchema {
  const { pattern, ...rest } = schema;
  const patterns = [...((schema as MergedSchema).patterns ?? []), ...(pattern != null ? [pattern] : [])];
  return patterns.length > 0 ? { ...rest, patterns } : { ...rest };
}

function mergeTwo(a: MergedSchema, b: MergedSchema): MergeResult {
  const out: MergedSchema = { ...b, ...a };

  if (a.type != null && b.type != null) {
    const both = a.type & b.type;
    if (both === 0) return { ok: false, conflict: 'type' };
    out.type = both;
  }
  if (a.format != null && b.format != null && a.format !== b.format) return { ok: false, conflict: 'format' };
  if (a.const !== undefined && b.const !== undefined && !jsonEqual(a.const, b.const)) {
    return { ok: false, conflict: 'const' };
  }
  for (const key of ['anyOf', 'oneOf', 'if', 'not'] as const) {
    if (a[key] != null && b[key] != null) return { ok: false, conflict: key };
  }

  const patterns = [...(a.patterns ?? []), ...(b.patterns ?? [])];
  if (patterns.length > 0) out.patterns = [...new Set(patterns)];

  const required = [...(a.required ?? []), ...(b.required ?? [])];
  if (required.length > 0) out.required = [...new Set(required)];

  if (a.enum != null && b.enum != null) {
    out.enum = a.enum.filter((x) => b.enum?.some((y) => jsonEqual(x, y)));
  }

  if (a.properties != null && b.properties != null) {
    const properties: Record<string, SchemaDescription> = { ...b.properties, ...a.properties };
    for (const [name, pa] of Object.entries(a.properties)) {
      const pb = b.properties[name];
      if (pb) properties[name] = { allOf: [pa, pb] };
    }
    out.properties = properties;
  }
  const ia = a.items?.[0];
  const ib = b.items?.[0];
  if (ia && ib && (a.items?.length ?? 0) === 1 && (b.items?.length ?? 0) === 1) out.items = [{ allOf: [ia, ib] }];

  lower(out, a, b, 'minimumLength');
  lower(out, a, b, 'minimumItems');
  lower(out, a, b, 'minimumProperties');
  upper(out, a, b, 'maximumLength');
  upper(out, a, b, 'maximumItems');
  upper(out, a, b, 'maximumProperties');
  bound(out, a, b, 'minimum', 'exclusiveMinimum', (x, y) => x > y);
  bound(out, a, b, 'maximum', 'exclusiveMaximum', (x, y) => x < y);

  if (a.allowAdditionalProperties === false || b.allowAdditionalProperties === false) {
    out.allowAdditionalProperties = false;
  }
  out.readOnly = Boolean(a.readOnly || b.readOnly) || undefined;
  out.writeOnly = Boolean(a.writeOnly || b.writeOnly) || undefined;
  out.uniqueItems = Boolean(a.uniqueItems || b.uniqueItems) || undefined;
  return { ok: true, schema: out };
}

type CountKey =
  'minimumLength' | 'minimumItems' | 'minimumProperties' | 'maximumLength' | 'maximumItems' | 'maximumProperties';

function lower(out: MergedSchema, a: MergedSchema, b: MergedSchema, key: CountKey): void {
  const x = a[key];
  const y = b[key];
  if (x != null && y != null) out[key] = Math.max(x, y);
}
function upper(out: MergedSchema, a: MergedSchema, b: MergedSchema, key: CountKey): void {
  const x = a[key];
  const y = b[key];
  if (x != null && y != null) out[key] = Math.min(x, y);
}

/** Keeps the stricter of two numeric bounds; at equal values, exclusive wins. */
function bound(
  out: MergedSchema,
  a: MergedSchema,
  b: MergedSchema,
  key: 'minimum' | 'maximum',
  flag: 'exclusiveMinimum' | 'exclusiveMaximum',
  stricter: (x: number, y: number) => boolean,
): void {
  const x = a[key];
  const y = b[key];
  if (x == null || y == null) return;
  if (x === y) {
    out[key] = x;
    out[flag] = Boolean(a[flag] || b[flag]);
  } else if (stricter(x, y)) {
    out[key] = x;
    out[flag] = Boolean(a[flag]);
  } else {
    out[key] = y;
    out[flag] = Boolean(b[flag]);
  }
}

/** Structural equality of JSON values (enum members, const, uniqueItems). */
export function jsonEqual(x: unknown, y: unknown): boolean {
  if (x === y) return true;
  if (typeof x !== 'object' || typeof y !== 'object' || x === null || y === null) return false;
  if (Array.isArray(x) !== Array.isArray(y)) return false;
  if (Array.isArray(x) && Array.isArray(y)) {
    return x.length === y.length && x.every((v, i) => jsonEqual(v, y[i]));
  }
  const ox = x as Record<string, unknown>;
  const oy = y as Record<string, unknown>;
  const kx = Object.keys(ox).filter((k) => ox[k] !== undefined);
  const ky = Object.keys(oy).filter((k) => oy[k] !== undefined);
  return kx.length === ky.length && kx.every((k) => jsonEqual(ox[k], oy[k]));
}
