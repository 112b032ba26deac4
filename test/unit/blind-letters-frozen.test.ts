import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue #47: a blind set is frozen before it is first measured; nothing in it may change afterwards, or the
// figures measured on it would measure the rules' author, not the letters customers write.
const ROOT = resolve(import.meta.dirname, '../fixtures/blind-letters');
const sets = readdirSync(ROOT, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

describe('blind letter sets stay as they were frozen', () => {
  it('there are at least three sets of at least 150 letters in all', () => {
    const letters = sets.flatMap((s) => readdirSync(join(ROOT, s)).filter((n) => /^\d{3}$/.test(n)));
    expect(sets.length).toBeGreaterThanOrEqual(3);
    expect(letters.length).toBeGreaterThanOrEqual(150);
  });

  it('every set frozen so far is still there: A, B, C (round 1), D (round 2, 50 letters), E and F (round 3, 60 each)', () => {
    expect(sets).toEqual(expect.arrayContaining(['set-a', 'set-b', 'set-c', 'set-d', 'set-e', 'set-f']));
    expect(readdirSync(join(ROOT, 'set-d')).filter((n) => /^\d{3}$/.test(n))).toHaveLength(50);
    for (const set of ['set-e', 'set-f'])
      expect(readdirSync(join(ROOT, set)).filter((n) => /^\d{3}$/.test(n))).toHaveLength(60);
  });

  it.each(sets)('%s: every file as its FROZEN.sha256 says, and no file beside them', (set) => {
    const dir = join(ROOT, set);
    const listed = new Map(
      readFileSync(join(dir, 'FROZEN.sha256'), 'utf8')
        .trim()
        .split('\n')
        .map((line) => {
          const [hash, path] = line.split(/\s+/) as [string, string];
          return [path.replace(/^\.\//, ''), hash] as const;
        }),
    );
    const files = (function walk(sub: string): string[] {
      return readdirSync(join(dir, sub), { withFileTypes: true }).flatMap((e) =>
        e.isDirectory() ? walk(join(sub, e.name)) : [join(sub, e.name)],
      );
    })('').filter((f) => f !== 'FROZEN.sha256');
    expect(files.sort()).toEqual([...listed.keys()].sort());
    for (const f of files) {
      expect(
        createHash('sha256')
          .update(readFileSync(join(dir, f)))
          .digest('hex'),
        f,
      ).toBe(listed.get(f));
    }
    for (const letter of files.filter((f) => f.endsWith('truth.json'))) {
      const truth = JSON.parse(readFileSync(join(dir, letter), 'utf8')) as { fields: Record<string, unknown> };
      expect(Object.keys(truth.fields).sort(), letter).toEqual(
        [
          'accidentDate',
          'caseType',
          'claimant.firstName',
          'claimant.lastName',
          'damageAddress.city',
          'damageAddress.postalCode',
          'damageAddress.street',
          'damageCause',
          'description',
          'estimatedAmount',
          'policyNumber',
        ].sort(),
      );
    }
  });
});
