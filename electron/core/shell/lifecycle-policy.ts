import { HIDDEN_FLAG } from './command-line';

/** What the OS should do at login, from settings.desktop.startMinimisedAtLogin. */
export interface LoginItem {
  openAtLogin: boolean;
  /**
   * Windows: arguments of the Run entry; the app reads `--hidden` and stays in the tray. macOS login items
   * take no arguments: there the shell reads `wasOpenedAtLogin` instead.
   */
  args: string[];
}

export function loginItemFor(startMinimisedAtLogin: boolean): LoginItem {
  return startMinimisedAtLogin ? { openAtLogin: true, args: [HIDDEN_FLAG] } : { openAtLogin: false, args: [] };
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

/** Quotes one Exec argument as the XDG Desktop Entry spec asks (reserved characters inside double quotes). */
function desktopExecArg(arg: string): string {
  if (!/[\s"'\\`$<>~|&;*?#()]/.test(arg)) return arg;
  return `"${arg.replace(/(["`$\\])/g, '\\$1')}"`;
}

/**
 * Linux has no login-item API in Electron: an XDG autostart entry (~/.config/autostart/intake-desk.desktop)
 * does the same. `executable` is the AppImage file (env APPIMAGE) or the installed binary.
 */
export function autostartDesktopEntry(executable: string): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Name=Intake Desk',
    `Exec=${desktopExecArg(executable)} ${HIDDEN_FLAG}`,
    'Icon=intake-desk',
    'X-GNOME-Autostart-enabled=true',
    'NoDisplay=true',
    '',
  ].join('\n');
}
