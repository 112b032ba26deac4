import { describe, expect, it } from 'vitest';
import { amountOf, chooseAmount, findAmounts } from './find-amount';
import { findAddress, sameAddress } from './find-address';
import { findCause } from './find-cause';
import { chooseLossDate, findDates } from './find-dates';
import { trimTo } from './find-description';
import { noticeLines } from './notice-lines';
import { typedPage } from './test-support/typed-pages';

const lines = (...text: string[]) => noticeLines([typedPage(text)]);
const lossDate = (...text: string[]) => chooseLossDate(findDates(lines(...text)), '2026-06-30');

describe('date of loss', () => {
  it.each([
    ['Schadentag: 12.03.2026', '2026-03-12'],
    ['Schadentag: 2.3.2026', '2026-03-02'],
    ['Datum des Schadens: 12. März 2026', '2026-03-12'],
    ['Datum des Schadens: 12. Marz 2026', '2026-03-12'],
    ['Date of loss: March 12, 2026', '2026-03-12'],
    ['Date of loss: 12 March 2026', '2026-03-12'],
    ['Am 12.03.2026 ereignete sich ein Wasserschaden.', '2026-03-12'],
    ['On March 12, 2026 a pipe burst in the kitchen.', '2026-03-12'],
    ['The damage happened on 2026-03-12.', '2026-03-12'],
  ])('%s → %s', (text, iso) => {
    expect(lossDate(text)).toMatchObject({ date: { iso }, confidence: 0.95 });
  });

  it('a form: the date in the box under its label', () => {
    expect(lossDate('Schadentag', '04.05.2026')?.date.iso).toBe('2026-05-04');
  });

  it('never the letter’s date, a birth, purchase or policy date, or a date after today', () => {
    expect(lossDate('Hamburg, den 12.03.2026')).toBeUndefined();
    expect(lossDate('Datum: 12.03.2026', 'Geboren am 01.01.1970')).toBeUndefined();
    expect(lossDate('Der Vertrag besteht seit dem 01.01.2020.', 'Hamburg, den 03.03.2026')).toBeUndefined();
    expect(lossDate('Schadentag: 12.08.2026')).toBeUndefined();
    expect(lossDate('Hamburg, den 20.03.2026', 'Schadentag: 12.03.2026')?.date.iso).toBe('2026-03-12');
    expect(lossDate('31.02.2026')).toBeUndefined();
  });

  it('one date without words is offered, not taken as sure', () => {
    expect(lossDate('Es geht um den Vorfall 12.03.2026 im Keller.')?.confidence).toBeLessThan(0.8);
  });
});

describe('estimated amount', () => {
  it.each([
    ['1.200,50', 1200.5],
    ['1,200.50', 1200.5],
    ['1 200', 1200],
    ['1.200', 1200],
    ['950', 950],
    ['950,5', 950.5],
    ['12,34,5', undefined],
  ])('%s → %s', (text, value) => expect(amountOf(text)).toBe(value));

  it('the estimate, not the deductible or a deposit', () => {
    const pick = (...t: string[]) => chooseAmount(findAmounts(lines(...t)));
    expect(pick('Unsere Selbstbeteiligung beträgt 150 €.', 'Geschätzte Schadenhöhe: 2.300 EUR')).toMatchObject({
      found: { amount: 2300 },
      confidence: 0.9,
    });
    expect(pick('Our deductible is EUR 300.', 'The repair is estimated at EUR 1,250.00.')?.found.amount).toBe(1250);
    expect(pick('Estimated amount', '231.00 €')?.found.amount).toBe(231);
    expect(pick('Our deductible is EUR 300.')).toBeUndefined();
    expect(pick('Schadenh6he: 357 EUR')?.found.amount).toBe(357);
  });
});

describe('cause, address, description', () => {
  it('a cause named plainly is sure; two causes are not', () => {
    expect(findCause(lines('Ein Rohrbruch im Bad, das Leitungswasser lief aus.'))).toMatchObject({
      cause: 'water',
      confidence: 0.9,
    });
    expect(findCause(lines('Burglars broke into our flat.'))).toMatchObject({ cause: 'burglary', confidence: 0.9 });
    expect(findCause(lines('Sturm und Hagel und Feuer.'))?.confidence).toBeLessThan(0.8);
    expect(findCause(lines('Bitte rufen Sie uns an.'))).toBeUndefined();
  });

  it('the damage address after its label, on the line or below it', () => {
    expect(findAddress(lines('Schadenort: Gartenweg 4, 21073 Hamburg')).found).toMatchObject({
      street: 'Gartenweg 4',
      postalCode: '21073',
      city: 'Hamburg',
    });
    expect(findAddress(lines('Place of loss', 'Am Markt 17, 37073 Göttingen')).found?.city).toBe('Göttingen');
    expect(findAddress(lines('Lindenstraße 12, 20095 Hamburg')).found).toBeUndefined();
    expect(findAddress(lines('Schadenort: ???')).labelled).toBe(true);
  });

  it('an OCR slip is the same address; another street is not', () => {
    const insured = { street: 'Lindenstraße 12', postalCode: '20095', city: 'Hamburg' };
    expect(sameAddress({ street: 'LindenstraBe 12', postalCode: '20095', city: 'Hamburg' }, insured)).toBe(true);
    expect(sameAddress({ street: 'Gartenweg 4', postalCode: '20095', city: 'Hamburg' }, insured)).toBe(false);
    expect(sameAddress({ ...insured, postalCode: '20096' }, insured)).toBe(false);
  });

  it('trims to the schema’s length at a word', () => {
    expect(trimTo('Das Wasser lief in den Keller', 15)).toBe('Das Wasser…');
    expect(trimTo('kurz', 15)).toBe('kurz');
    expect(trimTo('x'.repeat(30), 10)).toHaveLength(10);
  });
});
