import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Environment, FolderProfile, Settings } from '../../shared/domain/settings';
import { activeEnvironmentOf, EnvironmentSchema, FolderProfileSchema } from '../../shared/domain/settings';
import { isIntakeError } from '../core/errors';
import type { CredentialRef, CredentialSource } from '../core/secrets/credential-store';
import { createDefaultSettings } from '../core/settings/default-settings';
import { loadMachineSettings, mergeSettings } from '../core/settings/machine-settings';
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
  const local = deps.sandbox ?? { baseUrl: 'http://127.0.0.1:0', tokenUrl: 'http://127.0.0.1:0' };
  const files = await settingsFilesOf(args);
  const user = files.user ? await readUserSettings(files.user, local, deps) : createDefaultSettings(local);
  const settings = files.machine ? await withMachineSettings(files.machine, user, !files.user, deps.logger) : user;
  const active = activeEnvironmentOf(settings);
  if (!active) throw settingsError('the settings name no environment');
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
  if (deps.sandbox && !args.settings && !args.machineSettings) Object.assign(patched, { authMethod: 'client_secret' });
  Object.assign(patched, authFlags(args, deps.hasClientKey ?? false));
  const env = EnvironmentSchema.safeParse(patched);
  if (!env.success)
    throw settingsError(
      `invalid environment: ${env.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  if (deps.requirePlatform !== false && /:0\/?$/.test(env.data.baseUrl))
    throw settingsError('no platform configured: pass --settings, --base-url/--token-url or --sandbox');

  const outputFlags = args.output ? { output: args.output, smallerOutput: args.smaller === true } : {};
  const watched: FolderProfile[] = args.watch.map((dir, i) =>
    FolderProfileSchema.parse({
      id: `cli-${i + 1}`,
      label: dir,
      path: resolve(dir),
      autoSubmit: true,
      defaultMetadata: args.meta,
      ...(args.shared ? { shared: true } : args.notShared ? { shared: false } : {}),
      ...(args.pollMs ? { polling: { enabled: true, intervalMs: args.pollMs } } : {}),
      ...outputFlags,
    }),
  );
  // With --meta, configured folders get the flags' metadata too (flags win over the profile's defaults);
  // with --output (and --smaller) what they send.
  const folders = settings.folders.map((f) => ({
    ...f,
    defaultMetadata: { ...f.defaultMetadata, ...args.meta },
    ...outputFlags,
  }));
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

/**
 * The station's settings alone, read as loadAgentConfig reads them (the user file, the machine file's locked
 * fields over it), for commands that need no platform (`scanners`: the scanners they name).
 */
export async function loadStationSettings(
  files: Pick<AgentArgs, 'settings' | 'machineSettings'>,
  deps: { clock: Clock; logger: Logger },
): Promise<Settings> {
  const local = { baseUrl: 'http://127.0.0.1:0', tokenUrl: 'http://127.0.0.1:0' };
  const which = await settingsFilesOf(files);
  const user = which.user ? await readUserSettings(which.user, local, deps) : createDefaultSettings(local);
  return which.machine ? withMachineSettings(which.machine, user, !which.user, deps.logger) : user;
}

/**
 * Which file is which: --machine-settings is the machine-wide file; --settings is the user format, unless
 * the file there is machine-wide (older service definitions passed /etc/intake-desk/settings.json so).
 */
async function settingsFilesOf(
  args: Pick<AgentArgs, 'settings' | 'machineSettings'>,
): Promise<{ user?: string; machine?: string }> {
  const machine = args.machineSettings !== undefined ? resolve(args.machineSettings) : undefined;
  if (machine !== undefined && !existsSync(machine)) throw settingsError(`machine settings file not found: ${machine}`);
  if (!args.settings) return machine ? { machine } : {};
  const path = resolve(args.settings);
  if (!existsSync(path)) throw settingsError(`settings file not found: ${path}`);
  if (machine === undefined && (await isMachineFormat(path))) return { machine: path };
  return { user: path, ...(machine ? { machine } : {}) };
}

/** The machine-wide format: `locked` and/or `defaults`, and none of the user format's own fields. */
async function isMachineFormat(path: string): Promise<boolean> {
  try {
    const json: unknown = JSON.parse(await readFile(path, 'utf8'));
    if (!json || typeof json !== 'object' || Array.isArray(json)) return false;
    const keys = Object.keys(json);
    return keys.some((k) => k === 'locked' || k === 'defaults') && !keys.includes('environments');
  } catch {
    return false; // the user-format reader says what is wrong with it
  }
}

/** The user-format file, read only: the agent never writes beside a file it may not own. */
async function readUserSettings(
  path: string,
  local: { baseUrl: string; tokenUrl: string },
  deps: { clock: Clock; logger: Logger },
): Promise<Settings> {
  const service = new SettingsService({
    path,
    readOnly: true,
    defaults: () => createDefaultSettings(local),
    clock: deps.clock,
    logger: deps.logger,
  });
  try {
    return await service.load();
  } catch (e) {
    throw settingsError(isIntakeError(e) ? e.message : `cannot read settings ${path}`);
  }
}

/**
 * The machine file over the user's settings, by the app's rules (machine-settings.ts): locked fields win;
 * its defaults count only where no user file was given. A file that cannot be read is a configuration
 * error; a field that is wrong is left out and logged (the rest applies), as in the app.
 */
async function withMachineSettings(path: string, user: Settings, noUserFile: boolean, logger: Logger) {
  const loaded = await loadMachineSettings(path);
  const unreadable = loaded.problems.find((p) => /^cannot read |is not valid JSON/.test(p));
  if (!loaded.found || unreadable) throw settingsError(unreadable ?? `machine settings file not found: ${path}`);
  if (loaded.problems.length > 0) logger.warn('machine settings: problems', { path, problems: loaded.problems });
  const machine = noUserFile ? loaded.machine : { ...loaded.machine, defaults: {} };
  const merged = mergeSettings(user, machine, undefined);
  if (!merged.ok) throw settingsError(`machine settings ${path} cannot be applied: ${merged.message}`);
  return merged.value.settings;
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

/** A settings file (or the environment it names) the agent cannot use: a configuration error. */
const settingsError = (message: string) => new UsageError(message, 'settings.invalid');

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
