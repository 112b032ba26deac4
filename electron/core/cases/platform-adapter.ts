import type { PlatformClient } from '../platform/platform-client';
import type { CaseEventSource, CasePlatform } from './case-ports';

/** The parts of the platform client the case services use. */
export type CasePlatformClient = Pick<
  PlatformClient,
  'getInputSchema' | 'getOutputSchema' | 'createCase' | 'validateAccount' | 'listCaseEvents'
>;

/**
 * Adapts the platform client of the active environment to the case services' ports. It builds nothing:
 * the client (with its one transport and token client) comes from the platform session.
 */
export function createCasePorts(api: CasePlatformClient): { platform: CasePlatform; events: CaseEventSource } {
  const platform: CasePlatform = {
    getSchema: (direction, key, options = {}) =>
      direction === 'input' ? api.getInputSchema(key, options) : api.getOutputSchema(key, options),
    createCase: (data, options = {}) => api.createCase(data, options),
    validateAccount: (input) => api.validateAccount(input),
  };
  // The client reads the feed with each event left unparsed (RawCaseEventPage), so one bad event cannot
  // hide the good ones of its page.
  const events: CaseEventSource = {
    listCaseEvents: (query, options = {}) => api.listCaseEvents(query, options),
  };
  return { platform, events };
}
