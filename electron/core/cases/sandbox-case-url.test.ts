import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sandboxCaseUrl } from './sandbox-case-url';

const CORE = join(import.meta.dirname, '..');

function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return e.name === 'test-support' ? [] : productFiles(path);
    return e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [path] : [];
  });
}

// Issue #32 item 5: the sandbox's case route was built twice (the check before sending, the claim lookup).
describe('the sandbox case URL', () => {
  it('joins the base URL and the encoded case number, whatever slashes the base ends with', () => {
    expect(sandboxCaseUrl({ baseUrl: 'http://127.0.0.1:8080/' }, 'SCH-2026/0042')).toBe(
      'http://127.0.0.1:8080/__sandbox/cases/SCH-2026%2F0042',
    );
    expect(sandboxCaseUrl({ baseUrl: 'http://127.0.0.1:8080/api//' }, 'A 1')).toBe(
      'http://127.0.0.1:8080/api/__sandbox/cases/A%201',
    );
  });

  it('is built in one place in the core', () => {
    const building = productFiles(CORE)
      .filter((f) => readFileSync(f, 'utf8').includes('/__sandbox/cases/${'))
      .map((f) => relative(CORE, f));
    expect(building).toEqual(['cases/sandbox-case-url.ts']);
  });
});
