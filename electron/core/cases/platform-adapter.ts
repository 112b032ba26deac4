import { z } from 'zod';
import type { Environment } from '../../../shared/domain/settings';
import type { HttpFetch } from '../http/http-fetch';
import type { PlatformClient } from '../platform/platform-client';
import { PlatformPaths } from '../platform/platform-paths';
import { PlatformTransport } from '../platform/platform-transport';
import type { TokenSource } from '../platform/platform-transport';
import type { Clock } from '../util/clock';
import type { Logger } from '../util/logger';
import type { CaseEventSource, CasePlatform, RawCaseEventPage } from './case-ports';

export interface CasePortsDeps {
  environment: Environment;
  api: Pick<PlatformClient, 'getInputSchema' | 'getOutputSchema' | 'createCase' | 'validateAccount'>;
  tokens: TokenSource;
  fetch: HttpFetch;
  clock: Clock;
  logger: Logger;
}

/** The feed page with every event left unparsed, so one bad event cannot hide the good ones of its page. */
const RawPageSchema: z.ZodType<RawCaseEventPage> = z.object({
  items: z.array(z.object({ cursor: z.string(), event: z.unknown() })),
  nextCursor: z.string(),
});

/** Adapts the core platform client (one environment) to what the case services need. */
export function createCasePorts(deps: CasePortsDeps): { platform: CasePlatform; events: CaseEventSource } {
  const platform: CasePlatform = {
    getSchema: (direction, key, options = {}) =>
      direction === 'input' ? deps.api.getInputSchema(key, options) : deps.api.getOutputSchema(key, options),
    createCase: (data, options = {}) => deps.api.createCase(data, options),
    validateAccount: (input) => deps.api.validateAccount(input),
  };

  // The client's listCaseEvents validates the whole page at once; the activity reader validates (and
  // skips) event by event, so it reads the same feed through the same transport with a lax page shape.
  const transport = new PlatformTransport(deps.fetch, deps.tokens, deps.clock, deps.logger);
  const paths = new PlatformPaths(deps.environment);
  const events: CaseEventSource = {
    listCaseEvents: (query, options = {}) =>
      transport.send({
        method: 'GET',
        url: paths.caseEvents(query),
        action: 'reading case events',
        schema: RawPageSchema,
        ...(options.signal ? { signal: options.signal } : {}),
      }),
  };
  return { platform, events };
}
