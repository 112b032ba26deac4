import { HIDDEN_FLAG } from './command-line';

/** What the OS should do at login, from settings.desktop.startMinimisedAtLogin. */
export interface LoginItem {
  openAtLogin: boolean;
  /** Windows: arguments of the Run entry; the app reads `--hidden` and stays in the tray. */
  args: string[];
  /** macOS login items cannot pass arguments; Electron reports `wasOpenedAsHidden` instead. */
  openAsHidden: boolean;
}

export function loginItemFor(startMinimisedAtLogin: boolean): LoginItem {
  return startMinimisedAtLogin
    ? { openAtLogin: true, args: [HIDDEN_FLAG], openAsHidden: true }
    : { openAtLogin: false, args: [], openAsHidden: false };
}

export type CloseDecision =
  | { action: 'close' }
  /** Keep running in the tray; `showHint` once, so a clerk knows uploads go on. */
  | { action: 'hide'; showHint: boolean };

/**
 * Closing the window is not quitting: the queue keeps uploading from the tray. Only an explicit quit (tray
 * menu, app menu, OS shutdown) closes for real; without a tray (some Linux desktops) closing quits.
 */
export function decideWindowClose(input: {
  quitting: boolean;
  trayAvailable: boolean;
  hintShown: boolean;
}): CloseDecision {
  if (input.quitting || !input.trayAvailable) return { action: 'close' };
  return { action: 'hide', showHint: !input.hintShown };
}
