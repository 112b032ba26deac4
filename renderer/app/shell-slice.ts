import type { StateCreator } from 'zustand';
import type { AppState } from './app-state';
import type { ShellSlice } from './shell-state';

export type { ShellSlice } from './shell-state';

export const createShellSlice: StateCreator<AppState, [], [], ShellSlice> = (set) => ({
  locale: 'en',
  screen: 'inbox',
  helpOpen: false,
  scanPresses: 0,
  setInfo: (info) => set({ info, connection: info.connection }),
  setConnection: (connection) => set({ connection }),
  setLocale: (locale) => set({ locale }),
  setBridgeError: (bridgeError) => set({ bridgeError }),
  setLink: (link) => set({ link }),
  setScreen: (screen) => set({ screen, helpOpen: false }),
  setHelpOpen: (helpOpen) => set({ helpOpen }),
  pressScan: () => set((s) => ({ scanPresses: s.scanPresses + 1 })),
});
