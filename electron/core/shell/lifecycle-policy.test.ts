import { describe, expect, it } from 'vitest';
import { autostartDesktopEntry, decideWindowClose, loginItemFor } from './lifecycle-policy';

describe('loginItemFor', () => {
  it('starts hidden in the tray at login when the user chose it', () => {
    expect(loginItemFor(true)).toEqual({ openAtLogin: true, args: ['--hidden'] });
  });
  it('removes the login item otherwise', () => {
    expect(loginItemFor(false)).toEqual({ openAtLogin: false, args: [] });
  });
});

describe('decideWindowClose', () => {
  it('hides to the tray and shows the hint the first time', () => {
    expect(decideWindowClose({ quitting: false, trayAvailable: true, hintShown: false })).toEqual({
      action: 'hide',
      showHint: true,
    });
  });
  it('hides without the hint once it was shown', () => {
    expect(decideWindowClose({ quitting: false, trayAvailable: true, hintShown: true })).toEqual({
      action: 'hide',
      showHint: false,
    });
  });
  it('closes when the app is quitting or no tray exists', () => {
    expect(decideWindowClose({ quitting: true, trayAvailable: true, hintShown: false }).action).toBe('close');
    expect(decideWindowClose({ quitting: false, trayAvailable: false, hintShown: true }).action).toBe('close');
  });
});

describe('autostartDesktopEntry', () => {
  it('starts the executable hidden, quoting a path with spaces and reserved characters', () => {
    const entry = autostartDesktopEntry('/home/clerk/Apps/Intake Desk $1.AppImage');
    expect(entry).toContain('Exec="/home/clerk/Apps/Intake Desk \\$1.AppImage" --hidden\n');
    expect(entry.startsWith('[Desktop Entry]\nType=Application\n')).toBe(true);
    expect(autostartDesktopEntry('/usr/bin/intake-desk')).toContain('Exec=/usr/bin/intake-desk --hidden\n');
  });
});
