import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { circles, importGraph, root } from './import-graph';

// Issue #41 item 3: three small circles (one of them types only) blurred which file stands on which. No
// product file may import, even as a type, a file that imports it back, through any number of steps.
// One circle stays, by design (docs/architecture.md, "Renderer"): the store's state type, app-state.ts, is
// the sum of the feature slices, and each slice's creator is typed with it. It is types only (erased at
// build, no load order), so it is checked as such and every other circle still fails.
const STATE = 'renderer/app/app-state.ts';

describe('the import graph of the product', () => {
  const graph = importGraph();

  it('finds the files and imports it checks (a wrong root would pass on nothing)', () => {
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get('electron/core/queue/document-queue.ts')?.length).toBeGreaterThan(3);
  });

  it('has no circle between product files, type-only imports included', () => {
    const withoutState = new Map(
      [...graph].filter(([f]) => f !== STATE).map(([f, t]) => [f, t.filter((x) => x !== STATE)]),
    );
    expect(circles(withoutState)).toEqual([]);
  });

  it('the one circle through app-state.ts is of types only', () => {
    const source = readFileSync(join(root, STATE), 'utf8');
    const statements = source.split('\n').filter((l) => /^(import|export)\b/.test(l));
    expect(statements.every((l) => /^import type\b|^export type\b/.test(l))).toBe(true);
    for (const [file, targets] of graph) {
      if (!targets.includes(STATE)) continue;
      const text = readFileSync(join(root, file), 'utf8');
      expect(text, file).not.toMatch(/^import \{[^}]*\} from '[^']*app-state'/m);
    }
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
