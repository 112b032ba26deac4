import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DocumentSuggestionsSchema } from '../../../shared/domain/suggestions';
import type { ConnectionHarness } from '../platform/test-support/connection-harness';
import { startConnectionHarness } from '../platform/test-support/connection-harness';
import { documentSuggestions } from './document-suggestions';
import type { DocumentSuggestionDeps } from './document-suggestions';
import { DocumentTextService } from './document-text';
import { letterScan } from './test-support/letters';
import { idleMs } from '../util/test-support/box-pace';

let h: ConnectionHarness;
let dir: string;
let deps: DocumentSuggestionDeps;
beforeAll(async () => {
  h = await startConnectionHarness();
  dir = mkdtempSync(join(tmpdir(), 'doc-suggest-'));
  const { api } = h.connect();
  deps = {
    text: new DocumentTextService({ dataDir: join(dir, 'data'), dpi: 200, poolSize: 1 }),
    platform: () => ({
      searchCustomers: (q) => api.searchCustomers(q),
      getClaimFiles: (id) => api.getClaimFiles(id),
    }),
    caseNumberPattern: () => undefined,
    now: () => Date.now(),
  };
});
afterAll(async () => {
  await deps.text.close();
  await h.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function scannedLetter(name: string, policyNumber: string): Promise<string> {
  const png = await letterScan(
    {
      lines: ['Sehr geehrte Damen und Herren,', `Versicherungsnummer: ${policyNumber}`, 'Unfalltag: 12.01.2026'],
      fontSize: 13,
      skew: 0.6,
    },
    { dpi: 200, noise: 24, blur: 0.7, seed: 5 },
  );
  const path = join(dir, name);
  writeFileSync(path, png);
  return path;
}

describe('suggestions for a scanned letter', () => {
  it(
    'suggests the sandbox policy it names, with the customer’s name and the page',
    async () => {
      const r = await documentSuggestions(deps, await scannedLetter('known.png', 'HR-100001'));
      expect(DocumentSuggestionsSchema.parse(r)).toEqual(r); // what crosses the IPC boundary
      expect(r.pages).toEqual([{ page: 0, source: 'ocr', chars: expect.any(Number) }]);
      const policy = r.suggestions.find((s) => s.field === 'policyNumber');
      expect(policy).toMatchObject({
        value: 'HR-100001',
        page: 0,
        check: 'verified',
        policy: { customerName: 'Jörg Müller' },
      });
      expect(policy!.box!.y).toBeGreaterThan(0.05);
      expect(r.suggestions.find((s) => s.field === 'accidentDate')).toMatchObject({
        value: '2026-01-12',
        check: 'found-in-document',
      });
      expect(r.languages).toContain('eng');
    },
    idleMs(90_000),
  );

  it(
    'gives no policy suggestion for a number the platform does not know: it is shown as unknown',
    async () => {
      const r = await documentSuggestions(deps, await scannedLetter('unknown.png', 'HR-999123'));
      expect(r.pages[0]?.source).toBe('ocr');
      expect(r.suggestions.filter((s) => s.field === 'policyNumber').map((s) => [s.value, s.check])).toEqual([
        ['HR-999123', 'unknown'],
      ]);
      expect(r.problems).toEqual([]);
    },
    idleMs(90_000),
  );
});
