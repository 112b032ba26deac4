import type { AppInfo } from '../../shared/ipc/channels/app';
import type { ConnectionState } from '../../shared/domain/connection';
import type { Locale } from '../i18n/i18n';
import type { ScreenId } from './navigation';

export interface ShellSlice {
  info?: AppInfo;
  connection?: ConnectionState;
  locale: Locale;
  bridgeError?: string;
  /** The link to the core when it is broken (web shell): lost and retried, or refused after a restart. */
  link?: 'lost' | 'refused';
  screen: ScreenId;
  helpOpen: boolean;
  /** Counts Scan key presses (issue #38); the inbox's scan panel acts on each new one. */
  scanPresses: number;
  setInfo(info: AppInfo): void;
  setConnection(connection: ConnectionState): void;
  setLocale(locale: Locale): void;
  setBridgeError(message: string | undefined): void;
  setLink(link: 'lost' | 'refused' | undefined): void;
  setScreen(screen: ScreenId): void;
  setHelpOpen(open: boolean): void;
  pressScan(): void;
}
