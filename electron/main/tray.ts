import { join } from 'node:path';
import type { MenuItemConstructorOptions } from 'electron';
import { Menu, nativeImage, Tray } from 'electron';
import type { TrayAction, TrayMenuItem } from '../core/shell/tray-state';
import { deriveTrayView, trayMenuModel } from '../core/shell/tray-state';
import type { InboxFolder } from '../core/shell/tray-state';
import type { ConnectionState } from '../../shared/domain/connection';
import type { QueueStatus } from '../../shared/domain/queue';
import type { Locale } from '../../shared/i18n/translate';

/** The Electron side of the tray: draws what core/shell/tray-state.ts derives and forwards clicks. */
export class TrayController {
  private readonly tray: Tray;
  private queue: QueueStatus | undefined;
  private connection: ConnectionState = { network: 'unknown', token: 'none' };
  private folders: InboxFolder[] = [];
  private locale: Locale = 'en';
  private lastKey = '';

  constructor(
    private readonly iconDir: string,
    private readonly onAction: (action: TrayAction) => void,
  ) {
    this.tray = new Tray(this.icon('idle'));
    this.tray.on('click', () => onAction({ kind: 'open' }));
    this.render();
  }

  update(patch: { queue?: QueueStatus; connection?: ConnectionState; folders?: InboxFolder[]; locale?: Locale }): void {
    if (patch.queue) this.queue = patch.queue;
    if (patch.locale) this.locale = patch.locale;
    if (patch.connection) this.connection = patch.connection;
    if (patch.folders) this.folders = patch.folders;
    this.render();
  }

  destroy(): void {
    this.tray.destroy();
  }

  private render(): void {
    const view = deriveTrayView(this.queue, this.connection, this.locale);
    const items = trayMenuModel(view, this.folders, this.locale);
    // Rebuilding a native menu on every progress tick flickers on Windows; only redraw on change.
    const key = JSON.stringify([view.state, view.tooltip, items]);
    if (key === this.lastKey) return;
    this.lastKey = key;
    this.tray.setImage(this.icon(view.state));
    this.tray.setToolTip(view.tooltip);
    // macOS shows a title next to the icon: the number still to upload.
    if (process.platform === 'darwin') this.tray.setTitle(view.pending > 0 ? String(view.pending) : '');
    this.tray.setContextMenu(Menu.buildFromTemplate(items.map((i) => this.toMenuItem(i))));
  }

  private toMenuItem(item: TrayMenuItem): MenuItemConstructorOptions {
    switch (item.type) {
      case 'separator':
        return { type: 'separator' };
      case 'label':
        return { label: item.label, enabled: false };
      case 'action':
        return { label: item.label, enabled: item.enabled, click: () => this.onAction(item.action) };
    }
  }

  private icon(state: string) {
    return nativeImage.createFromPath(join(this.iconDir, `tray-${state}.png`));
  }
}
