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

  it('leaves an error text as a detail', () => {
    expect(historyStep('The platform did not answer in time (HTTP 504).')).toEqual({
      kind: 'detail',
      text: 'The platform did not answer in time (HTTP 504).',
    });
  });
});
