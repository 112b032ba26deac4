import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

describe('palette.css', () => {
  it('the system’s dark theme and the chosen dark theme are the same colours (issue #31 item 9)', () => {
    const css = readFileSync(resolve(import.meta.dirname, '../../renderer/styles/palette.css'), 'utf8');
    const declarations = (from: string) => {
      const start = css.indexOf(from);
      expect(start).toBeGreaterThan(0);
      const body = css.slice(css.indexOf('{', start) + 1, css.indexOf('}', start));
      return body
        .split(';')
        .map((d) => d.trim())
        .filter(Boolean);
    };
    const system = declarations(":root:not([data-theme='light'])");
    expect(system.length).toBeGreaterThan(20);
    expect(declarations(":root[data-theme='dark']")).toEqual(system);
  });
});
