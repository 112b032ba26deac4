import { useAppStore } from '../../app/store';
import type { Locale } from '../../i18n/i18n';

export type Catalogs<K extends string> = { en: Record<K, string>; de: Record<K, string> };
export type FeatureTranslate<K extends string> = (key: K, values?: Record<string, string | number>) => string;

/**
 * Texts of a feature kept beside it (like activity-messages.ts), so the shared catalogs only carry what
 * the shell itself shows. Same `{name}` placeholders and number formatting as renderer/i18n.
 */
export function translateFrom<K extends string>(
  catalogs: Catalogs<K>,
  locale: Locale,
  key: K,
  values: Record<string, string | number> = {},
): string {
  const template = catalogs[locale][key] ?? catalogs.en[key];
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const v = values[name];
    return v === undefined ? `{${name}}` : typeof v === 'number' ? new Intl.NumberFormat(locale).format(v) : v;
  });
}

export function useCatalog<K extends string>(catalogs: Catalogs<K>): FeatureTranslate<K> {
  const locale = useAppStore((s) => s.locale);
  return (key, values) => translateFrom(catalogs, locale, key, values);
}
