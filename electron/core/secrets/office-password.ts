import type { OfficeDatabaseAddress } from '../../../shared/domain/office';
import { officeDatabaseLabel } from '../../../shared/domain/office';
import { IntakeError } from '../errors';
import type { KeychainAvailability, SecretStore } from './secret-store';

/**
 * The office database's password (issue #50), kept in the keychain as the client secret is: one entry per
 * database address (`postgres://USER@HOST:PORT/DATABASE`, no password), so a password goes only to the
 * server, user and database it was entered for; pointing the settings elsewhere finds no password there.
 * IT can store it from outside the app: `secret-tool store --label='Intake Desk office database' service
 * 'Intake Desk (office database)' account 'postgres://intake@db.office.example:5432/office'`.
 */
export const OFFICE_PASSWORD_SERVICE = 'Intake Desk (office database)';
export const officePasswordAccount = (address: OfficeDatabaseAddress): string => officeDatabaseLabel(address);

export class OfficePasswordStore {
  constructor(private readonly secrets: SecretStore) {}

  get(address: OfficeDatabaseAddress): Promise<string | undefined> {
    return this.secrets.get(OFFICE_PASSWORD_SERVICE, officePasswordAccount(address));
  }

  /** Stores or replaces it; kept as typed (a password may begin or end with a space), but never empty. */
  async set(address: OfficeDatabaseAddress, password: string): Promise<void> {
    if (password === '') throw new IntakeError('validation', 'office.empty_password', 'The password is empty.');
    await this.secrets.set(OFFICE_PASSWORD_SERVICE, officePasswordAccount(address), password);
  }

  delete(address: OfficeDatabaseAddress): Promise<boolean> {
    return this.secrets.delete(OFFICE_PASSWORD_SERVICE, officePasswordAccount(address));
  }

  /** Whether one is stored, and whether the keychain works; never the password. */
  async status(address: OfficeDatabaseAddress): Promise<{ stored: boolean; keychain: KeychainAvailability }> {
    const keychain = await this.secrets.isAvailable();
    if (!keychain.available) return { stored: false, keychain };
    return { stored: (await this.get(address)) !== undefined, keychain: { available: true } };
  }
}

/** Where the password came from, for the log line that says how the station connected (never the password). */
export type OfficePasswordSource = 'url' | 'environment' | 'keychain' | 'none';

/**
 * The password a station connects with: in the URL (the agent's flag), else `$INTAKE_OFFICE_PASSWORD`, else
 * the keychain's for this address. None at all is allowed (a server that trusts the station, or a client
 * certificate): the server then says whether it wants one, and that answer is reported as it is.
 */
export async function officePasswordFor(
  address: OfficeDatabaseAddress,
  o: { envPassword: string | undefined; keychain: () => OfficePasswordStore },
): Promise<{ password?: string; source: OfficePasswordSource }> {
  if (address.password !== undefined) return { password: address.password, source: 'url' };
  if (o.envPassword !== undefined && o.envPassword !== '') return { password: o.envPassword, source: 'environment' };
  const stored = await o.keychain().get(address);
  return stored === undefined ? { source: 'none' } : { password: stored, source: 'keychain' };
}

export const OFFICE_PASSWORD_ENV = 'INTAKE_OFFICE_PASSWORD';

/** Reads $INTAKE_OFFICE_PASSWORD once and removes it, so no child process inherits it (as the client secret). */
export function takeOfficePasswordFromEnv(env: NodeJS.ProcessEnv): string | undefined {
  const password = env[OFFICE_PASSWORD_ENV];
  delete env[OFFICE_PASSWORD_ENV];
  return password === '' ? undefined : password;
}
