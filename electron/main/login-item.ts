import { mkdir, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { app } from 'electron';
import { autostartDesktopEntry, loginItemFor } from '../core/shell/lifecycle-policy';

/** Applies settings.desktop.startMinimisedAtLogin to the OS (Run key, macOS login item, XDG autostart). */
export async function applyLoginItem(startMinimisedAtLogin: boolean): Promise<void> {
  const item = loginItemFor(startMinimisedAtLogin);
  if (process.platform === 'linux') {
    const dir = join(process.env['XDG_CONFIG_HOME'] ?? join(homedir(), '.config'), 'autostart');
    const file = join(dir, 'intake-desk.desktop');
    if (!item.openAtLogin) return rm(file, { force: true });
    await mkdir(dir, { recursive: true });
    await writeFile(file, autostartDesktopEntry(process.env['APPIMAGE'] ?? process.execPath));
    return;
  }
  app.setLoginItemSettings({ openAtLogin: item.openAtLogin, args: item.args });
}

/**
 * Whether this start came from the login item (then the window stays in the tray). The login item exists
 * only when the user chose to start minimised, so on macOS "opened at login" means "stay hidden".
 */
export function openedAsHidden(argvHidden: boolean): boolean {
  return argvHidden || (process.platform === 'darwin' && app.getLoginItemSettings().wasOpenedAtLogin);
}
