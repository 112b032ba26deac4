import { createRequire } from 'node:module';
import { IntakeError } from '../errors';
import type { KeychainAvailability, SecretStore } from './secret-store';
import { keychainUnavailable } from './keychain-unavailable';

/** The part of keytar we use; injected so the native module loads lazily (a missing libsecret is then a clear error, not a crash at start). */
export interface KeytarApi {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export function loadKeytar(): KeytarApi {
  // keytar is CommonJS with a native addon; require keeps the load inside our try/catch.
  const require = createRequire(import.meta.url);
  return require('keytar') as KeytarApi;
}

/** A keyring that waits for an unlock prompt nobody answers must not hang uploads forever. */
export const KEYCHAIN_TIMEOUT_MS = 15_000;

const PROBE_SERVICE = 'Intake Desk (keychain check)';

/** Secrets in the OS keychain through keytar (Keychain on macOS, Credential Manager on Windows, Secret Service on Linux). */
export class KeytarSecretStore implements SecretStore {
  private api?: KeytarApi;

  constructor(
    private readonly load: () => KeytarApi = loadKeytar,
    private readonly platform: NodeJS.Platform = process.platform,
    private readonly timeoutMs = KEYCHAIN_TIMEOUT_MS,
  ) {}

  private async call<T>(op: (api: KeytarApi) => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    try {
      this.api ??= this.load();
      const api = this.api;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(
          () =>
            reject(
              new Error(
                `the keychain did not answer within ${this.timeoutMs / 1000} s (locked or waiting for a prompt?)`,
              ),
            ),
          this.timeoutMs,
        );
      });
      return await Promise.race([op(api), timeout]);
    } catch (e) {
      if (e instanceof IntakeError) throw e;
      throw keychainUnavailable(this.platform, e);
    } finally {
      clearTimeout(timer);
    }
  }

  async get(service: string, account: string): Promise<string | undefined> {
    const value = await this.call((api) => api.getPassword(service, account));
    return value ?? undefined;
  }

  async set(service: string, account: string, secret: string): Promise<void> {
    await this.call((api) => api.setPassword(service, account, secret));
  }

  async delete(service: string, account: string): Promise<boolean> {
    return this.call((api) => api.deletePassword(service, account));
  }

  async isAvailable(): Promise<KeychainAvailability> {
    try {
      // A read of an entry that does not exist still needs a working keychain connection.
      await this.call((api) => api.getPassword(PROBE_SERVICE, 'probe'));
      return { available: true };
    } catch (e) {
      return { available: false, message: e instanceof Error ? e.message : String(e) };
    }
  }
}
