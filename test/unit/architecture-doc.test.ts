import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// docs/architecture.md is how a newcomer finds a room (issue #32 item 6): it drifted to naming 7 of 17 core
// folders. Every folder that holds product code must be named there by its path, so a new or moved room
// fails this test until the map says where it is and what it holds.
const root = resolve(import.meta.dirname, '../..');
const LAYERS = ['electron/core', 'shared', 'renderer'];
const PRODUCT_FILE = /\.(ts|tsx|mjs|css)$/;
const NOT_PRODUCT = /\.test\.tsx?$/;

function productFolders(dir: string): string[] {
  const entries = readdirSync(dir, { withFileTypes: true });
  const here = entries.some((e) => e.isFile() && PRODUCT_FILE.test(e.name) && !NOT_PRODUCT.test(e.name));
  const below = entries
    .filter((e) => e.isDirectory() && e.name !== 'test-support' && e.name !== 'node_modules')
    .flatMap((e) => productFolders(join(dir, e.name)));
  return [...(here ? [relative(root, dir)] : []), ...below];
}

/** How the map may write a folder: from the repository root, or from inside its layer. */
function spellings(folder: string): string[] {
  const names = [`${folder}/`];
  if (folder.startsWith('electron/')) names.push(`${folder.slice('electron/'.length)}/`);
  if (folder.startsWith('renderer/')) names.push(`${folder.slice('renderer/'.length)}/`);
  return names;
}

describe('docs/architecture.md', () => {
  const doc = readFileSync(join(root, 'docs/architecture.md'), 'utf8');
  const folders = LAYERS.flatMap((layer) => productFolders(join(root, layer))).filter((f) => !LAYERS.includes(f));

  it('finds the rooms it checks (a wrong root would make the next test pass on nothing)', () => {
    expect(folders).toEqual(
      expect.arrayContaining(['electron/core/queue', 'shared/domain', 'renderer/features/inbox']),
    );
    expect(folders.length).toBeGreaterThan(40);
  });

  it('names every folder of product code in the core, shared and the renderer', () => {
    const missing = folders.filter((f) => !spellings(f).some((s) => doc.includes(s)));
    expect(missing).toEqual([]);
  });

  it('names no core folder that is gone', () => {
    const named = [...doc.matchAll(/(?:electron\/)?core\/([a-z-]+(?:\/[a-z-]+)*)\//g)].map(
      (m) => `electron/core/${m[1]}`,
    );
    const gone = [...new Set(named)].filter((f) => !folders.includes(f) && !f.includes('test-support'));
    expect(gone).toEqual([]);
  });
});
