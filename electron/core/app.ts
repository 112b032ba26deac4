import type { Environment } from '../../shared/domain/settings';
import { ConnectionMonitor } from './connection/connection-monitor';
import { EventBus } from './events/event-bus';
import { createAppHandlers } from './ipc/app-handlers';
import type { HandlerTable } from './ipc/handler-table';
import { completeHandlerTable } from './ipc/missing-handlers';
import type { SecretStore } from './secrets/secret-store';
import type { Clock } from './util/clock';
import { systemClock } from './util/clock';
import type { Logger } from './util/logger';
import { silentLogger } from './util/logger';

export interface IntakeCoreOptions {
  name: string;
  version: string;
  shell: 'electron' | 'web';
  environment: Environment;
  clock?: Clock;
  logger?: Logger;
  /**
   * The HTTP stack for every platform call (same shape as electron/core/http HttpFetch). The Electron shell
   * passes Chromium's `net.fetch` (system proxy, PAC, NTLM/Kerberos, OS certificates); default: Node's fetch.
   */
  fetch?: (url: string, init: RequestInit & { duplex?: 'half' }) => Promise<Response>;
  /** Read-only machine-wide settings file (core/desktop/machine-settings.ts); its locked fields win. */
  machineSettingsPath?: string;
  /**
   * Where secrets go when keytar cannot load or reach a keychain: the Electron shell passes its safeStorage
   * file store. Pick with core/desktop/secret-store-choice.ts `chooseSecretStore(keytar, fallback, logger)`.
   */
  secretStoreFallback?: SecretStore;
}

export interface IntakeCore {
  bus: EventBus;
  handlers: HandlerTable;
  connection: ConnectionMonitor;
  stop(): Promise<void>;
}

/** The composition root: the only place that constructs services and hands each its dependencies. */
export async function createIntakeCore(options: IntakeCoreOptions): Promise<IntakeCore> {
  const clock = options.clock ?? systemClock;
  const logger = options.logger ?? silentLogger;
  const bus = new EventBus();
  const connection = new ConnectionMonitor(bus, clock);
  const handlers = completeHandlerTable({
    ...createAppHandlers({
      name: options.name,
      version: options.version,
      shell: options.shell,
      activeEnvironment: () => options.environment,
      connection,
      checkConnection: async () => {
        logger.debug('connection check');
      },
    }),
  });
  return { bus, handlers, connection, stop: async () => {} };
}
