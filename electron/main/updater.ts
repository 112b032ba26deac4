import type { AppUpdater } from 'electron-updater';
import type { Settings } from '../../shared/domain/settings';
import type { QueueStatus } from '../../shared/domain/queue';
import { mayInstallUpdate, updateFeed } from '../core/shell/update-policy';
import type { Logger } from '../core/util/logger';

type AutoUpdater = AppUpdater;

/**
 * electron-updater, off unless settings.updates names a channel and a server. Updates download in the
 * background; one is installed only when the app quits and the queue is idle (core/shell/update-policy),
 * never with an upload in flight. Loaded lazily: a station with updates off never touches the module.
 */
export class DesktopUpdater {
  private updater: AutoUpdater | undefined;
  private downloaded = false;
  private lastFeed = '';

  constructor(private readonly logger: Logger) {}

  async configure(updates: Settings['updates']): Promise<void> {
    const feed = updateFeed(updates);
    const key = JSON.stringify(feed);
    if (key === this.lastFeed) return;
    this.lastFeed = key;
    if (!feed.enabled) {
      this.logger.info('updates disabled', { reason: feed.reason });
      return;
    }
    const updater = await this.load();
    updater.autoDownload = true;
    // We decide at quit time (installOnQuitIfSafe) instead of electron-updater's own quit hook.
    updater.autoInstallOnAppQuit = false;
    updater.allowPrerelease = feed.allowPrerelease;
    updater.channel = feed.channel;
    updater.setFeedURL({ provider: 'generic', url: feed.url, channel: feed.channel });
    await updater.checkForUpdates().catch((error: unknown) => this.logger.warn('update check failed', { error }));
  }

  /** Called after the quit coordinator drained the queue; installs only when the policy allows it. */
  installOnQuitIfSafe(queue: QueueStatus | undefined): boolean {
    if (!this.updater || !this.downloaded) return false;
    const decision = mayInstallUpdate(queue);
    if (!decision.install) {
      this.logger.info('update postponed', { reason: decision.reason });
      return false;
    }
    this.updater.quitAndInstall(true, false);
    return true;
  }

  private async load(): Promise<AutoUpdater> {
    if (this.updater) return this.updater;
    // electron-updater is CommonJS; its ESM face exposes autoUpdater on the default export.
    const mod = (await import('electron-updater')) as unknown as {
      autoUpdater?: AutoUpdater;
      default?: { autoUpdater: AutoUpdater };
    };
    const updater = mod.autoUpdater ?? mod.default?.autoUpdater;
    if (!updater) throw new Error('electron-updater has no autoUpdater');
    updater.on('update-downloaded', (info) => {
      this.downloaded = true;
      this.logger.info('update downloaded; installs at the next quit with an idle queue', { version: info.version });
    });
    updater.on('error', (error) => this.logger.warn('updater error', { error }));
    this.updater = updater;
    return updater;
  }
}
