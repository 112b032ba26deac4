import { translate } from '../../i18n/i18n';
import type { Locale } from '../../i18n/i18n';

/** The platform's status texts we know (the sandbox writes German ones), as catalog keys. */
const KNOWN = new Map<
  string,
  'lookup.status.active' | 'lookup.status.expired' | 'lookup.status.cancelled' | 'lookup.status.notStarted'
>([
  ['aktiv', 'lookup.status.active'],
  ['active', 'lookup.status.active'],
  ['abgelaufen', 'lookup.status.expired'],
  ['expired', 'lookup.status.expired'],
  ['storniert', 'lookup.status.cancelled'],
  ['cancelled', 'lookup.status.cancelled'],
  ['noch nicht begonnen', 'lookup.status.notStarted'],
  ['not yet started', 'lookup.status.notStarted'],
]);

/**
 * One status in the clerk's language: a known platform status text alone ("Abgelaufen" / "Expired"), not
 * "Inactive · Abgelaufen" or "Aktiv · Aktiv"; an unknown text next to our active/inactive word, as the
 * platform wrote it.
 */
export function policyStatusLabel(locale: Locale, active: boolean, statusText?: string | null): string {
  const base = translate(locale, active ? 'lookup.active' : 'lookup.inactive');
  const text = statusText?.trim();
  if (!text) return base;
  const key = KNOWN.get(text.toLowerCase());
  if (key) return translate(locale, key);
  return text.toLowerCase() === base.toLowerCase() ? base : `${base} · ${text}`;
}
