import { join } from 'node:path';
import type { Environment } from '../../../shared/domain/settings';
import type { EventBus } from '../events/event-bus';
import type { Clock } from '../util/clock';
import type { Logger } from '../util/logger';
import { ActivityStore } from './activity-store';
import { confirmAttachments } from './attachment-confirmer';
import { CaseCreator } from './case-creator';
import { CaseEventPoller } from './case-event-poller';
import type { CaseDocuments, CaseEventSource, CasePlatform } from './case-ports';
import { SchemaCache } from './schema-cache';

export interface CaseServicesDeps {
  dataDir: string;
  activeEnvironment: () => Environment;
  /** Ports of the active environment (platform-adapter.ts `createCasePorts`); new ones when settings change. */
  ports: () => { platform: CasePlatform; events: CaseEventSource };
  documents: CaseDocuments;
  bus: EventBus;
  clock: Clock;
  logger: Logger;
  pollIntervalMs?: number;
}

/**
 * Builds the case services (schema cache, case creator, activity store and its poller). The composition
 * root (core/app.ts) calls this once, builds the IPC handlers over the result, and calls `start()`/`stop()`
 * with the app.
 */
export function createCaseServices(deps: CaseServicesDeps) {
  const logger = deps.logger.child({ area: 'cases' });
  const schemas = new SchemaCache({
    platform: () => deps.ports().platform,
    dir: join(deps.dataDir, 'schemas'),
    clock: deps.clock,
    logger,
  });
  const creator = new CaseCreator({
    platform: () => deps.ports().platform,
    documents: deps.documents,
    clock: deps.clock,
    logger,
  });
  const activity = new ActivityStore(join(deps.dataDir, 'activity'), logger);
  const poller = new CaseEventPoller({
    source: () => deps.ports().events,
    store: activity,
    clock: deps.clock,
    logger,
    ...(deps.pollIntervalMs !== undefined ? { intervalMs: deps.pollIntervalMs } : {}),
    onEvent: async (event) => {
      if ((await confirmAttachments(event, deps.documents, logger)).length > 0) {
        logger.info('activity: documents confirmed', { caseNumber: event.case.number });
      }
    },
    onChanged: (caseNumbers) => deps.bus.emit({ type: 'cases.activity', caseNumbers }),
  });
  return {
    schemas,
    creator,
    activity,
    poller,
    start: () => poller.start(),
    stop: () => poller.stop(),
  };
}
export type CaseServices = ReturnType<typeof createCaseServices>;
