import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Environment } from '../../../../shared/domain/settings';
// Tests only: core code never imports the sandbox; test-support/ may (eslint.config.js).
import { startSandbox } from '../../../../sandbox';
import type { Faults, RunningSandbox, SandboxClient } from '../../../../sandbox';
import { CredentialStore } from '../../secrets/credential-store';
import type { CredentialRef } from '../../secrets/credential-store';
import type { KeychainAvailability, SecretStore } from '../../secrets/secret-store';
import type { BufferPool } from '../../util/buffer-pool';
import { systemClock } from '../../util/clock';
import type { Clock } from '../../util/clock';
import { silentLogger } from '../../util/logger';
import type { HttpFetch } from '../../http/http-fetch';
import { createPlatformClient } from '../create-platform-client';
import { LOCAL_SANDBOX_ENVIRONMENT } from '../../settings/default-environment';

/**
 * In-memory SecretStore for tests of the token and platform clients, which depend on CredentialSource
 * and not on the keychain; the keychain itself is tested against a real Secret Service
 * (secrets/keytar-secret-store.test.ts).
 */
export class MemorySecretStore implements SecretStore {
  readonly entries = new Map<string, string>();
  async get(service: string, account: string): Promise<string | undefined> {
    return this.entries.get(`${service}\u0000${account}`);
  }
  async set(service: string, account: string, secret: string): Promise<void> {
    this.entries.set(`${service}\u0000${account}`, secret);
  }
  async delete(service: string, account: string): Promise<boolean> {
    return this.entries.delete(`${service}\u0000${account}`);
  }
  async isAvailable(): Promise<KeychainAvailability> {
    return { available: true };
  }
}

export interface SandboxStats {
  tokenRequests: number;
  uploads: number;
}

export interface ConnectionHarness {
  sandbox: RunningSandbox;
  environment(patch?: Partial<Environment>): Environment;
  /** The credential reference of `environment(patch)` (a client secret is bound to its token URL's origin). */
  credentialRef(patch?: Partial<Environment>): CredentialRef;
  credentials: CredentialStore;
  connect(options?: {
    environment?: Partial<Environment>;
    fetch?: HttpFetch;
    clock?: Clock;
    timeoutMs?: number;
    uploadBuffers?: BufferPool;
  }): ReturnType<typeof createPlatformClient>;
  stats(): Promise<SandboxStats>;
  faults(f: Faults): void;
  stop(): Promise<void>;
}

export async function startConnectionHarness(
  options: { clients?: SandboxClient[]; tokenLifetimeSeconds?: number; maxUploadBytes?: number } = {},
): Promise<ConnectionHarness> {
  const dataDir = mkdtempSync(join(tmpdir(), 'core-platform-'));
  const sandbox = await startSandbox({ dataDir, port: 0, ...options });
  const credentials = new CredentialStore(new MemorySecretStore(), silentLogger);
  const environment = (patch: Partial<Environment> = {}): Environment => ({
    ...LOCAL_SANDBOX_ENVIRONMENT,
    baseUrl: sandbox.baseUrl,
    tokenUrl: sandbox.tokenUrl,
    clientId: sandbox.demoClient.clientId,
    scopes: ['case_integration', 'events'],
    ...patch,
  });
  await credentials.setClientSecret(
    { environmentId: 'local-sandbox', clientId: sandbox.demoClient.clientId, tokenUrl: sandbox.tokenUrl },
    sandbox.demoClient.secret,
  );
  return {
    sandbox,
    environment,
    credentialRef: (patch) => {
      const e = environment(patch);
      return { environmentId: e.id, clientId: e.clientId, tokenUrl: e.tokenUrl };
    },
    credentials,
    connect: (o = {}) =>
      createPlatformClient({
        environment: environment(o.environment),
        credentials,
        fetch: o.fetch ?? ((url, init) => fetch(url, init)),
        clock: o.clock ?? systemClock,
        logger: silentLogger,
        ...(o.timeoutMs === undefined ? {} : { timeoutMs: o.timeoutMs }),
        ...(o.uploadBuffers ? { uploadBuffers: o.uploadBuffers } : {}),
      }),
    async stats() {
      const res = await fetch(`${sandbox.baseUrl}/__sandbox/stats`);
      return (await res.json()) as SandboxStats;
    },
    faults: (f) => sandbox.setFaults(f),
    async stop() {
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
