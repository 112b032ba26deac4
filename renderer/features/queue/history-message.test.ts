import { describe, expect, it } from 'vitest';
import { translate } from '../../i18n/i18n';
import { historyStep } from './history-message';

describe('historyStep', () => {
  it("puts the core's fixed step words into the clerk's language", () => {
    const step = historyStep('attempt 2');
    expect(step).toEqual({ kind: 'step', key: 'history.step.attempt', values: { n: 2 } });
    if (step.kind === 'step') expect(translate('de', step.key, step.values)).toBe('Versuch 2');
    const uploaded = historyStep('uploaded');
    if (uploaded.kind === 'step') expect(translate('de', uploaded.key)).toBe('hochgeladen');
  });

  it('names the station that took a scan from a shared folder (#28)', () => {
    const step = historyStep('arrived; taken by station pc-empfang-3f9a01');
    expect(step).toEqual({
      kind: 'step',
      key: 'history.step.arrivedAtStation',
      values: { station: 'pc-empfang-3f9a01' },
    });
    if (step.kind === 'step') {
      expect(translate('en', step.key, step.values)).toBe('arrived; taken by station pc-empfang-3f9a01');
      expect(translate('de', step.key, step.values)).toBe('eingegangen; übernommen von Station pc-empfang-3f9a01');
    }
  });

  it('leaves an error text as a detail, a failed attempt only when the entry failed', () => {
    expect(historyStep('The platform did not answer in time (HTTP 504).', 'failed')).toEqual({
      kind: 'detail',
      text: 'The platform did not answer in time (HTTP 504).',
      failed: true,
    });
    expect(historyStep('Kept whole, not split.', 'new')).toMatchObject({ kind: 'detail', failed: false });
  });

  it("a split part's arrival and the page tools' steps are steps, in both languages (issue #31 item 7)", () => {
    const part = historyStep('part 2 of 3 of stapel.pdf, pages 3, 4', 'new');
    expect(part).toEqual({
      kind: 'step',
      key: 'history.step.part',
      values: { n: 2, count: 3, file: 'stapel.pdf', pages: '3, 4' },
    });
    if (part.kind === 'step')
      expect(translate('de', part.key, part.values)).toBe('Teil 2 von 3 des Scans stapel.pdf (Seiten 3, 4)');
    // Issue #30 item 6: parts made while the batch is still analysed carry no count.
    const early = historyStep('part 2 of stapel.pdf, pages 3, 4', 'new');
    expect(early).toEqual({
      kind: 'step',
      key: 'history.step.partOf',
      values: { n: 2, file: 'stapel.pdf', pages: '3, 4' },
    });
    if (early.kind === 'step') {
      expect(translate('de', early.key, early.values)).toBe('Teil 2 des Scans stapel.pdf (Seiten 3, 4)');
      expect(translate('en', early.key, early.values)).toBe('part 2 of the scan stapel.pdf (pages 3, 4)');
    }
    const earlyFlagged = historyStep('part 1 of s.pdf, pages 1, 2; blank pages kept and flagged: 2', 'new');
    expect(earlyFlagged).toMatchObject({ kind: 'step', key: 'history.step.partOfFlagged' });
    const flagged = historyStep('part 1 of 2 of s.pdf, pages 1, 2; blank pages kept and flagged: 2', 'new');
    expect(flagged).toMatchObject({ kind: 'step', key: 'history.step.partFlagged' });
    for (const m of [
      'pages edited',
      'page edit undone',
      'split',
      'merged',
      'merge undone',
      'split from a.pdf before page 3',
    ])
      expect(historyStep(m, 'new').kind).toBe('step');
  });
});
