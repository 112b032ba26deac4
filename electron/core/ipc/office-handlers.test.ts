import { afterAll, describe, expect, it } from 'vitest';
import { parseOfficeDatabaseUrl } from '../../../shared/domain/office';
import type { OfficeDatabaseAddress } from '../../../shared/domain/office';
import { OfficeOverviewSchema } from '../../../shared/domain/office-status';
import { PostgresDocumentStorage } from '../office/postgres-document-storage';
import { arrive } from '../office/test-support/office-day';
import { officeDatabaseOf, officeSuite } from '../office/test-support/office-fixture';
import { freePort } from '../test-support/free-port';
import { KeytarSecretStore } from '../secrets/keytar-secret-store';
import { OfficePasswordStore, officePasswordFor } from '../secrets/office-password';
import { dispatch, type HandlerTable } from './handler-table';
import { createOfficeHandlers } from './office-handlers';

// office.status (issue #50 item 6) against a real PostgreSQL: the figures, or plainly why there are none.
const suite = officeSuite();

describe('office.status', () => {
  it('a station without an office database: none', async () => {
    expect(await createOfficeHandlers({})['office.status']({})).toEqual({ state: 'none' });
  });

  it("the office's figures, in the contract's shape", async () => {
    const url = await suite.server().createDatabase();
    const a = await suite.join(url, 'station-a');
    await arrive(new PostgresDocumentStorage(a.db, 'station-a', 'anna'), {
      folder: '/scans/claims',
      documentType: 'INV',
    });
    const answer = await createOfficeHandlers({ office: { db: a.db, lapseSeconds: 60 } })['office.status']({});
    expect(OfficeOverviewSchema.parse(answer)).toMatchObject({
      state: 'connected',
      database: url,
      status: {
        documents: { waiting: 1 },
        waitingByFolder: [{ folder: '/scans/claims', waiting: 1 }],
        waitingByType: [{ documentType: 'INV', waiting: 1 }],
        stations: [{ id: 'station-a', alive: true }],
      },
    });
  });

  it('nothing answers: unreachable, with the reason, not an error', async () => {
    const url = `postgres://postgres@127.0.0.1:${await freePort()}/office`;
    const { db } = officeDatabaseOf(url);
    try {
      const answer = await createOfficeHandlers({ office: { db, lapseSeconds: 60 } })['office.status']({});
      expect(OfficeOverviewSchema.parse(answer)).toEqual({
        state: 'unreachable',
        database: url,
        reason: expect.stringMatching(/ECONNREFUSED|refused/),
      });
    } finally {
      await db.close();
    }
  });

  it('the server says no (no such database): refused, with its reason', async () => {
    const url = suite.server().urlOf('no_such_office');
    const { db } = officeDatabaseOf(url);
    try {
      const answer = await createOfficeHandlers({ office: { db, lapseSeconds: 60 } })['office.status']({});
      expect(answer).toEqual({
        state: 'refused',
        database: url,
        reason: expect.stringContaining('no_such_office'),
      });
    } finally {
      await db.close();
    }
  });
});

// The Settings screen's password field (issue #50 item 1: the password in the keychain), through the contract
// as the window calls it, against the real Secret Service (the test runner starts one).
const keychainReady =
  (process.env.DBUS_SESSION_BUS_ADDRESS ?? '') !== '' || process.env.INTAKE_KEYCHAIN_REQUIRED === '1';
describe.skipIf(!keychainReady)("the office database's password from the Settings screen", () => {
  const database = `postgres://intake@settings-${process.pid}.office.example:5432/office`;
  const handlers = createOfficeHandlers({ secrets: () => new KeytarSecretStore() }) as unknown as HandlerTable;
  const call = (channel: string, request: unknown) => dispatch(handlers, channel, request);
  afterAll(async () => {
    await new OfficePasswordStore(new KeytarSecretStore()).delete(
      (parseOfficeDatabaseUrl(database, { password: 'refused' }) as { ok: true; value: OfficeDatabaseAddress }).value,
    );
  });

  it('is stored for the address the field names, said as stored, never answered, and removed again', async () => {
    expect(await call('office.passwordStatus', { database })).toEqual({
      ok: true,
      value: { account: database, stored: false, keychain: { available: true } },
    });
    const stored = await call('office.setPassword', { database, password: 's3cret pass' });
    expect(stored).toEqual({ ok: true, value: { account: database, stored: true, keychain: { available: true } } });
    expect(JSON.stringify(stored)).not.toContain('s3cret');
    // Where a station that starts with this address looks for it: the keychain entry of that address.
    expect(
      await officePasswordFor(
        (
          parseOfficeDatabaseUrl(`${database}?sslmode=require`, { password: 'allowed' }) as {
            ok: true;
            value: OfficeDatabaseAddress;
          }
        ).value,
        { envPassword: undefined, keychain: () => new OfficePasswordStore(new KeytarSecretStore()) },
      ),
    ).toEqual({ password: 's3cret pass', source: 'keychain' });
    expect(await call('office.deletePassword', { database })).toMatchObject({ ok: true, value: { stored: false } });
  });

  it('refuses an address with a password in it, or not a PostgreSQL URL, by name, and stores nothing', async () => {
    const withPassword = await call('office.setPassword', {
      database: `postgres://intake:pw@settings-${process.pid}.office.example/office`,
      password: 'x',
    });
    expect(withPassword).toMatchObject({ ok: false, error: { code: 'ipc.invalid_request' } });
    expect(JSON.stringify(withPassword)).toContain('leave the password out of the URL');
    expect(await call('office.passwordStatus', { database: 'https://db.example/office' })).toMatchObject({
      ok: false,
      error: { code: 'ipc.invalid_request' },
    });
    expect(await call('office.passwordStatus', { database })).toMatchObject({ ok: true, value: { stored: false } });
  });
});
