import { join } from 'node:path';
import { app, dialog, net, powerMonitor, protocol, session, shell } from 'electron';
import { createIntakeCore } from '../core/app';
import { APP_ENTRY_URL } from '../core/shell/app-url';
import { parseLaunchRequest } from '../core/shell/command-line';
import { EncryptedFileSecretStore } from '../core/secrets/encrypted-file-secret-store';
import { folderToOpen } from '../core/shell/folder-to-open';
import { importLaunchFiles } from '../core/shell/launch-import';
import { machineSettingsPath } from '../core/settings/machine-settings';
import { MachineSettingsApplier } from '../core/settings/machine-settings-applier';
import { NetworkWatcher } from '../core/shell/network-watcher';
import { notificationTarget } from '../core/shell/notification-target';
import { DEFAULT_QUIT_TIMEOUT_MS, QuitCoordinator } from '../core/shell/quit-coordinator';
import { chooseSecretStore } from '../core/secrets/secret-store-choice';
import type { TrayAction } from '../core/shell/tray-state';
import { KeytarSecretStore } from '../core/secrets/keytar-secret-store';
import type { ContentLocator } from '../core/transfer/document-content';
import { systemClock } from '../core/util/clock';
import { JsonLineLogger } from '../core/util/logger';
import type { Settings } from '../../shared/domain/settings';
import { desktopMessages } from '../../shared/i18n/desktop-messages';
import type { DesktopMessageKey } from '../../shared/i18n/desktop-messages';
import { translateFrom } from '../../shared/i18n/translate';
import type { Locale } from '../../shared/i18n/translate';
import type { QueueStatus } from '../../shared/domain/queue';
import { isAllowedRendererRequest, isTrustedRendererUrl, rendererDevServerUrl } from './app-origin';
import { registerAppScheme, serveAppProtocol } from './app-protocol-handler';
import { chromiumFetch } from './chromium-fetch';
import { coreCaller } from './core-port';
import { hardenContents, hardenSession } from './harden-session';
import { registerIpc } from './ipc';
import { chooseFolder } from './folder-dialog';
import { safeStorageEncryptor } from './safe-storage-encryptor';
import { applyLoginItem, openedAsHidden } from './login-item';
import { MainWindow } from './main-window';
import { showNotice, startNotifications } from './notifications';
import { TrayController } from './tray';
import { DesktopUpdater } from './updater';
import { runHeadless } from './headless';
import { headlessAgentArgs } from '../cli/headless-launch';
import { agentBuild } from '../cli/agent-version';

const logger = new JsonLineLogger((line) => process.stdout.write(line + '\n'));
const devServerUrl = rendererDevServerUrl(process.env['ELECTRON_RENDERER_URL'], app.isPackaged);
const isTrusted = (url: string) => isTrustedRendererUrl(url, devServerUrl);

// Before ready: app:// must be a privileged scheme when the first session is created.
registerAppScheme();

const headlessArgs = headlessAgentArgs(process.argv);
if (headlessArgs) {
  void runHeadless(headlessArgs);
  // One instance per user: a second start (e.g. "Send to → Intake Desk") hands its files to this one and exits.
} else if (!app.requestSingleInstanceLock()) {
  app.quit();
} else {
  void start().catch((e: unknown) => {
    reportStartFailure(e);
    app.exit(1);
  });
}

