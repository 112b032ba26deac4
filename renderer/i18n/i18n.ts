import { createContext, useContext } from 'react';
import { errorMessages } from './error-messages';
import type { ErrorMessageKey } from './error-messages';
import { de } from './messages-de';
import { en } from './messages-en';
import type { MessageKey } from './messages-en';
import { translateFrom, translatorFor } from '../../shared/i18n/translate';
import type { HeldBy } from '../../shared/domain/document';
import type { Catalogs, Locale, MessageValues, Translate as SharedTranslate } from '../../shared/i18n/translate';

/**
 * The renderer's side of the one translation mechanism (shared/i18n/translate.ts, which the tray and the
 * desktop notifications use too). A catalog pair (`Catalogs`) maps keys to `{name}` templates per locale; the shell's own texts are the catalogs in messages-en/de.ts, and a feature keeps its texts beside
 * it as a `Catalogs` of its own (case-messages.ts, activity-messages.ts …). Pure functions take the locale;
 * components get it from `LocaleProvider` (set by the app shell from the store), so this module knows no store.
 */
export type { Catalogs, Locale, MessageValues } from '../../shared/i18n/translate';
export { fillPlurals, translateFrom, translatorFor } from '../../shared/i18n/translate';
export type Translate<K extends string = MessageKey> = SharedTranslate<K>;

const appCatalogs: Catalogs<MessageKey> = { en, de };

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

export function translate(locale: Locale, key: MessageKey, values?: MessageValues): string {
  return translateFrom(appCatalogs, locale, key, values);
}

/** A text that may be a catalog key (from the core or a validator) or already a sentence. */
export function translateMaybe(locale: Locale, text: string, values?: MessageValues): string {
  return isMessageKey(text) ? translate(locale, text, values) : text;
}

const LocaleContext = createContext<Locale>('en');

/** Gives the components below it their locale; the app shell passes the store's. */
export const LocaleProvider = LocaleContext.Provider;

/** Hook for components: re-renders when the locale changes. */
export function useLocale(): Locale {
  return useContext(LocaleContext);
}

/** The shell's catalogs, in the current locale. */
export function useT(): Translate {
  return translatorFor(appCatalogs, useLocale());
}

/** A feature's own catalogs, in the current locale. */
export function useCatalog<K extends string>(catalogs: Catalogs<K>): Translate<K> {
  return translatorFor(catalogs, useLocale());
}

/** Date and time in the locale's form; `timeZone` defaults to the machine's. An unreadable value is shown as given. */
export function formatDateTime(locale: Locale, iso: string, timeZone?: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(d);
}

/**
 * Values that are instants (`since`: when a station went silent, when an outage began) as the clerk reads
 * them, in the locale's date and time; the core sends them as ISO timestamps. Other values as they are.
 */
export function withInstantsShown<V extends Record<string, unknown>>(locale: Locale, values: V): V {
  const since = values['since'];
  return typeof since === 'string' ? { ...values, since: formatDateTime(locale, since) } : values;
}

/** A time of day (hours, minutes and seconds) in the locale's form. An unreadable value is shown as given. */
export function formatTime(locale: Locale, iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { timeStyle: 'medium' }).format(d);
}

/** A calendar date (YYYY-MM-DD) shown in the locale's form, without a time-zone shift. */
export function formatDate(locale: Locale, isoDate: string | null | undefined): string {
  if (!isoDate) return '–';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!m) return isoDate;
  const d = new Date(`${m[1]}-${m[2]}-${m[3]}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return isoDate;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(d);
}

export function formatPercent(locale: Locale, fraction: number): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(fraction);
}

export function formatBytes(locale: Locale, bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let i = 0;
  let v = bytes;
  while (v >= 1024 && i < units.length - 1) {
    v /= 1024;
    i++;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: i === 0 ? 0 : 1 }).format(v)} ${units[i]}`;
}

export function formatMoney(locale: Locale, amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    // Not an ISO 4217 code: show it as given rather than fail the whole line.
    return `${new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(amount)} ${currency}`;
  }
}

/**
 * A clerk's sentence for an error: the platform's own error type when we know it (`case_not_found` says
 * more than `platform.validation`), else the code's sentence (error-messages.ts, then the shell's
 * catalogs), else the message as the core wrote it. The technical text belongs behind "Details".
 */
export function errorText(
  locale: Locale,
  error: {
    code: string;
    message: string;
    platformErrors?: readonly { type?: string | null }[] | undefined;
    heldBy?: HeldBy | undefined;
  },
): string {
  const own = (key: string): key is ErrorMessageKey => Object.hasOwn(errorMessages.en, key);
  const type = error.platformErrors?.[0]?.type;
  const platformKey = `platformError.${type ?? ''}`;
  if (type && own(platformKey)) return translateFrom(errorMessages, locale, platformKey);
  const key = `error.${error.code}`;
  // office.held names who has the document open (issue #50 item 3).
  const values = error.heldBy ? heldByValues(locale, error.heldBy) : {};
  if (own(key)) return translateFrom(errorMessages, locale, key, values);
  return isMessageKey(key) ? translate(locale, key) : error.message;
}

/** The word of the disclosure that holds an error's technical detail. */
export function detailsLabel(locale: Locale): string {
  return translateFrom(errorMessages, locale, 'error.details');
}

/** Who has a document open, as the sentences name them: the station, the clerk, since when (a time today, else a date and time). */
export function heldByValues(locale: Locale, h: HeldBy): { station: string; clerk: string; since: string } {
  const since = new Date(h.since);
  const today = new Date().toDateString() === since.toDateString();
  const format = new Intl.DateTimeFormat(
    locale,
    today ? { timeStyle: 'short' } : { dateStyle: 'short', timeStyle: 'short' },
  );
  return { station: h.station, clerk: h.clerk, since: Number.isNaN(since.getTime()) ? h.since : format.format(since) };
}
