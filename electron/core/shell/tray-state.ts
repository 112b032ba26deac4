import type { ConnectionState } from '../../../shared/domain/connection';
import type { QueueStatus } from '../../../shared/domain/queue';

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
  /** One line for the tooltip (Windows caps it at 127 characters). */
  tooltip: string;
  /** File name under resources/tray/, one per state. */
  icon: string;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The tray icon's state from the queue and the connection. What needs a person wins (failed, then a wrong
 * configuration, which stops all uploads), then offline (nothing can move), then paused, then activity.
 */
export function deriveTrayView(queue: QueueStatus | undefined, connection: ConnectionState): TrayView {
  const counts = queue?.counts;
  const pending = (counts?.queued ?? 0) + (counts?.uploading ?? 0);
  const failed = counts?.failed ?? 0;
  const paused = queue?.paused ?? false;
  const offline = connection.network === 'offline' || (queue !== undefined && !queue.online);

  let state: TrayState;
  let detail: string;
  if (connection.configurationError) {
    state = 'failed';
    detail = `uploads stopped: ${connection.configurationError.message}`;
  } else if (failed > 0) {
    state = 'failed';
    detail = `${plural(failed, 'document needs', 'documents need')} attention`;
  } else if (offline) {
    state = 'offline';
    detail = pending > 0 ? `offline, ${plural(pending, 'document', 'documents')} waiting` : 'offline';
  } else if (paused) {
    state = 'paused';
    detail = pending > 0 ? `paused, ${plural(pending, 'document', 'documents')} waiting` : 'uploads paused';
  } else if (pending > 0) {
    state = 'uploading';
    detail = `uploading ${plural(pending, 'document', 'documents')}`;
  } else {
    state = 'idle';
    detail = 'all documents uploaded';
  }
  const tooltip = `Intake Desk: ${detail}`;
  return {
    state,
    pending,
    failed,
    paused,
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
export function trayMenuModel(view: TrayView, folders: readonly InboxFolder[]): TrayMenuItem[] {
  const items: TrayMenuItem[] = [
    { type: 'label', label: view.tooltip.replace(/^Intake Desk: /, '') },
    { type: 'separator' },
    { type: 'action', label: 'Open Intake Desk', action: { kind: 'open' }, enabled: true },
    view.paused
      ? { type: 'action', label: 'Resume uploads', action: { kind: 'resume' }, enabled: true }
      : { type: 'action', label: 'Pause uploads', action: { kind: 'pause' }, enabled: true },
  ];
  if (folders.length === 0) {
    items.push({ type: 'action', label: 'Open inbox folder', action: { kind: 'open' }, enabled: false });
  } else if (folders.length === 1 && folders[0]) {
    items.push({
      type: 'action',
      label: 'Open inbox folder',
      action: { kind: 'open-folder', path: folders[0].path },
      enabled: true,
    });
  } else {
    for (const f of folders) {
      items.push({
        type: 'action',
        label: `Open folder “${f.label}”`,
        action: { kind: 'open-folder', path: f.path },
        enabled: true,
      });
    }
  }
  items.push(
    { type: 'separator' },
    { type: 'action', label: 'Quit Intake Desk', action: { kind: 'quit' }, enabled: true },
  );
  return items;
}
