import { z } from 'zod';

/**
 * The office database (issue #50): one PostgreSQL database every station and clerk of an office works
 * from, given as a URL `postgres://USER@HOST[:PORT]/DATABASE[?sslmode=…]`. The settings file holds the URL
 * without a password (the password is kept in the keychain, as the client secret is); the agent's
 * `--office-database` may carry one, as may `$INTAKE_OFFICE_PASSWORD`.
 */
export interface OfficeDatabaseAddress {
  user: string;
  /** Only from the agent's flag; never in the settings. */
  password?: string;
  host: string;
  port: number;
  database: string;
  /** The query's parameters, those of OFFICE_DATABASE_PARAMETERS only. */
  parameters: Record<string, string>;
}

/** What the URL may say besides user, host, port and database (libpq's names, which `pg` reads too). */
export const OFFICE_DATABASE_PARAMETERS = ['sslmode', 'sslrootcert', 'application_name', 'connect_timeout'] as const;
// libpq's 'prefer' and 'allow' (TLS if the server offers it) are left out: the client cannot do them, and a
// connection that may or may not be encrypted is one the admin should not have to guess about.
const SSL_MODES = ['disable', 'require', 'verify-ca', 'verify-full'];

export const OFFICE_DATABASE_DEFAULT_PORT = 5432;

export const OFFICE_PASSWORD_IN_SETTINGS =
  'leave the password out of the URL: it is kept in the keychain (intake-agent: $INTAKE_OFFICE_PASSWORD)';

// scheme :// [user [: password] @] host [: port] / database [? query]; a host is a name, IPv4 or [IPv6].
const URL_FORM =
  /^(postgres|postgresql):\/\/(?:([^:@/?#]*)(?::([^@/?#]*))?@)?(\[[0-9A-Fa-f:.]+\]|[^:/?#[\]@]*)(?::([^/?#]*))?(?:\/([^?#]*))?(?:\?([^#]*))?$/;

function decode(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

/**
 * Reads an office database URL, or says in one sentence what is wrong with it (for the settings field and
 * the agent's flag). `password: 'refused'` for the settings, where a password does not belong.
 */
export function parseOfficeDatabaseUrl(
  url: string,
  o: { password: 'refused' | 'allowed' },
): { ok: true; value: OfficeDatabaseAddress } | { ok: false; problem: string } {
  const fail = (problem: string) => ({ ok: false as const, problem });
  const m = URL_FORM.exec(url.trim());
  if (!m) {
    return fail(
      /^[a-z][a-z0-9+.-]*:/i.test(url) && !/^postgres(ql)?:/i.test(url)
        ? 'use a PostgreSQL URL: postgres://USER@HOST:PORT/DATABASE'
        : 'not a PostgreSQL URL; write it as postgres://USER@HOST:PORT/DATABASE',
    );
  }
  const [, , rawUser = '', rawPassword, rawHost = '', rawPort, rawDatabase = '', query] = m;
  const user = decode(rawUser);
  if (user === undefined || user === '') return fail('name the database user: postgres://USER@HOST:PORT/DATABASE');
  if (rawPassword !== undefined && o.password === 'refused') return fail(OFFICE_PASSWORD_IN_SETTINGS);
  const password = rawPassword === undefined ? undefined : decode(rawPassword);
  if (password === undefined && rawPassword !== undefined) return fail('the password is not percent-encoded right');
  if (rawHost === '') return fail('name the database server: postgres://USER@HOST:PORT/DATABASE');
  const host = rawHost.startsWith('[') ? rawHost.slice(1, -1) : rawHost;
  let port = OFFICE_DATABASE_DEFAULT_PORT;
  if (rawPort !== undefined) {
    port = Number(rawPort);
    if (!/^\d{1,5}$/.test(rawPort) || port < 1 || port > 65535) return fail(`"${rawPort}" is not a port (1–65535)`);
  }
  const database = decode(rawDatabase);
  if (database === undefined || database === '' || database.includes('/'))
    return fail('name the database after the server: postgres://USER@HOST:PORT/DATABASE');
  const parameters: Record<string, string> = {};
  for (const pair of query ? query.split('&') : []) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const name = decode(eq < 0 ? pair : pair.slice(0, eq)) ?? '';
    const value = decode(eq < 0 ? '' : pair.slice(eq + 1)) ?? '';
    if (!(OFFICE_DATABASE_PARAMETERS as readonly string[]).includes(name))
      return fail(`unknown parameter "${name}" (known: ${OFFICE_DATABASE_PARAMETERS.join(', ')})`);
    if (name === 'sslmode' && !SSL_MODES.includes(value)) return fail(`sslmode must be one of ${SSL_MODES.join(', ')}`);
    if (name === 'connect_timeout' && !/^\d{1,4}$/.test(value)) return fail('connect_timeout is whole seconds');
    parameters[name] = value;
  }
  return {
    ok: true,
    value: { user, ...(password !== undefined ? { password } : {}), host, port, database, parameters },
  };
}

/** The URL as the settings keep it and logs show it: never with a password. */
export function officeDatabaseLabel(a: Pick<OfficeDatabaseAddress, 'user' | 'host' | 'port' | 'database'>): string {
  const host = a.host.includes(':') ? `[${a.host}]` : a.host;
  return `postgres://${encodeURIComponent(a.user)}@${host}:${a.port}/${encodeURIComponent(a.database)}`;
}

/** The URL in the settings: a PostgreSQL URL without a password. */
export const OfficeDatabaseUrlSchema = z.string().check((ctx) => {
  const parsed = parseOfficeDatabaseUrl(ctx.value, { password: 'refused' });
  if (!parsed.ok) ctx.issues.push({ code: 'custom', message: parsed.problem, input: ctx.value });
});

/** The agent's `--office-database`: the same URL, where a password may stand (it never reaches a file). */
export const OfficeDatabaseFlagSchema = z.string().transform((url, ctx) => {
  const parsed = parseOfficeDatabaseUrl(url, { password: 'allowed' });
  if (parsed.ok) return parsed.value;
  ctx.issues.push({ code: 'custom', message: parsed.problem, input: url });
  return z.NEVER;
});

/** Seconds a gone station's holds (a document a clerk has open, a claimed scan) last before they lapse. */
export const DEFAULT_OFFICE_LAPSE_SECONDS = 120;

/** The settings' `office`: absent = no office database, the station keeps its own queue (the default). */
export const OfficeSettingsSchema = z.object({
  database: OfficeDatabaseUrlSchema,
  /**
   * How long a station may be silent before its holds lapse and the others may take what it held (a
   * document a clerk had open, a scan it claimed). Absent: DEFAULT_OFFICE_LAPSE_SECONDS.
   */
  lapseSeconds: z.number().int().min(2).max(3600).optional(),
});
export type OfficeSettings = z.infer<typeof OfficeSettingsSchema>;
