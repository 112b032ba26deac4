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

  it('prose and forms as people write them (#47): a weekday, no year, two-digit years, d/m/y, a form’s column', () => {
    expect(lossDate('Am Donnerstag, dem 27.11.2025, zog das Sturmtief über die Stadt.')).toMatchObject({
      date: { iso: '2025-11-27' },
      evidence: 'loss-date-named',
    });
    expect(lossDate('Unser Mandant half am Samstag, dem 19.05.2026 seinem Bekannten beim Umzug.')).toMatchObject({
      date: { iso: '2026-05-19' },
      evidence: 'loss-date-on',
    });
    expect(lossDate('On Saturday, 15 August 2025 I parked the car in the garage.')?.date.iso).toBe('2025-08-15');
    expect(lossDate('On 9th Aug 2025, around 22:40, I came back.')?.date.iso).toBe('2025-08-09');
    // No year: the letter's (offered: the year is inferred).
    expect(lossDate('Ludwigshafen, 4.5.26', 'am 2. Mai ist mir ein Topf auf das Ceranfeld gefallen.')).toMatchObject({
      date: { iso: '2026-05-02' },
      evidence: 'loss-date-no-year',
    });
    // A form: the label's column, not the letter's date beside it.
    expect(
      lossDate('Schadentag Uhrzeit Schadenort', '14.2.26 ca. 7 Uhr Lindenstraße 12', 'Hamburg, 17.02.2026'),
    ).toMatchObject({ date: { iso: '2026-02-14' }, evidence: 'loss-date-named' });
    expect(
      lossDate('Date of loss (DD/MM/YYYY) Time Date of this report', '03/10/2025 19:30 07/10/2025')?.date.iso,
    ).toBe('2025-10-03');
    // A quoted e-mail's header is not the loss.
    expect(lossDate('Am 03.03.2026 um 10:14 schrieb HANSA-NORD Schadenservice:')).toBeUndefined();
  });

  it('a date the line wraps is read whole, where it stands (blind set D, 033)', () => {
    const letter = [
      'Innsbruck, am 4.12.2026',
      'Infolge der starken Schneefälle vom 28. November bis 1. Dezember 2026 kam es am Dienstag, dem 1.',
      'Dezember 2026, durch Schneedruck am Dach des Hauses zum Abriss der Dachrinne.',
      'Der Spenglerbetrieb Kofler hat am 3.12.2026 ein Angebot gelegt.',
    ];
    const found = chooseLossDate(findDates(lines(...letter)), '2026-12-07');
    expect(found).toMatchObject({ date: { iso: '2026-12-01', at: { line: 1 } }, evidence: 'loss-date-on-first' });
    expect(found?.date.raw).toBe('1. Dezember 2026');
    // A date wholly on the next line is that line's, found once.
    const dates = findDates(lines('Schadentag:', '12.03.2026'));
    expect(dates.map((d) => [d.iso, d.at.line])).toEqual([['2026-03-12', 1]]);
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

  it('amounts in prose and tables (#47): the total, German prose, "2.300,-"', () => {
    const pick = (...t: string[]) => chooseAmount(findAmounts(lines(...t)));
    expect(pick('Laut Angebot beträgt der Schaden etwa 1.200,50 €.')).toMatchObject({
      found: { amount: 1200.5 },
      evidence: 'amount-estimate',
    });
    expect(
      pick('Camera with lens €1,150', 'Clothing and shoes €1,200', 'Total €3,145', 'Our deductible is €300.'),
    ).toMatchObject({ found: { amount: 3145 }, evidence: 'amount-total' });
    expect(pick('Laminat Flur 1.400,-', 'Waschmaschine 650,-', 'zusammen 2.050,-')?.found.amount).toBe(2050);
    expect(pick('roofer quoted €2,350 for the roof, so roughly €3,250 all in.')?.found.amount).toBe(3250);
    expect(
      pick(
        'Eine Uhr, die ich im März 2019 für 5.100 € gekauft habe.',
        'Der Juwelier schätzt den Wiederbeschaffungswert auf 4.200 €.',
      )?.found.amount,
    ).toBe(4200);
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

  it('cause words are whole words or German compounds, never inside another word (#47)', () => {
    // The misses: "wind" in "window", "gust" in "August" → Sturm.
    expect(findCause(lines('On 14 August the window of the car was scratched.'))?.cause).not.toBe('storm');
    expect(findCause(lines('Parked in the Hagelberger Straße 12, a car hit mine.'))).toBeUndefined();
    expect(findCause(lines('Wir waren bei Familie Brandstätter zum Essen eingeladen.'))).toBeUndefined();
    expect(findCause(lines('Next to the Feuerwehrzufahrt sign.'))).toBeUndefined();
    for (const [text, cause] of [
      ['Ein Rohrbruch im Keller.', 'water'],
      ['Der Wasserschlauch ist geplatzt.', 'water'],
      ['Eine Sturmböe hat Ziegel gelöst.', 'storm'],
      ['Hagelkörner so groß wie Murmeln.', 'hail'],
      ['Ein Küchenbrand.', 'fire'],
      ['Wohnungseinbruch am Nachmittag.', 'burglary'],
    ] as const)
      expect(findCause(lines(text)), text).toMatchObject({ cause, evidence: 'cause-named' });
  });

  it('a form’s row of causes counts for the ticked one only; an unlisted one is other', () => {
    expect(
      findCause(lines('Ursache: [ ] Feuer [X] Leitungswasser [ ] Sturm / Hagel [ ] Einbruchdiebstahl [ ] Glasbruch')),
    ).toMatchObject({ cause: 'water', evidence: 'cause-ticked' });
    expect(
      findCause(
        lines('Art: [X] Wildschaden [ ] Glas [ ] Sturm/Hagel [ ] Diebstahl [ ] Brand', 'Ein Reh lief auf die Straße.'),
      ),
    ).toMatchObject({ cause: 'other', evidence: 'cause-ticked' });
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
