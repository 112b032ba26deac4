import type { FormModel, FormNode } from './form-model';

/**
 * The starting value of a form: schema defaults where given, nested objects present so their fields
 * show, arrays empty. Read-only fields are left out (the platform sets them).
 */
export function initialFormValue(model: FormModel): unknown {
  return initialOf(model.root);
}

export function initialOf(node: FormNode): unknown {
  if (node.readOnly) return undefined;
  if (node.default !== undefined) return structuredCloneJson(node.default);
  switch (node.kind) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const child of node.properties) {
        const v = initialOf(child);
        if (v !== undefined) out[child.name] = v;
      }
      return out;
    }
    case 'array':
      return Array.from({ length: node.minItems ?? 0 }, () => initialOf(node.item));
    case 'unsupported':
      return node.fixedValue === undefined ? undefined : structuredCloneJson(node.fixedValue);
    case 'choice':
      return node.options[0] ? initialOf(node.options[0]) : undefined;
    default:
      return undefined;
  }
}

/**
 * What is sent: read-only fields removed, the fixed value of unsupported constructs kept, and optional
 * objects or arrays the clerk left empty dropped (an empty optional address must not trip the address's
 * own required fields).
 */
export function toSubmitValue(model: FormModel, value: unknown): unknown {
  return submitOf(model.root, value);
}

function submitOf(node: FormNode, value: unknown): unknown {
  if (node.readOnly) return undefined;
  if (node.kind === 'unsupported') return value === undefined ? node.fixedValue : value;
  if (node.kind === 'object' && isRecord(value)) {
    const out: Record<string, unknown> = {};
    const known = new Set(node.properties.map((p) => p.name));
    for (const child of node.properties) {
      const v = submitOf(child, value[child.name]);
      if (v !== undefined) out[child.name] = v;
    }
    // Values the form has no field for (e.g. prefilled) stay, so validation can report them.
    for (const [k, v] of Object.entries(value)) if (!known.has(k) && v !== undefined) out[k] = v;
    if (!node.required && Object.keys(out).length === 0) return undefined;
    return out;
  }
  if (node.kind === 'array' && Array.isArray(value)) {
    const items = value.map((item) => {
      const v = submitOf(node.item, item);
      return v === undefined ? null : v;
    });
    if (!node.required && items.length === 0) return undefined;
    return items;
  }
  return value;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function structuredCloneJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}
