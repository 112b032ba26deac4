import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

/**
 * The product's import graph, drawn from the source (every import, `import type` and re-export): file →
 * the product files it imports. Tests, test-support and benches are not product files.
 */
export const root = resolve(import.meta.dirname, '../..');
const LAYERS = ['shared', 'electron', 'renderer', 'sandbox'];
const NOT_PRODUCT = /(\.test\.tsx?$|\/test-support\/|\.d\.ts$)/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' ? [] : files(p);
    return /\.(ts|tsx)$/.test(e.name) ? [p] : [];
  });
}

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(dirname(from), spec);
  for (const p of [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')])
    if (existsSync(p) && statSync(p).isFile()) return p;
  return undefined;
}

export function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of LAYERS.flatMap((l) => files(join(root, l)))) {
    const rel = relative(root, file);
    if (NOT_PRODUCT.test(`/${rel}`)) continue;
    const info = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    const targets = info.importedFiles
      .map((i) => resolveImport(file, i.fileName))
      .filter((t): t is string => t !== undefined)
      .map((t) => relative(root, t))
      .filter((t) => !NOT_PRODUCT.test(`/${t}`));
    graph.set(rel, [...new Set(targets)]);
  }
  return graph;
}

/** Strongly connected components with more than one node (or a node importing itself): the circles. */
export function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        scc.push(w);
      } while (w !== v);
      if (scc.length > 1 || (graph.get(v) ?? []).includes(v)) out.push(scc.sort());
    }
  };
  for (const v of graph.keys()) if (!idx.has(v)) visit(v);
  return out;
}

/** A file's room: its folder under electron/core (first level), a renderer feature, or its folder. */
export function roomOf(file: string): string {
  const core = /^electron\/core\/([^/]+)\//.exec(file);
  if (core) return `electron/core/${core[1]}`;
  const feature = /^renderer\/features\/([^/]+)\//.exec(file);
  if (feature) return `renderer/features/${feature[1]}`;
  return dirname(file);
}

export function roomGraph(graph: Map<string, string[]>): Map<string, string[]> {
  const rooms = new Map<string, Set<string>>();
  for (const [file, targets] of graph) {
    const from = roomOf(file);
    const set = rooms.get(from) ?? new Set<string>();
    for (const t of targets) if (roomOf(t) !== from) set.add(roomOf(t));
    rooms.set(from, set);
  }
  return new Map([...rooms].map(([k, v]) => [k, [...v]]));
}
