import type { Environment } from '../../../../shared/domain/settings';
import { createPlatformClient } from '../../platform/create-platform-client';
import { MemorySecretStore } from '../../platform/test-support/connection-harness';
import { CredentialStore } from '../../secrets/credential-store';
import { LOCAL_SANDBOX_ENVIRONMENT } from '../../settings/default-environment';
import { systemClock } from '../../util/clock';
import { silentLogger } from '../../util/logger';
import type { InboxUploader } from '../inbox-uploader';

/** Where a running sandbox is and how to sign in to it (what a child process gets on its command line). */
export interface SandboxAccess {
  baseUrl: string;
  tokenUrl: string;
  clientId: string;
  secret: string;
}

/**
 * The real platform client against a sandbox, as the uploader of a queue; the environment it signs in to
 * (for the settings); and a HEAD probe of it.
 */
export async function sandboxUploader(
  access: SandboxAccess,
  timeoutMs = 5_000,
): Promise<{
  uploader: InboxUploader;
  environment: Environment;
  probe: () => Promise<boolean>;
}> {
  const environment: Environment = {
    ...LOCAL_SANDBOX_ENVIRONMENT,
    baseUrl: access.baseUrl,
    tokenUrl: access.tokenUrl,
    clientId: access.clientId,
    scopes: ['case_integration'],
  };
  const credentials = new CredentialStore(new MemorySecretStore(), silentLogger);
  await credentials.setClientSecret(
    { environmentId: environment.id, clientId: environment.clientId, tokenUrl: environment.tokenUrl },
    access.secret,
  );
  const { api } = createPlatformClient({
    environment,
    credentials,
    fetch: (u, i) => fetch(u, i),
    clock: systemClock,
    logger: silentLogger,
    timeoutMs,
  });
  return {
    uploader: api,
    environment,
    probe: () =>
      fetch(access.baseUrl, { method: 'HEAD', signal: AbortSignal.timeout(1_000) }).then(
        () => true,
        () => false,
      ),
  };
}
