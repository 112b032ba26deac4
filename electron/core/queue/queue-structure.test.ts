import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/** electron/core, product files only (tests and their helpers may make any table they need). */
const core = join(import.meta.dirname, '..');
function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test-support' ? [] : productFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the queue, issue #32 item 1', () => {
  it('has one owner of the queue database schema: no service makes or alters a table itself', () => {
    const makers = productFiles(core)
      .filter((f) => /\b(CREATE|ALTER) TABLE\b/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(core, f));
    // The data-folder lock is a file of its own (one row, never the queue's), not a table of queue.sqlite;
    // the office's PostgreSQL (issue #50) is another database, whose schema has its one owner too.
    expect(makers.sort()).toEqual([
      'office/office-migrations.ts',
      'queue/queue-database.ts',
      'util/data-folder-lock.ts',
    ]);
  });

  it('keeps document-queue.ts to putting the parts together (under 300 lines)', () => {
    const lines = readFileSync(join(core, 'queue', 'document-queue.ts'), 'utf8').split('\n').length;
    expect(lines).toBeLessThan(300);
  });

  it('builds the page tools after the queue, from its parts (no late `queue: () => queue`)', () => {
    const pipeline = readFileSync(join(core, 'intake-pipeline.ts'), 'utf8');
    expect(pipeline).not.toMatch(/queue:\s*\(\)\s*=>/);
  });
});
