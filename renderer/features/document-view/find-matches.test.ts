import { describe, expect, it } from 'vitest';
import type { PageWord } from '../../../shared/domain/page-words';
import { findMatches, findQuery, stepMatch } from './find-matches';

/** Words of one line, each 0.1 wide, side by side from the left. */
function line(texts: string[], lineIndex = 0, y = 0.1): PageWord[] {
  return texts.map((text, i) => ({ text, line: lineIndex, box: { x: 0.1 * i, y, w: 0.1, h: 0.02 } }));
}

describe('find on page', () => {
  it('ignores case and accents both ways, spells out ß and ligatures', () => {
    const words = line(['Jörg', 'MÜLLER', 'Straße', 'Schaden', 'ﬁnal']);
    const page = [{ page: 0, words }];
    expect(findMatches(page, 'muller')).toHaveLength(1);
    expect(findMatches(page, 'Müller')).toHaveLength(1);
    expect(findMatches(page, 'JORG')).toHaveLength(1);
    expect(findMatches(page, 'strasse')).toHaveLength(1);
    expect(findMatches(page, 'STRASSE')).toHaveLength(1);
    expect(findMatches(page, 'final')).toHaveLength(1);
    expect(findMatches(page, 'Mueller')).toHaveLength(0);
  });

  it('counts every match on every page in reading order, without overlaps', () => {
    const pages = [
      { page: 0, words: [...line(['Schaden', 'am', 'Auto']), ...line(['schaden', 'gemeldet'], 1, 0.2)] },
      { page: 1, words: line(['kein', 'Treffer']) },
      { page: 2, words: line(['Schadenschaden']) },
    ];
    const found = findMatches(pages, 'schaden');
    expect(found.map((m) => m.page)).toEqual([0, 0, 2, 2]);
    expect(findMatches([{ page: 0, words: line(['aaaa']) }], 'aa')).toHaveLength(2);
  });

  it('a query with spaces spans words and lines; an empty or blank query finds nothing', () => {
    const words = [...line(['Versicherungsnummer:', 'HR-100001']), ...line(['Kennzeichen', 'HH-AB', '1234'], 1, 0.2)];
    const page = [{ page: 0, words }];
    const [m] = findMatches(page, 'nummer:   hr-100001');
    expect(m?.boxes).toHaveLength(2);
    expect(findMatches(page, '100001 kennzeichen')).toHaveLength(1);
    expect(findMatches(page, '')).toEqual([]);
    expect(findMatches(page, '   ')).toEqual([]);
    expect(findQuery('  Groß  Straße ')).toBe('gross strasse');
  });

  it('marks the matched part of a word; on a turned page the whole word', () => {
    const words = line(['ab', 'Versicherung']); // the second word: x 0.1, w 0.1, 12 letters
    const [m] = findMatches([{ page: 0, words }], 'sicher');
    expect(m!.boxes).toHaveLength(1);
    expect(m!.boxes[0]!.x).toBeCloseTo(0.1 + (0.1 * 3) / 12);
    expect(m!.boxes[0]!.w).toBeCloseTo((0.1 * 6) / 12);
    const [turned] = findMatches([{ page: 0, words, rotation: 90 }], 'sicher');
    expect(turned!.boxes).toEqual([words[1]!.box]);
    // A folded letter that became two (ß → ss) still belongs to its one letter of the word.
    const [street] = findMatches([{ page: 0, words: line(['Straße']) }], 'asse');
    expect(street!.boxes[0]!.x).toBeCloseTo((0.1 * 3) / 6);
    expect(street!.boxes[0]!.w).toBeCloseTo((0.1 * 3) / 6);
  });

  it('Enter and Shift+Enter go round the ends', () => {
    expect(stepMatch(4, 5, 1)).toBe(0);
    expect(stepMatch(0, 5, -1)).toBe(4);
    expect(stepMatch(1, 5, 1)).toBe(2);
    expect(stepMatch(0, 0, 1)).toBe(0);
  });
});
