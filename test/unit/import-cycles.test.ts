import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles, importGraph, root } from './import-graph';

// Issue #41 item 3: three small circles (one of them types only) blurred which file stands on which. No
// product file may import, even as a type, a file that imports it back, through any number of steps.
// Issue #49 item 3: the last circle, the store's state type (app-state.ts, the sum of the feature slices)
// and the slices typed with it, is gone too: each slice's type is in its `<feature>-state.ts`, below both.
const STATE = 'renderer/app/app-state.ts';

describe('the import graph of the product', () => {
  const graph = importGraph();

  it('finds the files and imports it checks (a wrong root would pass on nothing)', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('electron/core/queue/document-queue.ts')?.length).toBeGreaterThan(3);
  });

  it('has no circle between product files, type-only imports included', () => {
    expect(circles(graph)).toEqual([]);
  });

  it("the store's state type stands below the slices: it imports their types, never a slice", () => {
    const imported = graph.get(STATE) ?? [];
    expect(imported.length).toBeGreaterThan(10);
    expect(imported.filter((f) => f.endsWith('-slice.ts'))).toEqual([]);
    const source = readFileSync(join(root, STATE), 'utf8');
    const statements = source.split('\n').filter((l) => /^(import|export)\b/.test(l));
    expect(statements.every((l) => /^import type\b|^export type\b/.test(l))).toBe(true);
  });

  it('would see a circle: a → b → a is found, and so is a longer one', () => {
    const g = new Map([
      ['a', ['b']],
      ['b', ['a']],
      ['c', ['d']],
      ['d', ['e']],
      ['e', ['c']],
      ['f', ['a']],
    ]);
    expect(circles(g)).toEqual([
      ['a', 'b'],
      ['c', 'd', 'e'],
    ]);
  });
});
