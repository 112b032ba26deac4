import { NAV_ITEMS, screenAt } from './navigation';
import type { ScreenId } from './navigation';

/** The parts of a KeyboardEvent the shortcut table looks at, so it can be tested without a DOM. */
export interface KeyInput {
  key: string;
  altKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  /** True when focus is in a text field, where plain letters are typing, not commands. */
  inTextField: boolean;
}

export type ShortcutAction =
  | { kind: 'screen'; screen: ScreenId }
  | { kind: 'next' }
  | { kind: 'previous' }
  | { kind: 'submit' }
  | { kind: 'help' }
  | { kind: 'escape' }
  | { kind: 'same-as-previous' }
  | { kind: 'find-policy' }
  | { kind: 'accept-suggestion' }
  | { kind: 'show-suggestion' }
  | { kind: 'accept-all' }
  | { kind: 'scan' }
  | { kind: 'find-on-page' };

/** The Scan key (issue #38), as its hint shows it (German names: renderer/i18n/key-names.ts). */
export const SCAN_KEY = 'Ctrl+Shift+S';

export function resolveShortcut(input: KeyInput): ShortcutAction | undefined {
  const { key, altKey, ctrlKey, metaKey, inTextField } = input;
  const mod = ctrlKey || metaKey;
  if ((altKey || mod) && /^[1-9]$/.test(key)) {
    const screen = screenAt(Number(key) - 1);
    return screen ? { kind: 'screen', screen } : undefined;
  }
  if (mod && key === 'Enter') return { kind: 'submit' };
  // Scan (issue #38): Ctrl+Shift+S, free in Chromium and in every text field; Alt+S is "use the suggestions".
  if (mod && input.shiftKey && !altKey && (key === 's' || key === 'S')) return { kind: 'scan' };
  // Find in the document shown (issue #39 item 7), also from a text field: the document is open beside it.
  if (mod && !input.shiftKey && !altKey && (key === 'f' || key === 'F')) return { kind: 'find-on-page' };
  if (altKey && key === 'ArrowDown') return { kind: 'next' };
  if (altKey && key === 'ArrowUp') return { kind: 'previous' };
  if (altKey && (key === 'p' || key === 'P')) return { kind: 'same-as-previous' };
  if (altKey && (key === 'l' || key === 'L')) return { kind: 'find-policy' };
  if (altKey && (key === 'a' || key === 'A')) return { kind: 'accept-suggestion' };
  if (altKey && (key === 'v' || key === 'V')) return { kind: 'show-suggestion' };
  if (altKey && (key === 's' || key === 'S')) return { kind: 'accept-all' };
  if (key === 'Escape') return { kind: 'escape' };
  if (inTextField || altKey || mod) return undefined;
  if (key === 'j' || key === 'J') return { kind: 'next' };
  if (key === 'k' || key === 'K') return { kind: 'previous' };
  if (key === '?') return { kind: 'help' };
  return undefined;
}

/** Rows of the help overlay: keys as shown and the message key describing them. */
export const SHORTCUT_HELP = [
  { keys: `Alt+1…${NAV_ITEMS.length} / Ctrl+1…${NAV_ITEMS.length}`, text: 'help.screens' },
  { keys: 'J / Alt+↓', text: 'help.next' },
  { keys: 'K / Alt+↑', text: 'help.previous' },
  { keys: 'Shift+↑/↓, Ctrl+Click, Shift+Click', text: 'help.multiSelect' },
  { keys: 'Ctrl+Enter', text: 'help.submit' },
  { keys: 'Alt+P', text: 'help.sameAsPrevious' },
  { keys: 'Alt+L', text: 'help.findPolicy' },
  { keys: 'Alt+A / Enter', text: 'help.acceptSuggestion' },
  { keys: 'Alt+V', text: 'help.showSuggestion' },
  { keys: 'Alt+S', text: 'help.acceptAll' },
  { keys: SCAN_KEY, text: 'help.scan' },
  { keys: '↓ / ↑', text: 'help.lookupArrows' },
  { keys: '+ / − / 0 / F / W', text: 'help.zoom' },
  { keys: 'PageUp / PageDown', text: 'help.pages' },
  { keys: 'Ctrl+F', text: 'help.find' },
  { keys: 'R / Shift+R, Del, Alt+← / Alt+→, S, M, Ctrl+Z', text: 'help.pageTools' },
  { keys: '?', text: 'help.open' },
  { keys: 'Esc', text: 'help.escape' },
] as const;
