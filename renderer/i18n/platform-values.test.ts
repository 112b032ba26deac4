import { describe, expect, it } from 'vitest';
import { platformText } from './platform-values';

// Issue #31 item 8: the platform's own words are shown in the clerk's language; unknown ones as sent.
describe("the platform's words", () => {
  it('a cause of loss from the claim schema reads in English on the English screen, and stays on the German one', () => {
    expect(platformText('en', 'Leitungswasser')).toBe('Escaping water');
    expect(platformText('en', 'Einbruchdiebstahl')).toBe('Burglary');
    expect(platformText('de', 'Leitungswasser')).toBe('Leitungswasser');
    expect(platformText('de', 'Storm')).toBe('Sturm');
  });

  it('a word the table does not know is shown as the platform wrote it', () => {
    expect(platformText('en', 'Marderbiss')).toBe('Marderbiss');
    expect(platformText('en', undefined)).toBe('');
  });
});
