import { describe, expect, it } from 'vitest';
import { DEFAULT_CAPTURE_PROFILE } from '../../../../shared/domain/capture';
import type { PlanPage, PlanProfile } from './planner';
import { planSeparation } from './planner';

const pos = {
  topLeft: { x: 0, y: 0 },
  topRight: { x: 1, y: 0 },
  bottomRight: { x: 1, y: 1 },
  bottomLeft: { x: 0, y: 1 },
};
/** Compact batch notation: 'S' separator (PATCHT), 'B' blank, 'P' page, 'C:text' page with a code. */
function batch(...spec: string[]): PlanPage[] {
  return spec.map((s, page) => {
    const text = s === 'S' ? 'PATCHT' : s.startsWith('C:') ? s.slice(2) : undefined;
    return { page, blank: s === 'B', barcodes: text ? [{ format: 'Code128', text, position: pos }] : [] };
  });
}
const profile = (p: Partial<PlanProfile> = {}): PlanProfile => ({ ...DEFAULT_CAPTURE_PROFILE, ...p });
const pagesOf = (pages: PlanPage[], p: Partial<PlanProfile> = {}) =>
  planSeparation(pages, profile(p)).documents.map((d) => d.pages);

describe('planSeparation', () => {
  it('splits on PATCHT by default and drops the separator pages', () => {
    const plan = planSeparation(batch('P', 'P', 'S', 'P', 'S', 'P', 'P'), profile());
    expect(plan.documents.map((d) => d.pages)).toEqual([[0, 1], [3], [5, 6]]);
    expect(plan.dropped).toEqual([
      { page: 2, reason: 'separator' },
      { page: 4, reason: 'separator' },
    ]);
  });

  it('a file without separators is one document; a file of one page is one document', () => {
    expect(pagesOf(batch('P', 'P', 'P'))).toEqual([[0, 1, 2]]);
    expect(pagesOf(batch('P'))).toEqual([[0]]);
  });

  it('keeps the separator page as the first page of the document it starts, when asked', () => {
    expect(pagesOf(batch('S', 'P', 'S', 'P', 'P'), { keepSeparatorPage: true })).toEqual([
      [0, 1],
      [2, 3, 4],
    ]);
  });

  it('consecutive separators, and separators at the start and end, give no empty document', () => {
    expect(pagesOf(batch('S', 'S', 'P', 'S', 'S', 'S', 'P', 'S'))).toEqual([[2], [6]]);
    expect(pagesOf(batch('S', 'S', 'P', 'S', 'S', 'P', 'S'), { keepSeparatorPage: true })).toEqual([
      [0, 1, 2],
      [3, 4, 5],
    ]);
    const onlySeparators = planSeparation(batch('S', 'S'), profile());
    expect(onlySeparators.documents).toEqual([]);
    expect(onlySeparators.dropped.map((d) => d.page)).toEqual([0, 1]);
  });

  it('a custom separator value replaces PATCHT', () => {
    expect(pagesOf(batch('P', 'C:SPLIT', 'P', 'S', 'P'), { separatorValue: 'SPLIT' })).toEqual([[0], [2, 3, 4]]);
  });

  it('a separator pattern marks separators too (a cover sheet with a case number)', () => {
    const pages = batch('C:CLM-2024-000123', 'P', 'P', 'C:CLM-2024-000999', 'P');
    expect(pagesOf(pages, { separatorPattern: '^CLM-\\d{4}-\\d{6}$' })).toEqual([[1, 2], [4]]);
    // A code that only looks similar is an ordinary page.
    expect(pagesOf(batch('P', 'C:CLM-24-1', 'P'), { separatorPattern: '^CLM-\\d{4}-\\d{6}$' })).toEqual([[0, 1, 2]]);
  });

  it('turns a cover sheet code into metadata for the document it starts, through named groups', () => {
    const plan = planSeparation(
      batch('P', 'C:CLM-2024-000123', 'P', 'P', 'C:CLM-2025-000042', 'P'),
      profile({
        separatorPattern: '^CLM-',
        metadataPattern: '^CLM-(?<CaseNumber>\\d{4}-\\d{6})$',
      }),
    );
    expect(plan.documents.map((d) => [d.pages, d.metadata])).toEqual([
      [[0], {}],
      [[2, 3], { CaseNumber: '2024-000123' }],
      [[5], { CaseNumber: '2025-000042' }],
    ]);
    expect(plan.documents[1]!.separatorPages).toEqual([1]);
  });

  it('metadata from consecutive separator sheets adds up; the later sheet wins a clash', () => {
    const pages: PlanPage[] = batch('C:CLM-2024-000123', 'S', 'P');
    pages[1]!.barcodes.push({ format: 'QRCode', text: 'TYPE-INV', position: pos });
    const plan = planSeparation(
      pages,
      profile({
        separatorPattern: '^CLM-',
        metadataPattern: '^(?:CLM-(?<CaseNumber>\\d{4}-\\d{6})|TYPE-(?<DocumentTypeCode>\\w+))$',
      }),
    );
    expect(plan.documents).toHaveLength(1);
    expect(plan.documents[0]!.metadata).toEqual({ CaseNumber: '2024-000123', DocumentTypeCode: 'INV' });
  });

  it("without a metadata pattern, the app's own cover sheet (PATCHT + one Code 128) gives the case number", () => {
    const code = (format: string, text: string) => ({ format, text, position: pos });
    const cover = (...codes: Array<ReturnType<typeof code>>): PlanPage => ({ page: 1, blank: false, barcodes: codes });
    const sheet = cover(
      code('Code128', 'CLM-2026-000102'),
      code('Code128', 'PATCHT'),
      code('Code128', 'CLM-2026-000102'),
    );
    const metadataOf = (page: PlanPage, p: Partial<PlanProfile> = {}) =>
      planSeparation([...batch('P'), page, { page: 2, blank: false, barcodes: [] }], profile(p)).documents[1]?.metadata;
    expect(metadataOf(sheet)).toEqual({ CaseNumber: 'CLM-2026-000102' });
    // With a separator value of its own, the sheet the station prints carries that one.
    expect(
      metadataOf(cover(code('Code128', 'SPLIT'), code('Code128', 'CLM-2026-000102')), { separatorValue: 'SPLIT' }),
    ).toEqual({ CaseNumber: 'CLM-2026-000102' });
    // Not one of the app's sheets, or not telling which value: nothing is taken.
    expect(metadataOf(cover(code('Code128', 'PATCHT')))).toEqual({});
    expect(metadataOf(cover(code('Code128', 'PATCHT'), code('QRCode', 'CLM-2026-000102')))).toEqual({});
    expect(metadataOf(cover(code('Code128', 'PATCHT'), code('Code128', 'A-1'), code('Code128', 'B-2')))).toEqual({});
    // A code that marks the sheet by the folder's separator pattern is no value.
    expect(
      metadataOf(cover(code('Code128', 'PATCHT'), code('Code128', 'SEP-7')), { separatorPattern: '^SEP-' }),
    ).toEqual({});
    // A clerk's metadata pattern is the folder's rule: it alone says what is read.
    expect(metadataOf(sheet, { metadataPattern: '^(?<PolicyNumber>PH-\\d+)$' })).toEqual({});
  });

  it('codes on ordinary pages never set metadata', () => {
    const plan = planSeparation(
      batch('S', 'C:CLM-2024-000123', 'P'),
      profile({ metadataPattern: '^CLM-(?<CaseNumber>\\d{4}-\\d{6})$' }),
    );
    expect(plan.documents).toEqual([{ pages: [1, 2], metadata: {}, flaggedBlankPages: [], separatorPages: [0] }]);
  });

  it('blank pages: drop leaves them out, flag keeps and lists them, keep does nothing', () => {
    const pages = batch('P', 'B', 'P', 'S', 'P', 'B');
    const dropped = planSeparation(pages, profile({ blankPages: 'drop' }));
    expect(dropped.documents.map((d) => d.pages)).toEqual([[0, 2], [4]]);
    expect(dropped.dropped).toEqual([
      { page: 1, reason: 'blank' },
      { page: 3, reason: 'separator' },
      { page: 5, reason: 'blank' },
    ]);
    const flagged = planSeparation(pages, profile({ blankPages: 'flag' }));
    expect(flagged.documents.map((d) => [d.pages, d.flaggedBlankPages])).toEqual([
      [[0, 1, 2], [1]],
      [[4, 5], [5]],
    ]);
    expect(pagesOf(pages, { blankPages: 'keep' })).toEqual([
      [0, 1, 2],
      [4, 5],
    ]);
  });

  it("a separator sheet's blank back (duplex) makes no document of its own, whatever the blank setting", () => {
    for (const blankPages of ['keep', 'flag', 'drop'] as const) {
      const plan = planSeparation(batch('S', 'B', 'P', 'B', 'S', 'B', 'P'), profile({ blankPages }));
      expect(
        plan.documents.map((d) => d.pages.filter((p) => p !== 1 && p !== 5)),
        blankPages,
      ).toEqual(blankPages === 'drop' ? [[2], [6]] : [[2, 3], [6]]);
    }
    // A batch of nothing but blank pages makes no document.
    expect(planSeparation(batch('B', 'B'), profile()).documents).toEqual([]);
  });

  it('a page with a code is never blank, even if analysis said so', () => {
    const pages = batch('P', 'C:HELLO', 'P');
    pages[1]!.blank = true;
    expect(pagesOf(pages, { blankPages: 'drop' })).toEqual([[0, 1, 2]]);
  });

  it('separate: false keeps the whole file as one document (blank rules still apply)', () => {
    expect(pagesOf(batch('P', 'S', 'B', 'P'), { separate: false, blankPages: 'drop' })).toEqual([[0, 1, 3]]);
  });

  it('takes pages in page order whatever order the analysis arrived in, and every page is in exactly one place', () => {
    const pages = batch('P', 'S', 'P', 'B', 'S', 'S', 'P', 'B', 'P');
    const shuffled = [
      pages[5]!,
      pages[0]!,
      pages[8]!,
      pages[3]!,
      pages[1]!,
      pages[7]!,
      pages[2]!,
      pages[6]!,
      pages[4]!,
    ];
    const plan = planSeparation(shuffled, profile({ blankPages: 'drop' }));
    expect(plan.documents.map((d) => d.pages)).toEqual([[0], [2], [6, 8]]);
    const all = [...plan.documents.flatMap((d) => d.pages), ...plan.dropped.map((d) => d.page)].sort((a, b) => a - b);
    expect(all).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('random batches: every page lands once, no document is empty or starts with a dropped separator', () => {
    let seed = 42;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let run = 0; run < 300; run++) {
      const spec = Array.from(
        { length: 1 + Math.floor(rnd() * 20) },
        () => ['P', 'S', 'B', 'P'][Math.floor(rnd() * 4)]!,
      );
      for (const blankPages of ['keep', 'flag', 'drop'] as const) {
        for (const keepSeparatorPage of [false, true]) {
          const plan = planSeparation(batch(...spec), profile({ blankPages, keepSeparatorPage }));
          const placed = [...plan.documents.flatMap((d) => d.pages), ...plan.dropped.map((d) => d.page)];
          expect(placed.sort((a, b) => a - b)).toEqual(spec.map((_, i) => i));
          for (const d of plan.documents) {
            expect(d.pages.some((p) => spec[p] === 'P')).toBe(true);
            if (!keepSeparatorPage) expect(d.pages.some((p) => spec[p] === 'S')).toBe(false);
          }
        }
      }
    }
  });
});
