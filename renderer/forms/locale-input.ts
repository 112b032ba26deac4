import type { Locale } from '../i18n/i18n';

// Numbers and dates as the clerk types them in the app's language: German "1.200,50" and "15.01.2026",
// English "1,200.50" and "2026-01-15". The form's value stays a JSON number / ISO date.

/** The locale's decimal and grouping signs ("," and "." in German). */
function separators(locale: Locale): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
  return {
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
  };
}

/**
 * The number the clerk typed, or 'invalid' when it is not one in the locale's form; '' is undefined.
 * Grouping signs are accepted only between groups of three digits, so a German "1200.50" is refused as
 * unclear instead of being read as 120050.
 */
export function parseLocaleNumber(text: string, locale: Locale): number | undefined | 'invalid' {
  const raw = text.trim().replace(/\s/g, '');
  if (raw === '') return undefined;
  const { decimal, group } = separators(locale);
  const sign = raw.startsWith('-') ? -1 : 1;
  const body = raw.replace(/^[-+]/, '');
  const [whole = '', fraction, ...more] = body.split(decimal);
  if (more.length > 0) return 'invalid';
  if (fraction !== undefined && !/^\d+$/.test(fraction)) return 'invalid';
  const groups = whole.split(group);
  if (groups.length > 1 && !(/^\d{1,3}$/.test(groups[0] ?? '') && groups.slice(1).every((g) => /^\d{3}$/.test(g))))
    return 'invalid';
  const digits = groups.join('');
  if (!/^\d+$/.test(digits) && !(digits === '' && fraction !== undefined)) return 'invalid';
  const n = Number(`${digits || '0'}${fraction !== undefined ? `.${fraction}` : ''}`);
  return Number.isFinite(n) ? sign * n : 'invalid';
}

/**
 * A number in the locale's form as the clerk would write it: an amount with cents as "1.200,50" (grouped,
 * two decimals at least); a whole number without grouping below 10 000, so a year stays "1990".
 */
export function formatLocaleNumber(value: number, locale: Locale): string {
  const fractional = !Number.isInteger(value);
  return new Intl.NumberFormat(locale, {
    useGrouping: fractional || Math.abs(value) >= 10_000,
    minimumFractionDigits: fractional ? 2 : 0,
    maximumFractionDigits: 20,
  }).format(value);
}

/** How a date is written: the placeholder of a date field. */
export function datePattern(locale: Locale): string {
  return locale === 'de' ? 'TT.MM.JJJJ' : 'YYYY-MM-DD';
}

/**
 * The ISO date (YYYY-MM-DD) of what the clerk typed, undefined for '', or 'invalid'. German takes
 * dd.mm.yyyy (also d.m.yyyy); every language takes the ISO form.
 */
export function parseLocaleDate(text: string, locale: Locale): string | undefined | 'invalid' {
  const raw = text.trim();
  if (raw === '') return undefined;
  let y: number, m: number, d: number;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(raw);
  const german = locale === 'de' ? /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/.exec(raw) : null;
  if (iso) [y, m, d] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (german) [d, m, y] = [Number(german[1]), Number(german[2]), Number(german[3])];
  else return 'invalid';
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return 'invalid';
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** An ISO date as the locale writes it; anything else is shown as it is. */
export function formatLocaleDate(iso: string, locale: Locale): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m || locale !== 'de') return iso;
  return `${m[3]}.${m[2]}.${m[1]}`;
}
