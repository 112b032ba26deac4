import type { FormNode } from './form-model';

/**
 * Value paths in the platform's notation: `claimant.firstName`, `damagedItems[0].name`; '' is the root.
 * Segments are property names (strings) or array indexes (numbers).
 */
export type PathSegment = string | number;

export function childPath(parent: string, segment: PathSegment): string {
  if (typeof segment === 'number') return `${parent}[${segment}]`;
  return parent === '' ? segment : `${parent}.${segment}`;
}

export function parsePath(path: string): PathSegment[] {
  const segments: PathSegment[] = [];
  for (const match of path.matchAll(/([^.[\]]+)|\[(\d+)\]/g)) {
    if (match[2] !== undefined) segments.push(Number(match[2]));
    else if (match[1] !== undefined) segments.push(match[1]);
  }
  return segments;
}

/** Returns a copy of `value` with `next` at `path` (intermediate objects/arrays created as needed). */
export function setAtPath(value: unknown, path: PathSegment[], next: unknown): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return next;
  if (typeof head === 'number') {
    const array = Array.isArray(value) ? [...(value as unknown[])] : [];
    array[head] = setAtPath(array[head], rest, next);
    return array;
  }
  const object =
    value !== null && typeof value === 'object' && !Array.isArray(value)
      ? { ...(value as Record<string, unknown>) }
      : {};
  const updated = setAtPath(object[head], rest, next);
  if (updated === undefined) delete object[head];
  else object[head] = updated;
  return object;
}

/** The node that edits the value at `path`, if the form has one. */
export function nodeAtPath(root: FormNode, path: PathSegment[]): FormNode | undefined {
  let node: FormNode | undefined = root;
  for (const segment of path) {
    if (!node) return undefined;
    if (typeof segment === 'number') node = node.kind === 'array' ? node.item : undefined;
    else node = node.kind === 'object' ? node.properties.find((p) => p.name === segment) : undefined;
  }
  return node;
}
