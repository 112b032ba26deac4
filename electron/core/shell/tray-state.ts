import type { ConnectionState } from '../../../shared/domain/connection';
import type { QueueStatus } from '../../../shared/domain/queue';
import { desktopMessages } from '../../../shared/i18n/desktop-messages';
import type { DesktopMessageKey } from '../../../shared/i18n/desktop-messages';
import { translateFrom } from '../../../shared/i18n/translate';
import type { Locale, MessageValues } from '../../../shared/i18n/translate';

/** The four states the tray icon can show, plus paused (the clerk stopped uploads on purpose). */
export const TRAY_STATES = ['idle', 'uploading', 'paused', 'offline', 'failed'] as const;
export type TrayState = (typeof TRAY_STATES)[number];

export interface TrayView {
  state: TrayState;
  /** Documents still to upload (queued + uploading). */
  pending: number;
  /** Documents that need a person. */
  failed: number;
  paused: boolean;
  /** What the tray says in the clerk's language: the menu's first line. */
  status: string;
  /** One line for the tooltip (Windows caps it at 127 characters). */
  tooltip: string;
  /** File name under resources/tray/, one per state. */
  icon: string;
}

const say = (locale: Locale, key: DesktopMessageKey, values?: MessageValues) =>
  translateFrom(desktopMessages, locale, key, values);

/**
 * The tray icon's state from the queue and the connection. What needs a person wins (failed, then a wrong
 * configuration, which stops all uploads), then offline (nothing can move), then paused, then activity.
 */
export function deriveTrayView(queue: QueueStatus | undefined, connection: ConnectionState, locale: Locale): TrayView {
  const counts = queue?.counts;
  const pending = (counts?.queued ?? 0) + (counts?.uploading ?? 0);
  const failed = counts?.failed ?? 0;
  const paused = queue?.paused ?? false;
  const offline = connection.network === 'offline' || (queue !== undefined && !queue.online);

  let state: TrayState;
  let status: string;
  if (connection.configurationError) {
    state = 'failed';
    status = say(locale, 'tray.stopped', { reason: connection.configurationError.message });
  } else if (failed > 0) {
    state = 'failed';
    status = say(locale, 'tray.failed', { count: failed });
  } else if (offline) {
    state = 'offline';
    status = pending > 0 ? say(locale, 'tray.offlineWaiting', { count: pending }) : say(locale, 'tray.offline');
  } else if (paused) {
    state = 'paused';
    status = pending > 0 ? say(locale, 'tray.pausedWaiting', { count: pending }) : say(locale, 'tray.paused');
  } else if (pending > 0) {
    state = 'uploading';
    status = say(locale, 'tray.uploading', { count: pending });
  } else {
    state = 'idle';
    status = say(locale, 'tray.idle');
  }
  const tooltip = say(locale, 'tray.tooltip', { status });
  return {
    state,
    pending,
    failed,
    paused,
    status,
    tooltip: tooltip.length > 127 ? tooltip.slice(0, 126) + '…' : tooltip,
    icon: `tray-${state}.png`,
  };
}

export type TrayAction =
  { kind: 'open' } | { kind: 'pause' } | { kind: 'resume' } | { kind: 'open-folder'; path: string } | { kind: 'quit' };

export type TrayMenuItem =
  | { type: 'action'; label: string; action: TrayAction; enabled: boolean }
  | { type: 'label'; label: string }
  | { type: 'separator' };

export interface InboxFolder {
  label: string;
  path: string;
}

/** The tray menu as data; the Electron adapter only maps it to MenuItems and actions to calls. */
export function trayMenuModel(view: TrayView, folders: readonly InboxFolder[], locale: Locale): TrayMenuItem[] {
  const items: TrayMenuItem[] = [
    { type: 'label', label: view.status },
    { type: 'separator' },
    { type: 'action', label: say(locale, 'tray.open'), action: { kind: 'open' }, enabled: true },
    view.paused
      ? { type: 'action', label: say(locale, 'tray.resume'), action: { kind: 'resume' }, enabled: true }
      : { type: 'action', label: say(locale, 'tray.pause'), action: { kind: 'pause' }, enabled: true },
  ];
  if (folders.length === 0) {
    items.push({ type: 'action', label: say(locale, 'tray.openInbox'), action: { kind: 'open' }, enabled: false });
  } else if (folders.length === 1 && folders[0]) {
    items.push({
      type: 'action',
      label: say(locale, 'tray.openInbox'),
      action: { kind: 'open-folder', path: folders[0].path },
      enabled: true,
    });
  } else {
    for (const f of folders) {
      items.push({
        type: 'action',
        label: say(locale, 'tray.openFolder', { label: f.label }),
        action: { kind: 'open-folder', path: f.path },
        enabled: true,
      });
    }
  }
  items.push(
    { type: 'separator' },
    { type: 'action', label: say(locale, 'tray.quit'), action: { kind: 'quit' }, enabled: true },
  );
  return items;
}
