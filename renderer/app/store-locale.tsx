import type { ReactNode } from 'react';
import { LocaleProvider } from '../i18n/i18n';
import { useAppStore } from './store';

/** Hands the store's locale to every component below it: renderer/i18n reads it from there, not the store. */
export function StoreLocale(props: { children: ReactNode }) {
  const locale = useAppStore((s) => s.locale);
  return <LocaleProvider value={locale}>{props.children}</LocaleProvider>;
}