async function start(): Promise<void> {
  const launch = parseLaunchRequest(process.argv, process.cwd());
  const waitingFiles: string[] = [...launch.files];
  // Filled in once the core and the window exist; until then handed-over files wait.
  const ready: { importFiles?: (paths: string[]) => void; focusWindow?: () => void; documents?: ContentLocator } = {};
  const handOver = (paths: string[]) => {
    ready.focusWindow?.();
    if (paths.length === 0) return;
    if (ready.importFiles) ready.importFiles(paths);
    else waitingFiles.push(...paths);
  };
  app.on('second-instance', (_event, argv, workingDirectory) => {
    handOver(parseLaunchRequest(argv, workingDirectory).files);
  });
  app.on('open-file', (event, path) => {
    event.preventDefault();
    handOver(parseLaunchRequest(['', '--', path], process.cwd()).files);
  });
  if (process.platform === 'win32') app.setAppUserModelId('com.intakedesk.app');

  await app.whenReady();
  const rendererDir = join(import.meta.dirname, '../renderer');
  serveAppProtocol(protocol, rendererDir, logger, () => ready.documents);
  hardenSession(session.defaultSession, (url) => isAllowedRendererRequest(url, devServerUrl));
  app.on('web-contents-created', (_event, contents) => hardenContents(contents, isTrusted));

  const userData = app.getPath('userData');
  // Secrets: the OS keychain; Electron safeStorage (after ready: on Linux its backend is known only then)
  // where keytar cannot load; never plain text.
  const secrets = await chooseSecretStore(
    new KeytarSecretStore(),
    new EncryptedFileSecretStore(join(userData, 'secrets.json'), safeStorageEncryptor()),
    logger,
  );
  const machineSettings = new MachineSettingsApplier(logger);
  const core = await createIntakeCore({
    name: app.getName(),
    version: app.getVersion(),
    commit: agentBuild().commit,
    shell: 'electron',
    // Chromium keeps its own files in userData; ours go to settings.json and data/.
    paths: { settingsFile: join(userData, 'settings.json'), dataDir: join(userData, 'data') },
    secretStore: secrets.store,
    logger,
    // The HTTP stack: Chromium's (system proxy, PAC, NTLM/Kerberos). Omit for Node's fetch.
    fetch: chromiumFetch(session.fromPartition('persist:intake-platform')),
    machineSettingsPath: machineSettingsPath(process.platform, process.env),
    applyMachineSettings: machineSettings.apply,
    machineUserPart: machineSettings.userPart,
    lockedFieldsIn: (next) => machineSettings.refusedIn(next),
    chooseFolder,
  });
  const call = coreCaller(core.handlers, logger);
  let settings: Settings | undefined = await call('settings.get', {});
  let queueStatus: QueueStatus | undefined = await call('queue.status', {});
  // The tray and the desktop notifications speak the clerk's language (settings → locale), as the window does.
  const locale = (): Locale => settings?.locale ?? 'en';
  const say = (key: DesktopMessageKey) => translateFrom(desktopMessages, locale(), key);

  const resources = app.isPackaged ? process.resourcesPath : join(app.getAppPath(), 'resources');
  const iconPath = app.isPackaged ? join(resources, 'icon.png') : join(resources, 'icons', '256x256.png');
  let quitting = false;

  const onTrayAction = (action: TrayAction) => {
    switch (action.kind) {
      case 'open':
        return void window.focus();
      case 'pause':
      case 'resume':
        return void call(action.kind === 'pause' ? 'queue.pause' : 'queue.resume', {}).then((status) => {
          if (status) tray?.update({ queue: status });
        });
      case 'open-folder':
        // openPath would run an executable: only a directory is handed over (issue #14).
        return void folderToOpen(action.path)
          .then((folder) => (folder.ok ? shell.openPath(folder.path) : folder.reason))
          .then((error) => {
            if (error) logger.warn('tray: cannot open folder', { path: action.path, error });
          });
      case 'quit':
        return app.quit();
    }
  };
  let tray: TrayController | undefined;
  try {
    tray = new TrayController(join(resources, 'tray'), onTrayAction);
  } catch (error) {
    // Some Linux desktops have no status area: then closing the window quits (lifecycle-policy).
    logger.warn('no tray available', { error });
  }

  const window = new MainWindow({
    preloadPath: join(import.meta.dirname, '../preload/index.cjs'),
    entryUrl: devServerUrl ?? APP_ENTRY_URL,
    isQuitting: () => quitting,
    trayAvailable: () => tray !== undefined,
    hintShown: () => settings?.desktop.closeToTrayHintShown ?? false,
    onFirstHide: () => {
      showNotice(say('notify.keepsRunning.title'), say('notify.keepsRunning.body'), iconPath);
      if (settings) {
        const next = { ...settings, desktop: { ...settings.desktop, closeToTrayHintShown: true } };
        settings = next;
        void call('settings.update', { settings: next });
      }
    },
  });
  ready.focusWindow = () => void window.focus();
  ready.documents = core.content;
  registerIpc(core.handlers, core.ipcEvents, isTrusted, () => window.contents, logger);

  const updater = new DesktopUpdater(logger);
  const applySettings = (s: Settings) => {
    settings = s;
    tray?.update({ locale: s.locale, folders: s.folders.map((f) => ({ label: f.label, path: f.path })) });
    void applyLoginItem(s.desktop.startMinimisedAtLogin).catch((error: unknown) =>
      logger.warn('login item not applied', { error }),
    );
    void updater.configure(s.updates).catch((error: unknown) => logger.warn('updater not configured', { error }));
  };
  if (settings) applySettings(settings);
  if (queueStatus) tray?.update({ queue: queueStatus });
  tray?.update({ connection: core.connection.current });
  core.bus.subscribe((event) => {
    if (event.type === 'queue.changed') {
      queueStatus = event.status;
      tray?.update({ queue: queueStatus });
    } else if (event.type === 'connection.changed') {
      tray?.update({ connection: core.connection.current });
    } else if (event.type === 'settings.saved') {
      applySettings(event.settings);
    }
  });

  const stopNotifications = startNotifications(core.bus, systemClock, iconPath, locale, (n) => {
    void window.focus();
    core.bus.emit({ type: 'navigation.requested', target: notificationTarget(n) });
  });

  // Chromium knows when the machine has no network; the queue stops trying and resumes on return.
  const network = new NetworkWatcher({
    isOnline: () => net.isOnline(),
    onChange: (online) => {
      if (online) void call('connection.check', {});
      else core.connection.offline();
    },
    clock: systemClock,
    logger,
  });
  network.start();
  powerMonitor.on('resume', () => {
    network.poke();
    void call('connection.check', {});
  });

  const importFiles = (paths: string[]) => {
    void importLaunchFiles(paths, async (request) => {
      const doc = await call('documents.importPath', request);
      if (!doc) throw new Error('the queue did not accept the file');
      return doc;
    }).then((result) => {
      for (const f of result.failed) logger.warn('launch import failed', { path: f.path, message: f.message });
      if (result.failed.length > 0) {
        const names = result.failed.map((f) => f.path).join(', ');
        showNotice(say('notify.notImported.title'), names, iconPath);
      }
    });
  };

  await window.create(!(openedAsHidden(launch.hidden) && tray));
  ready.importFiles = importFiles;
  if (waitingFiles.length > 0) importFiles(waitingFiles.splice(0));

  app.on('activate', () => void window.focus());
  app.on('window-all-closed', () => {
    if (!tray) app.quit();
  });

  // Quitting waits (bounded) for uploads in flight to reach a safe point; the queue resumes on the next start.
  const quit = new QuitCoordinator({
    drain: () => core.stop(),
    clock: systemClock,
    logger,
    timeoutMs: DEFAULT_QUIT_TIMEOUT_MS,
  });
  // Linux and macOS announce a shutdown: delay it (bounded by the coordinator) so uploads reach a safe point.
  powerMonitor.on('shutdown', (...args: unknown[]) => {
    // Electron's typings omit the event its docs describe; preventDefault() delays the shutdown.
    (args[0] as { preventDefault?: () => void } | undefined)?.preventDefault?.();
    app.quit();
  });
  app.on('before-quit', (event) => {
    quitting = true;
    if (quit.finished) return;
    event.preventDefault();
    void quit.requestQuit().then((outcome) => {
      logger.info('quit', { outcome });
      network.stop();
      stopNotifications();
      tray?.destroy();
      if (!updater.installOnQuitIfSafe(outcome === 'drained' ? queueStatus : undefined)) app.quit();
    });
  });
}

/**
 * A start that failed is logged; when another agent, app or web shell owns the data folder
 * (electron/core/util/data-folder-lock.ts), the clerk is told so before the app quits.
 */
function reportStartFailure(e: unknown): void {
  logger.error('start failed', { error: e });
  if ((e as { code?: unknown }).code === 'data.folder_in_use') {
    dialog.showErrorBox('Intake Desk cannot start', (e as Error).message);
  }
}
