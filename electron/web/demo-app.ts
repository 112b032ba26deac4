import { mkdir } from 'node:fs/promises';
import { resolve } from 'node:path';
import { startSandbox } from '../../sandbox';
import type { RunningSandbox } from '../../sandbox';
import { createIntakeCore } from '../core/app';
import type { IntakeCore } from '../core/app';
import { LOCAL_SANDBOX_ENVIRONMENT } from '../core/settings/default-environment';
import type { Logger } from '../core/util/logger';
import { silentLogger } from '../core/util/logger';
import { startWebShell } from './server';
import type { RunningWebShell } from './server';

export interface DemoOptions {
  /** Everything the demo writes: sandbox data, settings, queue, spool, watched folder. */
  dataDir: string;
  webPort?: number;
  sandboxPort?: number;
  staticDir?: string;
  version: string;
  logger?: Logger;
}

export interface RunningDemo {
  sandbox: RunningSandbox;
  core: IntakeCore;
  web: RunningWebShell;
  close(): Promise<void>;
}

/** The app as `npm run demo` runs it: embedded local sandbox + core services + web shell. */
export async function startDemo(options: DemoOptions): Promise<RunningDemo> {
  const logger = options.logger ?? silentLogger;
  const dataDir = resolve(options.dataDir);
  await mkdir(dataDir, { recursive: true });
  const sandbox = await startSandbox({ dataDir: resolve(dataDir, 'sandbox'), port: options.sandboxPort ?? 0 });
  const core = await createIntakeCore({
    name: 'Intake Desk',
    version: options.version,
    shell: 'web',
    environment: { ...LOCAL_SANDBOX_ENVIRONMENT, baseUrl: sandbox.baseUrl, tokenUrl: sandbox.tokenUrl },
    logger,
  });
  const web = await startWebShell({
    handlers: core.handlers,
    bus: core.bus,
    staticDir: options.staticDir ?? resolve(import.meta.dirname, '../../out/renderer'),
    port: options.webPort ?? 0,
    logger,
  });
  return {
    sandbox,
    core,
    web,
    close: async () => {
      await web.close();
      await core.stop();
      await sandbox.close();
    },
  };
}
