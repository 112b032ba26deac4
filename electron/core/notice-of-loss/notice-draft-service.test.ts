import { describe, expect, it } from 'vitest';
import { CASE_CREATE_INPUT } from '../../../sandbox/seed/case-schemas';
import { SEED_CUSTOMERS } from '../../../sandbox/seed/seed-customers';
import { customerOnDate, searchCustomers } from '../../../sandbox/api/customers-endpoint';
import { buildFormModel } from '../../../shared/forms/build-form-model';
import type { CustomerSearchQuery } from '../../../shared/platform/customers';
import { draftFromDocument } from './notice-draft-service';
import { typedPage } from './test-support/typed-pages';

// Issue #47: a draft made "as of" a day is the same whatever the clock says, so the blind bench's figures can
// be made again on any day. The policy's validity and the latest date of loss both depend on that day.
// The platform is the sandbox's own search (its seed customers, its in-force rule), without HTTP.
const LETTER = [
  'Schadenmeldung zum Vertrag WG-200002',
  'Schadentag: 14.11.2025',
  'Ein Sturm hat Ziegel vom Dach gerissen.',
  'Der zweite Schaden vom 20.12.2025 folgt gesondert.',
];

function deps(now: number, asOf?: string) {
  const asked: string[] = [];
  return {
    asked,
    deps: {
      text: { textOf: async () => ({ ok: true as const, pageCount: 1, pages: [typedPage(LETTER)], fromCache: true }) },
      schema: async () => ({
        key: 'case-create',
        direction: 'input' as const,
        model: buildFormModel(CASE_CREATE_INPUT),
        fetchedAt: '2026-01-01T00:00:00Z',
        fromCache: false,
      }),
      platform: () => ({
        searchCustomers: async (q: CustomerSearchQuery) => {
          asked.push(q.date);
          return searchCustomers(SEED_CUSTOMERS, q.q).map((c) => customerOnDate(c, q.date));
        },
      }),
      fileOf: (id: string) => id,
      now: () => now,
      ...(asOf ? { asOf } : {}),
    },
  };
}
const at = (iso: string) => Date.parse(`${iso}T12:00:00Z`);

describe('a case draft as of a day', () => {
  it('is the same whatever the clock says; the policy is checked on that day', async () => {
    const a = deps(at('2031-03-01'), '2025-12-01');
    const b = deps(at('2026-12-07'), '2025-12-01');
    const [da, db] = [await draftFromDocument(a.deps, 'x'), await draftFromDocument(b.deps, 'x')];
    expect(da).toEqual(db);
    expect(a.asked).toEqual(['2025-12-01']);
    // WG-200002 runs to 2025-12-31: in force on the day, so its number is filled.
    expect(da.values.find((v) => v.path === 'policyNumber')).toMatchObject({ value: 'WG-200002', filled: true });
    // 20.12.2025 is after the day: never the date of loss.
    expect(da.values.find((v) => v.path === 'accidentDate')).toMatchObject({ value: '2025-11-14' });
  });

  it('another day gives another draft: the policy ended, which the draft says', async () => {
    const later = deps(at('2025-12-01'), '2026-02-01');
    const d = await draftFromDocument(later.deps, 'x');
    expect(later.asked).toEqual(['2026-02-01']);
    expect(d.values.find((v) => v.path === 'policyNumber')).toMatchObject({
      value: 'WG-200002',
      evidence: 'policy-confirmed-not-in-force',
    });
    expect(d.problems).toEqual(['Policy WG-200002 is not in force on 2026-02-01 (the platform’s answer).']);
    const before = await draftFromDocument(deps(at('2031-01-01'), '2025-12-01').deps, 'x');
    expect(before.problems).toEqual([]);
  });

  it('without asOf, the local date of the clock', async () => {
    const clock = deps(at('2025-12-01'));
    await draftFromDocument(clock.deps, 'x');
    expect(clock.asked).toEqual(['2025-12-01']);
  });
});
