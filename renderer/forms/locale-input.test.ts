import { describe, expect, it } from 'vitest';
import { formatLocaleDate, formatLocaleNumber, parseLocaleDate, parseLocaleNumber } from './locale-input';

describe('locale number input', () => {
  it('reads German decimals and grouping', () => {
    expect(parseLocaleNumber('1200,50', 'de')).toBe(1200.5);
    expect(parseLocaleNumber('1.200,50', 'de')).toBe(1200.5);
    expect(parseLocaleNumber('1.200', 'de')).toBe(1200);
    expect(parseLocaleNumber('-3,5', 'de')).toBe(-3.5);
    expect(parseLocaleNumber(' ', 'de')).toBeUndefined();
  });

  it('reads English decimals and grouping', () => {
    expect(parseLocaleNumber('1200.50', 'en')).toBe(1200.5);
    expect(parseLocaleNumber('1,200.50', 'en')).toBe(1200.5);
    expect(parseLocaleNumber('.5', 'en')).toBe(0.5);
  });

  it('refuses what is unclear or no number, instead of guessing', () => {
    // German "1200.50": not a valid grouping, so not 120050.
    expect(parseLocaleNumber('1200.50', 'de')).toBe('invalid');
    expect(parseLocaleNumber('1200,50', 'en')).toBe('invalid');
    expect(parseLocaleNumber('12a', 'en')).toBe('invalid');
    expect(parseLocaleNumber('1,2,3', 'de')).toBe('invalid');
  });

  it('writes numbers as the clerk would type them', () => {
    expect(formatLocaleNumber(1200.5, 'de')).toBe('1.200,50');
    expect(formatLocaleNumber(1200.5, 'en')).toBe('1,200.50');
    expect(formatLocaleNumber(1990, 'de')).toBe('1990');
    expect(formatLocaleNumber(25000, 'de')).toBe('25.000');
    // What it writes, it reads back.
    for (const v of [1200.5, 0.125, 25000, 1990]) {
      expect(parseLocaleNumber(formatLocaleNumber(v, 'de'), 'de')).toBe(v);
      expect(parseLocaleNumber(formatLocaleNumber(v, 'en'), 'en')).toBe(v);
    }
  });
});

describe('locale date input', () => {
  it('German takes dd.mm.yyyy and ISO; English ISO', () => {
    expect(parseLocaleDate('15.01.2026', 'de')).toBe('2026-01-15');
    expect(parseLocaleDate('5.1.2026', 'de')).toBe('2026-01-05');
    expect(parseLocaleDate('2026-01-15', 'de')).toBe('2026-01-15');
    expect(parseLocaleDate('2026-01-15', 'en')).toBe('2026-01-15');
    expect(parseLocaleDate('15.01.2026', 'en')).toBe('invalid');
  });

  it('refuses dates that do not exist', () => {
    expect(parseLocaleDate('31.02.2026', 'de')).toBe('invalid');
    expect(parseLocaleDate('2026-13-01', 'en')).toBe('invalid');
  });

  it('shows ISO dates in the locale form', () => {
    expect(formatLocaleDate('2026-01-15', 'de')).toBe('15.01.2026');
    expect(formatLocaleDate('2026-01-15', 'en')).toBe('2026-01-15');
  });
});
