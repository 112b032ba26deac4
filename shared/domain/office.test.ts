import { describe, expect, it } from 'vitest';
import { SettingsSchema } from './settings';
import { officeDatabaseLabel, OfficeSettingsSchema, parseOfficeDatabaseUrl } from './office';

const refused = { password: 'refused' } as const;
const allowed = { password: 'allowed' } as const;

describe('the office database URL (issue #50)', () => {
  it('reads user, host, port, database and the TLS parameters', () => {
    expect(
      parseOfficeDatabaseUrl('postgres://intake@db.office.example:6543/office?sslmode=verify-full', refused),
    ).toEqual({
      ok: true,
      value: {
        user: 'intake',
        host: 'db.office.example',
        port: 6543,
        database: 'office',
        parameters: { sslmode: 'verify-full' },
      },
    });
    expect(parseOfficeDatabaseUrl('postgresql://intake@[::1]/office', refused)).toMatchObject({
      ok: true,
      value: { host: '::1', port: 5432 },
    });
  });

  it('takes a password from the agent flag (percent-encoded), never from the settings', () => {
    const url = 'postgres://intake:p%40ss%3Aw%2Frd@10.0.0.5/office';
    expect(parseOfficeDatabaseUrl(url, allowed)).toMatchObject({ ok: true, value: { password: 'p@ss:w/rd' } });
    expect(parseOfficeDatabaseUrl(url, refused)).toEqual({
      ok: false,
      problem: expect.stringMatching(/^leave the password out of the URL: it is kept in the keychain/),
    });
    // An empty password ("user:@host") is a password too: refused in the settings.
    expect(parseOfficeDatabaseUrl('postgres://intake:@10.0.0.5/office', refused).ok).toBe(false);
  });

  it('says what is missing or wrong, in one sentence each', () => {
    const problem = (url: string) => {
      const r = parseOfficeDatabaseUrl(url, allowed);
      return r.ok ? 'ok' : r.problem;
    };
    expect(problem('https://db.office.example/office')).toBe(
      'use a PostgreSQL URL: postgres://USER@HOST:PORT/DATABASE',
    );
    expect(problem('db.office.example/office')).toMatch(/^not a PostgreSQL URL/);
    expect(problem('postgres://db.office.example/office')).toMatch(/^name the database user/);
    expect(problem('postgres://intake@/office')).toMatch(/^name the database server/);
    expect(problem('postgres://intake@db.office.example')).toMatch(/^name the database after the server/);
    expect(problem('postgres://intake@db.office.example/')).toMatch(/^name the database after the server/);
    expect(problem('postgres://intake@db.office.example:99999/office')).toBe('"99999" is not a port (1–65535)');
    expect(problem('postgres://intake@db.office.example:54x/office')).toBe('"54x" is not a port (1–65535)');
    expect(problem('postgres://intake@db.office.example/office?ssl=true')).toMatch(/^unknown parameter "ssl"/);
    expect(problem('postgres://intake@db.office.example/office?sslmode=yes')).toMatch(/^sslmode must be one of/);
  });

  it('shows the URL without a password, whatever was given', () => {
    const r = parseOfficeDatabaseUrl('postgres://intake:secret@db.office.example/office', allowed);
    expect(r.ok && officeDatabaseLabel(r.value)).toBe('postgres://intake@db.office.example:5432/office');
  });

  it('is the settings field `office`, optional (no office database: the station keeps its own queue)', () => {
    expect(OfficeSettingsSchema.safeParse({ database: 'postgres://intake@db/office' }).success).toBe(true);
    const withPassword = OfficeSettingsSchema.safeParse({ database: 'postgres://intake:x@db/office' });
    expect(withPassword.success).toBe(false);
    expect(withPassword.error?.issues[0]).toMatchObject({ path: ['database'] });
    expect(OfficeSettingsSchema.safeParse({ database: 'postgres://intake@db/office', lapseSeconds: 1 }).success).toBe(
      false,
    );
    expect(SettingsSchema.shape.office.safeParse(undefined).success).toBe(true);
  });
});
