import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue 36 item 7: one German word for one thing. The words a catalog must never use are the "never (de)"
// column of docs/glossary.md; a word that is also the English one (Ctrl) is checked on the rendered German
// screens instead (test/e2e/one-vocabulary.test.ts), since English catalogs rightly use it.
const ROOT = resolve(import.meta.dirname, '../..');

function forbiddenWords(): { word: string; use: string }[] {
  const doc = readFileSync(join(ROOT, 'docs/glossary.md'), 'utf8');
  const rows = doc
    .split('\n')
    .filter((line) => line.startsWith('|') && !line.startsWith('|---'))
    .map((line) =>
      line
        .split('|')
        .slice(1, -1)
        .map((cell) => cell.trim()),
    )
    .slice(1);
  return rows.flatMap(([, english = '', german = '', never = '']) =>
    never
      .split(',')
      .map((w) => w.trim())
      .filter((w) => w && !english.split(/,\s*/).includes(w))
      .map((word) => ({ word, use: german })),
  );
}

/** Every source file whose texts the clerk reads: the renderer and the shared catalogs (tests aside). */
function catalogFiles(): string[] {
  const walk = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
      const path = join(dir, e.name);
      if (e.isDirectory()) return walk(path);
      return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
    });
  return [...walk(join(ROOT, 'renderer')), ...walk(join(ROOT, 'shared/i18n'))];
}

describe('one German vocabulary (docs/glossary.md)', () => {
  it('the glossary names the words never to use', () => {
    const words = forbiddenWords().map((f) => f.word);
    expect(words).toEqual(expect.arrayContaining(['Fallnummer', 'Posteingang', 'Schadenfall']));
  });

  it('no catalog uses a second word for one thing', () => {
    const found: string[] = [];
    const forbidden = forbiddenWords();
    for (const file of catalogFiles()) {
      const text = readFileSync(file, 'utf8');
      for (const { word, use } of forbidden) {
        const at = text.search(new RegExp(`(?<![\\p{L}-])${word}(?![\\p{L}])`, 'u'));
        if (at >= 0) found.push(`${relative(ROOT, file)}: "${word}" (use "${use}")`);
      }
    }
    expect(found).toEqual([]);
  });
});
