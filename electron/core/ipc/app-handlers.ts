import type { Environment } from '../../../shared/domain/settings';
import type { ConnectionMonitor } from '../connection/connection-monitor';
import type { PartialHandlerTable } from './handler-table';

export interface AppHandlerDeps {
  name: string;
  version: string;
  shell: 'electron' | 'web';
  activeEnvironment: () => Environment;
  connection: ConnectionMonitor;
  /** Asks the platform now (token + reachability) and returns the new state. */
  checkConnection: () => Promise<void>;
}

export function createAppHandlers(deps: AppHandlerDeps): PartialHandlerTable<'app.info' | 'connection.check'> {
  return {
    'app.info': async () => {
      const env = deps.activeEnvironment();
      return {
        name: deps.name,
        version: deps.version,
        shell: deps.shell,
        environment: { id: env.id, name: env.name, kind: env.kind },
        connection: deps.connection.current,
      };
    },
    'connection.check': async () => {
      await deps.checkConnection();
      return deps.connection.current;
    },
  };
}
