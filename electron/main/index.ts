import { app, BrowserWindow, session } from 'electron';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createIntakeCore } from '../core/app';
import { JsonLineLogger } from '../core/util/logger';
import { isTrustedRendererUrl } from './app-origin';
import { hardenContents, hardenSession } from './harden-session';
import { registerIpc } from './ipc';
import { secureWindowOptions } from './window-options';
import { LOCAL_SANDBOX_ENVIRONMENT } from '../core/settings/default-environment';

const logger = new JsonLineLogger((line) => process.stdout.write(line + '\n'));
const rendererIndex = join(import.meta.dirname, '../renderer/index.html');
const rendererIndexUrl = pathToFileURL(rendererIndex).href;
const devServerUrl = process.env['ELECTRON_RENDERER_URL'];
const isTrusted = (url: string) => isTrustedRendererUrl(url, rendererIndexUrl, devServerUrl);

async function start(): Promise<void> {
  await app.whenReady();
  hardenSession(session.defaultSession);
  app.on('web-contents-created', (_e, contents) => hardenContents(contents, isTrusted));

  const core = await createIntakeCore({
    name: app.getName(),
    version: app.getVersion(),
    shell: 'electron',
    environment: LOCAL_SANDBOX_ENVIRONMENT,
    logger,
  });
  registerIpc(
    core.handlers,
    core.bus,
    isTrusted,
    () => BrowserWindow.getAllWindows().map((w) => w.webContents),
    logger,
  );

  const window = new BrowserWindow(secureWindowOptions(join(import.meta.dirname, '../preload/index.cjs')));
  window.once('ready-to-show', () => window.show());
  if (devServerUrl) await window.loadURL(devServerUrl);
  else await window.loadFile(rendererIndex);

  app.on('window-all-closed', () => {
    void core.stop().then(() => app.quit());
  });
}

void start().catch((e: unknown) => {
  logger.error('start failed', { error: e });
  app.exit(1);
});
