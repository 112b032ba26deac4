import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { activeEnvironmentOf } from '../../shared/domain/settings';

const ROOT = resolve(import.meta.dirname, '../..');

function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'node_modules' || e.name === 'test-support' ? [] : productFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

// Issue #32 item 5: "which environment is active" was computed in 7 places; shared/domain/settings.ts has the rule.
describe('the active environment', () => {
  const env = (id: string) => ({ id, name: id });

  it('is the one the settings name, else the first, else none', () => {
    const environments = [env('sandbox'), env('prod')];
    expect(activeEnvironmentOf({ activeEnvironmentId: 'prod', environments })).toEqual(env('prod'));
    expect(activeEnvironmentOf({ activeEnvironmentId: 'gone', environments })).toEqual(env('sandbox'));
    expect(activeEnvironmentOf({ environments })).toEqual(env('sandbox'));
    expect(activeEnvironmentOf({ activeEnvironmentId: 'prod', environments: [] })).toBeUndefined();
    expect(activeEnvironmentOf({})).toBeUndefined();
  });

  it('is looked up by that rule only: no other product file finds it by activeEnvironmentId', () => {
    const own = /environments\??\.find\(\(\w+\) => \w+\.id === [^)]*activeEnvironmentId/;
    const elsewhere = ['shared', 'electron', 'renderer', 'sandbox']
      .flatMap((d) => productFiles(join(ROOT, d)))
      .filter((f) => own.test(readFileSync(f, 'utf8')))
      .map((f) => relative(ROOT, f));
    expect(elsewhere).toEqual(['shared/domain/settings.ts']);
  });
});
