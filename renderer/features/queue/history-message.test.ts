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

  it('leaves an error text as a detail', () => {
    expect(historyStep('The platform did not answer in time (HTTP 504).')).toEqual({
      kind: 'detail',
      text: 'The platform did not answer in time (HTTP 504).',
    });
  });
});
