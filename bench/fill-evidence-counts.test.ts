import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NoticeField } from '../shared/domain/case-draft';
import { EVIDENCE } from '../electron/core/notice-of-loss/fill-evidence';
import type { Evidence } from '../electron/core/notice-of-loss/fill-evidence';
import { evidenceTable } from './blind-evidence';

// Issue #47 item 3: the fill table's counts are the blind sets' results, not numbers typed in. Each count in
// fill-evidence.ts equals what bench/blind-evidence.ts computes from the committed results of sets A–D.
const FIELD_OF_PATH: Record<string, NoticeField> = {
  policyNumber: 'policyNumber',
  accidentDate: 'lossDate',
  caseType: 'caseType',
  damageCause: 'cause',
  estimatedAmount: 'amount',
  description: 'description',
  'claimant.firstName': 'claimantFirstName',
  'claimant.lastName': 'claimantLastName',
  'damageAddress.street': 'street',
  'damageAddress.postalCode': 'postalCode',
  'damageAddress.city': 'city',
};

describe('the fill table against the blind sets A–D', () => {
  it('every kind’s count per field is the one measured, and every measured kind is in the table', () => {
    const lines = readFileSync(join(import.meta.dirname, 'baselines/notice-blind-2026-12-07-round3-ad.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Parameters<typeof evidenceTable>[0][number]);
    expect(new Set(lines.map((l) => l.set))).toEqual(new Set(['set-a', 'set-b', 'set-c', 'set-d']));
    const measured = evidenceTable(lines).filter((r) => r.evidence !== '(none)');
    const inTable = Object.entries(EVIDENCE).flatMap(([kind, counts]) =>
      Object.entries(counts).map(([field, n]) => ({ kind, field, ...n })),
    );
    expect(measured.map((r) => ({ kind: r.evidence, field: FIELD_OF_PATH[r.path], right: r.right, of: r.n }))).toEqual(
      expect.arrayContaining(inTable.filter((r) => r.of > 0)),
    );
    for (const r of measured) expect(Object.keys(EVIDENCE)).toContain(r.evidence as Evidence);
    expect(measured).toHaveLength(inTable.length);
  });
});
