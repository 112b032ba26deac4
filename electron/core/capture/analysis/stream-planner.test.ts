import { describe, expect, it } from 'vitest';
import { DEFAULT_CAPTURE_PROFILE } from '../../../../shared/domain/capture';
import type { PlanPage, PlanProfile, PlannedDocument } from './planner';
import { planSeparation } from './planner';
import { StreamPlanner } from './stream-planner';

const pos = {
  topLeft: { x: 0, y: 0 },
  topRight: { x: 1, y: 0 },
  bottomRight: { x: 1, y: 1 },
  bottomLeft: { x: 0, y: 1 },
};
/** 'S' separator (PATCHT), 'M' a cover sheet with a case number (matches the separator pattern), 'B' blank, 'P' page. */
function batch(spec: string[]): PlanPage[] {
  return spec.map((s, page) => {
    const text = s === 'S' ? 'PATCHT' : s === 'M' ? `CLM-2026-${String(page).padStart(6, '0')}` : undefined;
    return { page, blank: s === 'B', barcodes: text ? [{ format: 'Code128', text, position: pos }] : [] };
  });
}
const profile = (p: Partial<PlanProfile> = {}): PlanProfile => ({
  ...DEFAULT_CAPTURE_PROFILE,
  separatorPattern: '^CLM-',
  metadataPattern: '^(?<CaseNumber>CLM-\\d{4}-\\d{6})$',
  ...p,
});

/** Feeds the pages in `order`; returns the documents handed out while feeding, then the rest at the end. */
function stream(pages: PlanPage[], order: number[], p: PlanProfile, fromPage = 0) {
  const planner = new StreamPlanner(p, fromPage);
  const early: PlannedDocument[] = [];
  for (const i of order) early.push(...planner.add(pages[i]!));
  const { rest } = planner.finish();
  return { early, all: [...early, ...rest] };
}

describe('StreamPlanner', () => {
  it('hands out a document as soon as the separator after it is analysed, and no sooner', () => {
    const pages = batch(['P', 'P', 'S', 'P', 'B', 'S', 'P']);
    const planner = new StreamPlanner(profile({ blankPages: 'drop' }));
    expect(planner.add(pages[0]!)).toEqual([]);
    expect(planner.add(pages[2]!)).toEqual([]); // page 1 not analysed yet: the run stops at 0
    expect(planner.add(pages[1]!).map((d) => d.pages)).toEqual([[0, 1]]);
    expect(planner.add(pages[3]!)).toEqual([]);
    expect(planner.add(pages[4]!)).toEqual([]);
    expect(planner.add(pages[5]!).map((d) => d.pages)).toEqual([[3]]);
    expect(planner.add(pages[6]!)).toEqual([]);
    expect(planner.finish().rest.map((d) => d.pages)).toEqual([[6]]);
  });

  it('a cover sheet gives its values to the document it starts, also when that one is handed out early', () => {
    const pages = batch(['P', 'M', 'P', 'P', 'M', 'P']);
    const { early } = stream(pages, [0, 1, 2, 3, 4, 5], profile());
    expect(early.map((d) => [d.pages, d.metadata])).toEqual([
      [[0], {}],
      [[2, 3], { CaseNumber: 'CLM-2026-000001' }],
    ]);
  });

  it('random batches in random order: exactly the whole plan, in order; resumed after any handed-out document, the same rest', () => {
    let seed = 7;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let run = 0; run < 300; run++) {
      const spec = Array.from(
        { length: 1 + Math.floor(rnd() * 24) },
        () => ['P', 'S', 'B', 'P', 'M'][Math.floor(rnd() * 5)]!,
      );
      const pages = batch(spec);
      // Two workers, chunks of 2: pages come roughly in order, out of order within a few.
      const order = pages.map((_, i) => i).sort((a, b) => a + rnd() * 4 - (b + rnd() * 4));
      for (const blankPages of ['keep', 'flag', 'drop'] as const) {
        for (const keepSeparatorPage of [false, true]) {
          const p = profile({ blankPages, keepSeparatorPage });
          const whole = planSeparation(pages, p).documents;
          const { early, all } = stream(pages, order, p);
          expect(all).toEqual(whole);
          // A restart resumes at the page after a handed-out document: the rest is the same.
          for (const [k, d] of early.entries()) {
            const from = d.pages.at(-1)! + 1;
            const resumed = stream(
              pages,
              order.filter((i) => i >= from),
              p,
              from,
            ).all;
            expect(resumed, `${spec.join('')} ${blankPages} ${keepSeparatorPage} from ${from}`).toEqual(
              whole.slice(k + 1),
            );
          }
        }
      }
    }
  });
});
