/**
 * Where secrets live: the operating system's keychain. Deliberately small so a second implementation
 * (Electron safeStorage, built by the desktop shell) can sit behind the same interface.
 * Implementations throw IntakeError kind 'configuration', code `secrets.keychain_unavailable`, when no
 * keychain can be reached; they never fall back to plain text.
 */
export interface SecretStore {
  get(service: string, account: string): Promise<string | undefined>;
  set(service: string, account: string, secret: string): Promise<void>;
  /** True when something was deleted. */
  delete(service: string, account: string): Promise<boolean>;
  isAvailable(): Promise<KeychainAvailability>;
}

export interface KeychainAvailability {
  available: boolean;
  /** Why not, in words an IT admin can act on. */
  message?: string;
}
