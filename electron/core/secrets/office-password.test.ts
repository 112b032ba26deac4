import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { parseOfficeDatabaseUrl } from '../../../shared/domain/office';
import type { OfficeDatabaseAddress } from '../../../shared/domain/office';
import { KeytarSecretStore } from './keytar-secret-store';
import {
  OFFICE_PASSWORD_SERVICE,
  officePasswordAccount,
  officePasswordFor,
  OfficePasswordStore,
  takeOfficePasswordFromEnv,
} from './office-password';
import type { SecretStore } from './secret-store';

const run = promisify(execFile);
const hasSessionBus = (process.env.DBUS_SESSION_BUS_ADDRESS ?? '') !== '';
// The project's test runner sets this: there, a missing Secret Service is a failure, not a skip.
const keychainRequired = process.env.INTAKE_KEYCHAIN_REQUIRED === '1';

function address(url: string): OfficeDatabaseAddress {
  const r = parseOfficeDatabaseUrl(url, { password: 'allowed' });
  if (!r.ok) throw new Error(r.problem);
  return r.value;
}

/** A keychain that holds nothing and fails the test if asked (the URL's or the environment's password wins). */
const untouched: SecretStore = {
  get: () => Promise.reject(new Error('the keychain was asked')),
  set: () => Promise.reject(new Error('the keychain was written')),
  delete: () => Promise.reject(new Error('the keychain was written')),
  isAvailable: () => Promise.resolve({ available: true }),
};

describe('which office password a station connects with (issue #50)', () => {
  it("the URL's, else $INTAKE_OFFICE_PASSWORD, else the keychain's for that address", async () => {
    const keychain = () => new OfficePasswordStore(untouched);
    expect(
      await officePasswordFor(address('postgres://intake:in-url@db/office'), { envPassword: 'env', keychain }),
    ).toEqual({
      password: 'in-url',
      source: 'url',
    });
    expect(await officePasswordFor(address('postgres://intake@db/office'), { envPassword: 'env', keychain })).toEqual({
      password: 'env',
      source: 'environment',
    });
  });

  it('takes $INTAKE_OFFICE_PASSWORD out of the environment, so no child process inherits it', () => {
    const env: NodeJS.ProcessEnv = { INTAKE_OFFICE_PASSWORD: 'pw', OTHER: 'x' };
    expect(takeOfficePasswordFromEnv(env)).toBe('pw');
    expect(env).toEqual({ OTHER: 'x' });
    expect(takeOfficePasswordFromEnv({ INTAKE_OFFICE_PASSWORD: '' })).toBeUndefined();
  });
});

// Needs a Secret Service: the test runner wraps vitest in dbus-run-session with an unlocked gnome-keyring.
describe.skipIf(!hasSessionBus && !keychainRequired)('the office password in the keychain (real gnome-keyring)', () => {
  const store = new OfficePasswordStore(new KeytarSecretStore());
  const here = address(`postgres://intake@db-${process.pid}.office.example:5432/office`);
  const elsewhere = address(`postgres://intake@db-${process.pid}.other.example:5432/office`);
  const byIt = address(`postgres://intake@db-${process.pid}.it.example:5432/office`);
  afterAll(async () => {
    await store.delete(here);
    await store.delete(elsewhere);
    await store.delete(byIt);
  });

  // First in this file: libsecret in a process that has already asked the keychain does not see an entry
  // another process (secret-tool) made after that (checked: keytar get, secret-tool store, keytar get →
  // nothing). A station reads the password when it starts, so IT stores it before (docs/deployment.md).
  it('reads what IT stored with secret-tool before the station started, as docs/deployment.md says', async () => {
    const child = run('secret-tool', [
      'store',
      '--label=Intake Desk office database',
      'service',
      OFFICE_PASSWORD_SERVICE,
      'account',
      officePasswordAccount(byIt),
    ]);
    child.child.stdin?.end('from-it');
    await child;
    expect(await store.get(byIt)).toBe('from-it');
  });

  it('is stored per address, and found by a station whose URL names that address', async () => {
    expect(await store.status(here)).toEqual({ stored: false, keychain: { available: true } });
    await store.set(here, ' with spaces ');
    expect(await store.status(here)).toEqual({ stored: true, keychain: { available: true } });
    const { stdout } = await run('secret-tool', [
      'lookup',
      'service',
      OFFICE_PASSWORD_SERVICE,
      'account',
      `postgres://intake@db-${process.pid}.office.example:5432/office`,
    ]);
    expect(stdout).toBe(' with spaces ');
    expect(
      await officePasswordFor(address(`postgres://intake@db-${process.pid}.office.example/office`), {
        envPassword: undefined,
        keychain: () => store,
      }),
    ).toEqual({ password: ' with spaces ', source: 'keychain' });
    // Pointed at another server, the station finds no password: it never sends this one there.
    expect(await officePasswordFor(elsewhere, { envPassword: undefined, keychain: () => store })).toEqual({
      source: 'none',
    });
    expect(await store.delete(here)).toBe(true);
    expect(await store.get(here)).toBeUndefined();
  });

  it('refuses an empty password', async () => {
    await expect(store.set(here, '')).rejects.toMatchObject({ code: 'office.empty_password' });
  });
});
