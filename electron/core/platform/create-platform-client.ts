import type { Environment } from '../../../shared/domain/settings';
import { TokenClient } from '../auth/token-client';
import type { TokenStatus } from '../auth/token-client';
import type { HttpFetch } from '../http/http-fetch';
import type { CredentialSource } from '../secrets/credential-store';
import type { Clock } from '../util/clock';
import type { BufferPool } from '../util/buffer-pool';
import type { Logger } from '../util/logger';
import { PlatformClient } from './platform-client';
import { PlatformTransport } from './platform-transport';

export interface PlatformConnectionDeps {
  environment: Environment;
  credentials: CredentialSource;
  fetch: HttpFetch;
  clock: Clock;
  logger: Logger;
  /** Request timeout (inactivity) for API calls. */
  timeoutMs?: number;
  onTokenStatus?: (status: TokenStatus) => void;
  /** The uploads' read buffers (tests pass one to look into it). */
  uploadBuffers?: BufferPool;
}

/** Wires the token client and the API client for one environment; build a new pair when settings change. */
export function createPlatformClient(deps: PlatformConnectionDeps): { tokens: TokenClient; api: PlatformClient } {
  const logger = deps.logger.child({ environmentId: deps.environment.id });
  const tokens = new TokenClient({
    environment: deps.environment,
    credentials: deps.credentials,
    fetch: deps.fetch,
    clock: deps.clock,
    logger,
    ...(deps.onTokenStatus ? { onStatus: deps.onTokenStatus } : {}),
  });
  const transport = new PlatformTransport(deps.fetch, tokens, deps.clock, logger, deps.timeoutMs);
  return { tokens, api: new PlatformClient(deps.environment, transport, deps.clock, deps.uploadBuffers) };
}

/** Builds the clients of one environment; the platform session asks for a new pair when settings change. */
export type PlatformClientFactory = (
  environment: Environment,
  onTokenStatus?: (status: TokenStatus) => void,
) => { tokens: TokenClient; api: PlatformClient };

/** The factory the composition root hands the platform session: the same credentials and HTTP stack each time. */
export function platformClientFactory(
  deps: Omit<PlatformConnectionDeps, 'environment' | 'onTokenStatus'>,
): PlatformClientFactory {
  return (environment, onTokenStatus) =>
    createPlatformClient({ ...deps, environment, ...(onTokenStatus ? { onTokenStatus } : {}) });
}
