import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Environment, FolderProfile, Settings } from '../../shared/domain/settings';
import { EnvironmentSchema, FolderProfileSchema } from '../../shared/domain/settings';
import { isIntakeError } from '../core/errors';
import type { CredentialRef, CredentialSource } from '../core/secrets/credential-store';
import { createDefaultSettings } from '../core/settings/default-settings';
import { SettingsService } from '../core/settings/settings-service';
import type { Clock } from '../core/util/clock';
import type { Logger } from '../core/util/logger';
import type { AgentArgs } from './agent-args';
import { UsageError } from './agent-args';

export interface AgentConfig {
  settings: Settings;
  environment: Environment;
}

/**
 * The same settings file as the app (read, never written), with the command-line flags on top.
 * `sandbox` is the embedded sandbox's address when --sandbox started one.
 */
export async function loadAgentConfig(
  args: AgentArgs,
  deps: {
    clock: Clock;
    logger: Logger;
    requirePlatform?: boolean;
    /** A private key came from --key-file or $INTAKE_CLIENT_KEY: private_key_jwt unless --auth-method says otherwise. */
    hasClientKey?: boolean;
    sandbox?: { baseUrl: string; tokenUrl: string; clientId: string };
  },
): Promise<AgentConfig> {
  let settings: Settings;
  const local = deps.sandbox ?? { baseUrl: 'http://127.0.0.1:0', tokenUrl: 'http://127.0.0.1:0' };
  if (args.settings) {
    const path = resolve(args.settings);
    if (!existsSync(path)) throw new UsageError(`settings file not found: ${path}`);
    const service = new SettingsService({
      path,
      defaults: () => createDefaultSettings(local),
      clock: deps.clock,
      logger: deps.logger,
    });
    try {
      settings = await service.load();
    } catch (e) {
      throw new UsageError(isIntakeError(e) ? e.message : `cannot read settings ${path}`);
    }
  } else {
    settings = createDefaultSettings(local);
  }
  const active = settings.environments.find((e) => e.id === settings.activeEnvironmentId) ?? settings.environments[0];
  if (!active) throw new UsageError('the settings name no environment');
  const patched = {
    ...active,
    ...(deps.sandbox && active.kind === 'local-sandbox'
      ? { baseUrl: deps.sandbox.baseUrl, tokenUrl: deps.sandbox.tokenUrl, clientId: deps.sandbox.clientId }
      : {}),
    ...(args.baseUrl ? { baseUrl: args.baseUrl } : {}),
    ...(args.tokenUrl ? { tokenUrl: args.tokenUrl } : {}),
    ...(args.clientId ? { clientId: args.clientId } : {}),
    ...(args.scopes.length > 0 ? { scopes: args.scopes } : {}),
    ...(args.country ? { country: args.country } : {}),
    ...(args.tenant ? { tenant: args.tenant } : {}),
  };
  if (deps.sandbox && !args.settings) Object.assign(patched, { authMethod: 'client_secret' });
  Object.assign(patched, authFlags(args, deps.hasClientKey ?? false));
  const env = EnvironmentSchema.safeParse(patched);
  if (!env.success)
    throw new UsageError(
      `invalid environment: ${env.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  if (deps.requirePlatform !== false && /:0\/?$/.test(env.data.baseUrl))
    throw new UsageError('no platform configured: pass --settings, --base-url/--token-url or --sandbox');

  const watched: FolderProfile[] = args.watch.map((dir, i) =>
    FolderProfileSchema.parse({
      id: `cli-${i + 1}`,
      label: dir,
      path: resolve(dir),
      autoSubmit: true,
      defaultMetadata: args.meta,
      ...(args.shared ? { shared: true } : {}),
      ...(args.pollMs ? { polling: { enabled: true, intervalMs: args.pollMs } } : {}),
    }),
  );
  // With --meta, configured folders get the flags' metadata too (flags win over the profile's defaults).
  const folders = settings.folders.map((f) => ({ ...f, defaultMetadata: { ...f.defaultMetadata, ...args.meta } }));
  return {
    environment: env.data,
    settings: {
      ...settings,
      folders: [...folders, ...watched],
      archive: args.archive ? { ...settings.archive, mode: 'move', folder: resolve(args.archive) } : settings.archive,
      upload: args.concurrency ? { concurrency: args.concurrency } : settings.upload,
      ...(args.leaseSeconds ? { sharedFolders: { leaseSeconds: args.leaseSeconds } } : {}),
    },
  };
}

/** --auth-method, --assertion-audience and a given key win over the settings file. */
function authFlags(args: AgentArgs, hasClientKey: boolean): Partial<Environment> {
  if (hasClientKey && args.authMethod === 'client_secret')
    throw new UsageError(
      `a private key was given (--key-file or $INTAKE_CLIENT_KEY) but --auth-method is client_secret`,
    );
  const authMethod = args.authMethod ?? (hasClientKey ? 'private_key_jwt' : undefined);
  return {
    ...(authMethod ? { authMethod } : {}),
    ...(args.assertionAudience ? { assertionAudience: args.assertionAudience } : {}),
  };
}

export const CLIENT_SECRET_ENV = 'INTAKE_CLIENT_SECRET';

/**
 * Reads $INTAKE_CLIENT_SECRET once and removes it from the environment, so no child process (the embedded
 * sandbox, a helper a library spawns) inherits the secret. Call it before anything else runs.
 */
export function takeClientSecretFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  const secret = env[CLIENT_SECRET_ENV];
  delete env[CLIENT_SECRET_ENV];
  return secret === '' ? undefined : secret;
}

/** The secret from $INTAKE_CLIENT_SECRET when set (CI, containers), otherwise from the keychain. */
export class AgentCredentials implements CredentialSource {
  constructor(
    private readonly keychain: () => CredentialSource,
    private readonly envSecret: string | undefined,
    /** From --key-file or $INTAKE_CLIENT_KEY (PKCS#8 PEM); otherwise the keychain's. */
    private readonly privateKey?: string,
  ) {}

  async getClientSecret(ref: CredentialRef): Promise<string | undefined> {
    if (this.envSecret) return this.envSecret;
    return this.keychain().getClientSecret(ref);
  }
  async getPrivateKey(ref: CredentialRef): Promise<string | undefined> {
    if (this.privateKey) return this.privateKey;
    return this.keychain().getPrivateKey(ref);
  }
  subscribe(): () => void {
    return () => undefined;
  }
}
