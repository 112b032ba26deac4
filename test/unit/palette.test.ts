import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const styles = resolve(import.meta.dirname, '../../renderer/styles');
const read = (name: string) => readFileSync(resolve(styles, name), 'utf8');

describe('palette.css', () => {
  // Issue #31 item 9 found the system's dark theme and the chosen one apart; issue #41 item 4 wrote the
  // dark palette once: each colour is one light-dark(light, dark) pair, so the two cannot drift.
  it('writes every colour once, as light-dark(light, dark), and nowhere else', () => {
    const css = read('palette.css');
    const declarations = [...css.matchAll(/(--[\w-]+):\s*([^;]+);/g)];
    expect(declarations.length).toBeGreaterThan(40);
    for (const [, name, value] of declarations)
      expect(value, name).toMatch(/^light-dark\(#[0-9a-f]{6}, #[0-9a-f]{6}\)$/);
    const names = declarations.map((d) => d[1]);
    expect(new Set(names).size).toBe(names.length);
    for (const other of ['app.css', 'inbox.css', 'screens.css'])
      expect(read(other), other).not.toMatch(/^\s*--[\w-]+:\s*#/m);
  });

  it('follows the system unless a theme is chosen', () => {
    const css = read('palette.css');
    expect(css).toMatch(/:root \{\s*color-scheme: light;/);
    expect(css).toMatch(
      /@media \(prefers-color-scheme: dark\) \{\s*:root:not\(\[data-theme='light'\]\) \{\s*color-scheme: dark;\s*\}\s*\}/,
    );
    expect(css).toMatch(/:root\[data-theme='dark'\] \{\s*color-scheme: dark;\s*\}/);
  });
});
