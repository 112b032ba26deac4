import type { StateCreator } from 'zustand';
import type { AppInfo, ConnectionState } from '../../shared/ipc/channels/app';
import type { Locale } from '../i18n/i18n';
import type { AppState } from './store';

export interface ShellSlice {
  info?: AppInfo;
  connection?: ConnectionState;
  locale: Locale;
  bridgeError?: string;
  setInfo(info: AppInfo): void;
  setConnection(connection: ConnectionState): void;
  setLocale(locale: Locale): void;
  setBridgeError(message: string | undefined): void;
}

export const createShellSlice: StateCreator<AppState, [], [], ShellSlice> = (set) => ({
  locale: 'en',
  setInfo: (info) => set({ info, connection: info.connection }),
  setConnection: (connection) => set({ connection }),
  setLocale: (locale) => set({ locale }),
  setBridgeError: (bridgeError) => set({ bridgeError }),
});
