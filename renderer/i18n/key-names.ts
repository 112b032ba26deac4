import type { Locale } from './i18n';

/**
 * Key names as the clerk's keyboard labels them: a German keyboard says Strg and Entf, not Ctrl and Del
 * (issue #36 item 7; the glossary in docs/glossary.md). Shortcuts are written once, in English key names,
 * and shown through this.
 */
const GERMAN: readonly [RegExp, string][] = [
  [/\bCtrl\b/g, 'Strg'],
  [/\bDel\b/g, 'Entf'],
  [/\bShift\b/g, 'Umschalt'],
  [/\bClick\b/g, 'Klick'],
  // One name for one key (issue #48 item 9: "Enter" beside "Eingabe", "PageUp / PageDown" in the help).
  [/\bEnter\b/g, 'Eingabe'],
  [/\bPageUp\b/g, 'Bild↑'],
  [/\bPageDown\b/g, 'Bild↓'],
];

export function keyNames(locale: Locale, keys: string): string {
  return locale === 'de' ? GERMAN.reduce((text, [name, german]) => text.replace(name, german), keys) : keys;
}
