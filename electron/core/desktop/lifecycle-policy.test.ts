import { describe, expect, it } from 'vitest';
import { decideWindowClose, loginItemFor } from './lifecycle-policy';

describe('loginItemFor', () => {
  it('starts hidden in the tray at login when the user chose it', () => {
    expect(loginItemFor(true)).toEqual({ openAtLogin: true, args: ['--hidden'], openAsHidden: true });
  });
  it('removes the login item otherwise', () => {
    expect(loginItemFor(false)).toEqual({ openAtLogin: false, args: [], openAsHidden: false });
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
