import { describe, expect, it } from 'vitest';
import { defaultFieldPatterns, findCandidates, fixDigitLookalikes, isoDate } from './candidates';
import { checkDigitValid, luhnValid, mod11Valid, mod97Valid } from './check-digits';
import type { PageText, TextWord } from './page-text';

/** A page from lines of text; each word gets a box along its line. */
function page(index: number, lines: string[], source: PageText['source'] = 'ocr'): PageText {
  return {
    page: index,
    source,
    lines: lines.map((l, y) =>
      l.split(' ').map((text, x): TextWord => ({ text, box: { x: x * 0.1, y: y * 0.05, w: 0.09, h: 0.02 } })),
    ),
  };
}
const values = (pages: PageText[], field: string) =>
  findCandidates(pages, defaultFieldPatterns())
    .filter((c) => c.field === field)
    .map((c) => c.value);

describe('candidates', () => {
  it('finds each field in a German letter with its page and the box of its words', () => {
    const pages = [
      page(0, ['Sehr geehrte Damen und Herren,']),
      page(1, [
        'Ihre Versicherungsnummer: HR-100001',
        'Schadennummer 1001 zum Vorgang CLM-2026-000101',
        'Unfalltag: 12.01.2026, Kennzeichen HH-AB 1234',
        'Hamburg, den 3. Februar 2026',
      ]),
    ];
    const found = findCandidates(pages, defaultFieldPatterns());
    const policy = found.find((c) => c.field === 'policyNumber')!;
    expect(policy).toMatchObject({ value: 'HR-100001', page: 1 });
    // The third word of the first line.
    expect(policy.box).toEqual({ x: 0.2, y: 0, w: expect.closeTo(0.09), h: expect.closeTo(0.02) });
    expect(values(pages, 'caseNumber')).toEqual(['CLM-2026-000101']);
    expect(values(pages, 'claimId')).toEqual(['1001']);
    expect(values(pages, 'registrationNumber')).toEqual(['HH-AB 1234']);
    expect(values(pages, 'accidentDate')).toEqual(['2026-01-12']);
    expect(values(pages, 'date')).toEqual(['2026-01-12', '2026-02-03']);
    // A plate spanning two words has the box around both.
    const plate = found.find((c) => c.field === 'registrationNumber')!;
    expect(plate.box!.w).toBeCloseTo(0.19);
  });

  it('reads English wording and OCR look-alikes (O for 0, l for 1) inside numbers', () => {
    const pages = [page(0, ['Policy number: HR-1OOOO1', 'Claim no. 1OO1', 'Date of loss 5 March 2026'])];
    expect(values(pages, 'policyNumber')).toEqual(['HR-100001']);
    expect(values(pages, 'claimId')).toEqual(['1001']);
    expect(values(pages, 'date')).toEqual(['2026-03-05']);
    expect(fixDigitLookalikes('HR-l00OO1')).toBe('HR-100001');
    expect(fixDigitLookalikes('Olaf')).toBe('Olaf');
  });

  // Tesseract's fast model reads Helvetica's "11" as "1 1" now and then (issue #30 item 4): 11 of 150
  // numbers in the generated letters were missed so, e.g. "WG-50021 1" and "CLM-2026-33801 1".
  it('reads a number whose last digit OCR split off as one number, with the box of both words', () => {
    const pages = [page(0, ['Versicherungsnummer: WG-50021 1', 'Unser Zeichen: CLM-2026-33801 1 vom 3.4.2026'])];
    expect(values(pages, 'policyNumber')).toContain('WG-500211');
    expect(values(pages, 'caseNumber')).toEqual(['CLM-2026-338011']);
    const found = findCandidates(pages, defaultFieldPatterns()).find((c) => c.value === 'CLM-2026-338011');
    expect(found?.box?.x).toBeCloseTo(0.2);
    expect(found?.box?.w).toBeCloseTo(0.19); // "CLM-2026-33801" and "1"
    expect(found?.box?.y).toBeCloseTo(0.05);
    // Only a lone digit after a digit is joined: two numbers side by side stay two.
    expect(values([page(0, ['HR-100001 12 HR-100002 x 3'])], 'policyNumber')).toEqual(['HR-100001', 'HR-100002']);
  });

  it('finds nothing in words that only look similar', () => {
    const pages = [page(0, ['HR-10001 is too short, HRX-100001 too long, 31.02.2026 is no date, CLM-2026-00010'])];
    for (const field of ['policyNumber', 'caseNumber', 'date', 'accidentDate'])
      expect(values(pages, field)).toEqual([]);
  });

  it('drops candidates whose check digit is wrong when the pattern names a scheme', () => {
    const pages = [page(0, ['Vertrag 79927398713 und Vertrag 79927398710'])];
    const patterns = [{ field: 'policyNumber' as const, pattern: String.raw`\d{11}`, checkDigit: 'luhn' as const }];
    expect(findCandidates(pages, patterns).map((c) => c.value)).toEqual(['79927398713']);
  });

  it('uses the environment’s case-number pattern', () => {
    const pages = [page(0, ['Az. 2026/S/00042 und CLM-2026-000101'])];
    const found = findCandidates(pages, defaultFieldPatterns(String.raw`^\d{4}/S/\d{5}$`));
    expect(found.filter((c) => c.field === 'caseNumber').map((c) => c.value)).toEqual(['2026/S/00042']);
  });
});

describe('check digits and dates', () => {
  it('luhn, mod 11, mod 97', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398714')).toBe(false);
    expect(mod11Valid('3123')).toBe(true); // 2·2 + 1·3 + 3·4 = 19 → 11 − 8 = 3
    expect(mod11Valid('3124')).toBe(false);
    expect(mod97Valid('370400440532013000131489')).toBe(true); // DE89 3704 0044 0532 0130 00, rearranged
    expect(checkDigitValid('luhn', 'AB-7992739871-3')).toBe(true);
  });
  it('dates in the usual forms, only real calendar dates', () => {
    expect(isoDate('12.03.2024')).toBe('2024-03-12');
    expect(isoDate('2024-03-12')).toBe('2024-03-12');
    expect(isoDate('12. März 2024')).toBe('2024-03-12');
    expect(isoDate('1 December 2025')).toBe('2025-12-01');
    expect(isoDate('30.02.2024')).toBeUndefined();
  });
});
