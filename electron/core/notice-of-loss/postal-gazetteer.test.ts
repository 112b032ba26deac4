import { describe, expect, it } from 'vitest';
import { confirmedTown, townOfPostalCode } from './postal-gazetteer';

// Issue #47 item 2: a read town is corrected only where a packaged gazetteer's spelling agrees.
describe('the postal gazetteer', () => {
  it('knows the town a German postal code names; not a code of another country', () => {
    expect(townOfPostalCode('80331')).toBe('München');
    expect(townOfPostalCode('50823')).toBe('Köln');
    expect(townOfPostalCode('1010')).toBeUndefined(); // Wien
    expect(townOfPostalCode('99999')).toBeUndefined();
  });

  it('gives its spelling where the read town agrees: an umlaut OCR dropped, one letter misread', () => {
    expect(confirmedTown('81829', 'Munchen')).toBe('München');
    expect(confirmedTown('50823', 'KOLN')).toBe('Köln');
    expect(confirmedTown('20095', 'Hamburq')).toBe('Hamburg');
  });

  it('corrects nothing where they disagree: another town, two letters off, a short name', () => {
    expect(confirmedTown('81829', 'Hamburg')).toBeUndefined();
    expect(confirmedTown('20095', 'Hambrug')).toBeUndefined();
    expect(confirmedTown('50823', 'Kiel')).toBeUndefined();
    expect(confirmedTown('1010', 'Wien')).toBeUndefined();
  });
});
