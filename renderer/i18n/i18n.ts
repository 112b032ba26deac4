import { useAppStore } from '../app/store';
import { de } from './messages-de';
import { en } from './messages-en';
import type { MessageKey } from './messages-en';

export type Locale = 'en' | 'de';
const catalogs: Record<Locale, Record<MessageKey, string>> = { en, de };

export function translate(locale: Locale, key: MessageKey, values: Record<string, string | number> = {}): string {
  const template = catalogs[locale][key] ?? en[key];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = values[name];
    return v === undefined ? `{${name}}` : typeof v === 'number' ? new Intl.NumberFormat(locale).format(v) : v;
  });
}

/** Hook for components: re-renders when the locale changes. */
export function useT(): (key: MessageKey, values?: Record<string, string | number>) => string {
  const locale = useAppStore((s) => s.locale);
  return (key, values) => translate(locale, key, values);
}

export function formatDateTime(locale: Locale, iso: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
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
