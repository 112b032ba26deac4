import type { FormModel } from './form-model';
import { nodeAtPath, parsePath } from './form-paths';

/** An error or warning as the platform sends it; warnings have no shape in the spec, so all is optional. */
export interface PlatformIssue {
  message: string;
  type?: string;
  path?: string;
}

export interface PlacedIssues<T extends PlatformIssue = PlatformIssue> {
  /** Issues that name a field of the form, keyed by that field's path. */
  byPath: Record<string, T[]>;
  /** Issues we could not tie to a field: shown at the top of the form. */
  general: T[];
}

/**
 * Puts each platform issue beside the field it concerns. The spec gives errors only `message` and `type`,
 * so we look, in order, at an explicit `path`, a path-like prefix of the message (`claimant.firstName: …`),
 * a path in `type`, and finally any field path named in the message. Only paths the form really has
 * count; anything else goes to the top (docs/platform-choices.md, "Cases and events").
 */
export function placeIssues<T extends PlatformIssue>(model: FormModel, issues: readonly T[]): PlacedIssues<T> {
  const known = knownPaths(model);
  const placed: PlacedIssues<T> = { byPath: {}, general: [] };
  for (const issue of issues) {
    const path = pathOf(model, issue, known);
    if (path === undefined) placed.general.push(issue);
    else (placed.byPath[path] ??= []).push(issue);
  }
  return placed;
}

const PATH_TOKEN = /^[A-Za-z_$][\w$]*(?:\[\d+\])*(?:\.[A-Za-z_$][\w$]*(?:\[\d+\])*)*$/;

function pathOf(model: FormModel, issue: PlatformIssue, known: string[]): string | undefined {
  const candidates: string[] = [];
  if (issue.path) candidates.push(issue.path);
  const prefix = /^\s*([^\s:]+)\s*:/.exec(issue.message)?.[1];
  if (prefix) candidates.push(prefix);
  if (issue.type) candidates.push(issue.type);
  for (const candidate of candidates) {
    const path = candidate
      .replace(/^\$\.?/, '')
      .replace(/^\//, '')
      .replace(/\//g, '.');
    if (path !== '' && PATH_TOKEN.test(path) && nodeAtPath(model.root, parsePath(path)) !== undefined) return path;
  }
  // Longest first, so `claimant.email` wins over `email`.
  const words = new Set(issue.message.split(/[\s,;:'"“”()]+/));
  return known.find((p) => words.has(p));
}

function knownPaths(model: FormModel): string[] {
  const out: string[] = [];
  const walk = (node: FormModel['root'], path: string): void => {
    if (path !== '') out.push(path);
    if (node.kind === 'object') {
      for (const child of node.properties) walk(child, path === '' ? child.name : `${path}.${child.name}`);
    }
  };
  walk(model.root, '');
  return out.sort((a, b) => b.length - a.length);
}
