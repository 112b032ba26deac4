import { describe, expect, it } from 'vitest';
import { HISTORY_CODES, historyStep } from '../../../shared/domain/history';
import { de as messagesDe } from '../../i18n/messages-de';
import { en as messagesEn } from '../../i18n/messages-en';
import { historyStepText } from './history-step-text';

describe('historyStepText', () => {
  it('says how a searchable PDF was sent (issue #39), in en and de', () => {
    const step = { code: 'uploadedSearchable', values: { read: 3, bitonal: 0 } } as const;
    expect(historyStepText('en', step).text).toBe('uploaded as a searchable PDF (3 pages read)');
    expect(historyStepText('de', step).text).toBe('als durchsuchbares PDF hochgeladen (3 Seiten gelesen)');
    const one = { code: 'uploadedSearchable', values: { read: 1, bitonal: 1 } } as const;
    expect(historyStepText('en', one).text).toBe('uploaded as a searchable PDF (1 page read, 1 in black and white)');
    const grey = { code: 'uploadedSearchableKeptGrey', values: { read: 2, bitonal: 1, grey: 1 } } as const;
    expect(historyStepText('en', grey).text).toBe(
      'uploaded as a searchable PDF (2 pages read, 1 in black and white); 1 page kept in grey: it reads worse in black and white',
    );
    expect(historyStepText('de', grey).text).toBe(
      'als durchsuchbares PDF hochgeladen (2 Seiten gelesen, 1 schwarz-weiß); 1 Seite in Graustufen belassen: sie liest sich schwarz-weiß schlechter',
    );
  });

  it('fills the step’s sentence with its values, in en and de', () => {
    expect(historyStepText('en', { code: 'attempt', values: { n: 2 } })).toEqual({ text: 'attempt 2' });
    expect(historyStepText('de', { code: 'attempt', values: { n: 2 } })).toEqual({ text: 'Versuch 2' });
    const station = { code: 'arrivedAtStation', values: { station: 'pc-empfang-3f9a01' } } as const;
    expect(historyStepText('en', station).text).toBe('arrived; taken by station pc-empfang-3f9a01');
    expect(historyStepText('de', station).text).toBe('eingegangen; übernommen von Station pc-empfang-3f9a01');
    const part = { code: 'partOfFlagged', values: { n: 1, file: 's.pdf', pages: '1, 2', blank: '2' } } as const;
    expect(historyStepText('en', part).text).toBe(
      'part 1 of the scan s.pdf (pages 1, 2; blank pages kept and marked: 2)',
    );
    expect(historyStepText('de', { code: 'splitFrom', values: { file: 'a.pdf', page: 3 } }).text).toBe(
      'von a.pdf vor Seite 3 abgetrennt',
    );
  });

  it('every code has a sentence in both catalogs, with no placeholder left unfilled', () => {
    for (const code of HISTORY_CODES) {
      expect(messagesEn).toHaveProperty([`history.step.${code}`]);
      expect(messagesDe).toHaveProperty([`history.step.${code}`]);
    }
    const values = {
      n: 1,
      count: 2,
      file: 'f.pdf',
      pages: '1',
      blank: '1',
      station: 's',
      page: 2,
      read: 1,
      bitonal: 1,
      grey: 1,
      since: '2026-12-07T09:00:00.000Z',
    };
    for (const code of HISTORY_CODES)
      for (const locale of ['en', 'de'] as const)
        expect(historyStepText(locale, { code, values }).text, `${locale} ${code}`).not.toMatch(/[{}]/);
  });

  it('an upload’s error: the error’s sentence behind Details, the system’s text kept beside a translation', () => {
    const unknown = historyStepText('en', {
      code: 'error',
      values: { errorCode: 'x.unknown', reason: 'The platform did not answer in time (HTTP 504).' },
    });
    expect(unknown).toEqual({
      text: 'attempt did not succeed',
      details: 'The platform did not answer in time (HTTP 504).',
    });
    const known = historyStepText('de', {
      code: 'error',
      values: { errorCode: 'file.missing', reason: 'The spooled copy of this document is missing.' },
    });
    expect(known.text).toBe('Versuch ohne Erfolg');
    expect(known.details).not.toBe('The spooled copy of this document is missing.');
    expect(known.original).toBe('The spooled copy of this document is missing.');
  });

  it('a note from an old row: its text behind Details', () => {
    expect(historyStepText('de', { code: 'note', values: { text: 'Kept whole.' } })).toEqual({
      text: 'Hinweis',
      details: 'Kept whole.',
    });
  });

  it("a take-over step names the silent station and when it went silent, in the clerk's form", () => {
    const step = historyStep('takenOver', { station: 'PC A', since: '2026-12-07T09:05:00.000Z' });
    const { text } = historyStepText('de', step);
    expect(text).toContain('PC A');
    expect(text).not.toContain('T09:05');
    expect(text).toContain(
      new Intl.DateTimeFormat('de', { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date('2026-12-07T09:05:00.000Z'),
      ),
    );
  });
});
