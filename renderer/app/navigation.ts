import type { MessageKey } from '../i18n/messages-en';

/**
 * The screens of the workspace, in navigation order. Alt/Ctrl+1…9 follow this order, so a later screen
 * (cases, partners, activity) is added by appending one entry here and one case in screen-outlet.tsx.
 */
export const NAV_ITEMS = [
  { id: 'inbox', label: 'nav.inbox' },
  { id: 'queue', label: 'nav.queue' },
  { id: 'lookup', label: 'nav.lookup' },
  { id: 'claims', label: 'nav.claims' },
  { id: 'settings', label: 'nav.settings' },
  { id: 'cases', label: 'nav.cases' },
  { id: 'partners', label: 'nav.partners' },
  { id: 'activity', label: 'nav.activity' },
  { id: 'office', label: 'nav.office' },
] as const satisfies readonly { id: string; label: MessageKey }[];

export type ScreenId = (typeof NAV_ITEMS)[number]['id'];

export function screenAt(index: number): ScreenId | undefined {
  return NAV_ITEMS[index]?.id;
}
