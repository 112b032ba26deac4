import type { Environment } from '../../../shared/domain/settings';
import type { ActivityStore } from '../cases/activity-store';
import type { CaseCreator } from '../cases/case-creator';
import type { CaseEventPoller } from '../cases/case-event-poller';
import type { CasePlatform } from '../cases/case-ports';
import type { SchemaCache } from '../cases/schema-cache';
import type { Logger } from '../util/logger';
import type { PartialHandlerTable } from './handler-table';

export interface CaseHandlerDeps {
  activeEnvironment: () => Environment;
  platform: () => CasePlatform;
  schemas: SchemaCache;
  creator: CaseCreator;
  activity: ActivityStore;
  poller: CaseEventPoller;
  logger: Logger;
}

export type CaseChannel =
  'cases.schema' | 'cases.create' | 'partners.validate' | 'activity.list' | 'activity.cases' | 'activity.refresh';

/** Handlers of shared/ipc/channels/cases.ts; the services behind them are built in electron/core/cases/case-services.ts. */
export function createCaseHandlers(deps: CaseHandlerDeps): PartialHandlerTable<CaseChannel> {
  return {
    'cases.schema': async ({ key, direction, refresh }) => {
      const env = deps.activeEnvironment();
      return deps.schemas.get({ environmentId: env.id, key: key ?? env.caseSchemaKey, direction, refresh });
    },
    'cases.create': async ({ requestId, data, documentId, documentCaseNumber }) =>
      deps.creator.create({
        requestId,
        data,
        ...(documentId !== undefined ? { documentId } : {}),
        ...(documentCaseNumber !== undefined ? { documentCaseNumber } : {}),
      }),
    'partners.validate': async (input) => {
      const answer = await deps.platform().validateAccount(input);
      deps.logger.info('partner validation', {
        status: answer.status,
        ...(answer.status === 'rejected' ? { code: answer.code } : { claim: answer.data.claim.number }),
      });
      return answer;
    },
    'activity.list': async ({ caseNumber }) => ({ caseNumber, entries: deps.activity.list(caseNumber) }),
    'activity.cases': async () => deps.activity.cases(),
    'activity.refresh': async () => {
      await deps.poller.pollOnce();
      return deps.poller.status();
    },
  };
}
