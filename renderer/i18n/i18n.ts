import { useAppStore } from '../app/store';
import { de } from './messages-de';
import { en } from './messages-en';
import type { MessageKey } from './messages-en';

export type Locale = 'en' | 'de';
export type Translate = (key: MessageKey, values?: Record<string, string | number>) => string;
const catalogs: Record<Locale, Record<MessageKey, string>> = { en, de };

export function isMessageKey(key: string): key is MessageKey {
  return Object.hasOwn(en, key);
}

export function translate(locale: Locale, key: MessageKey, values: Record<string, string | number> = {}): string {
  const template = catalogs[locale][key] ?? en[key];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = values[name];
    return v === undefined ? `{${name}}` : typeof v === 'number' ? new Intl.NumberFormat(locale).format(v) : v;
  });
}

/** A text that may be a catalog key (from the core or a validator) or already a sentence. */
export function translateMaybe(locale: Locale, text: string, values?: Record<string, string | number>): string {
  return isMessageKey(text) ? translate(locale, text, values) : text;
}

/** Hook for components: re-renders when the locale changes. */
export function useT(): Translate {
  const locale = useAppStore((s) => s.locale);
  return (key, values) => translate(locale, key, values);
}

export function useLocale(): Locale {
  return useAppStore((s) => s.locale);
}

export function formatDateTime(locale: Locale, iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(d);
}

/** A calendar date (YYYY-MM-DD) shown in the locale's form, without a time-zone shift. */
export function formatDate(locale: Locale, isoDate: string | null | undefined): string {
  if (!isoDate) return '–';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!m) return isoDate;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(d);
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
