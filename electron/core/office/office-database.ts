import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { OfficeDatabaseAddress } from '../../../shared/domain/office';
import { officeDatabaseLabel } from '../../../shared/domain/office';
import { IntakeError } from '../errors';
import type { Logger } from '../util/logger';
import type { OfficeClient } from './office-client';
import { migrateOfficeDatabase } from './office-migrations';
import type { OfficeReachability } from './office-reachability';
import { classifyOfficeFailure, officeFailureReason } from './office-reachability';

export type { OfficeClient } from './office-client';

export interface OfficeDatabaseOptions {
  address: OfficeDatabaseAddress;
  /** From $INTAKE_OFFICE_PASSWORD or the keychain (secrets/office-password.ts); else the URL's; none: the server decides. */
  password?: string;
  logger: Logger;
  /** Shown to the admin in pg_stat_activity; default "Intake Desk". */
  applicationName?: string;
  /** Connections at most (default 4: a station's clerk, its intake and its uploads). */
  poolSize?: number;
  /** How long a connection attempt or a statement may take before the server counts as unreachable. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 15_000;

/**
 * The office database of one station (issue #50): a pool of connections to the office's PostgreSQL, and
 * whether it can be reached now. Every call goes through `query` or `transaction`, which turn a failure that
 * means "the server is out of reach" or "the server refuses us" into an IntakeError (`office.unreachable`,
 * retryable; `office.refused`, configuration) and record the state: one log line when it changes (not one
 * per failing call), and `reachability()` for the station's status. The first call that succeeds afterwards
 * says it is back. Nothing here retries: the caller decides what to do in the meantime (take nothing new,
 * keep typed work) and simply calls again later; the pool makes new connections when the server is back.
 */
export class OfficeDatabase {
  private readonly pool: pg.Pool;
  private readonly clientConfig: pg.ClientConfig;
  private current: OfficeReachability = { state: 'connecting' };
  private opened = false;
  private readonly listeners = new Set<(r: OfficeReachability) => void>();
  readonly label: string;

  constructor(private readonly o: OfficeDatabaseOptions) {
    this.label = officeDatabaseLabel(o.address);
    const timeout = o.address.parameters['connect_timeout']
      ? Number(o.address.parameters['connect_timeout']) * 1000
      : (o.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    this.clientConfig = {
      host: o.address.host,
      port: o.address.port,
      user: o.address.user,
      database: o.address.database,
      ...((o.password ?? o.address.password) !== undefined ? { password: o.password ?? o.address.password } : {}),
      ssl: sslOptions(o.address.parameters),
      application_name: o.address.parameters['application_name'] ?? o.applicationName ?? 'Intake Desk',
      connectionTimeoutMillis: timeout,
      // A server that stops answering without closing (a cable pulled, a VM paused) is found by the socket's
      // keep-alive and by the statement's own bound, not left waiting for ever.
      query_timeout: o.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      keepAlive: true,
    };
    this.pool = new pg.Pool({ ...this.clientConfig, max: o.poolSize ?? 4, idleTimeoutMillis: 30_000 });
    // An idle connection the server closed (restart, crash, admin) is reported here, not thrown: without a
    // listener, node-postgres's 'error' would end the station.
    this.pool.on('error', (e) => this.failed(e));
  }

  /** Opens the pool and brings the schema up to this version (office-migrations.ts). Throws office.* errors. */
  async open(): Promise<{ schemaVersion: number; migratedFrom: number }> {
    const result = await this.transactionRaw((client) => migrateOfficeDatabase(client));
    this.opened = true;
    if (result.migratedFrom !== result.schemaVersion)
      this.o.logger.info('office database schema brought up to date', {
        database: this.label,
        from: result.migratedFrom,
        to: result.schemaVersion,
      });
    return result;
  }

  /**
   * Rejects the storages' calls (documents, batches, drafts) until `open` brought the schema up to date: a
   * station started while the office was out of reach answers "not joined yet" (office.unreachable, as the
   * clerk's screens say it) instead of a missing table, and its reachability is not changed by it.
   */
  async whenOpened(): Promise<void> {
    if (!this.opened)
      throw new IntakeError(
        'unreachable',
        'office.unreachable',
        `The office database ${this.label} is not joined yet: this station joins it as soon as it answers`,
        // Said by the joining: its failed tries set the reachability (one warning per outage).
        { said: true },
      );
  }

  reachability(): OfficeReachability {
    return this.current;
  }

  /** Calls `listener` on every change of reachability; returns the unsubscribe. */
  onChange(listener: (r: OfficeReachability) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  async query<R extends pg.QueryResultRow = pg.QueryResultRow>(
    sql: string,
    params: unknown[] = [],
  ): Promise<pg.QueryResult<R>> {
    try {
      const result = await this.pool.query<R>(sql, params);
      this.succeeded();
      return result;
    } catch (e) {
      throw this.failed(e);
    }
  }

  /**
   * Runs `fn` in one transaction on one connection (READ COMMITTED; the statements that decide who holds
   * what are single conditional updates, so they need no stronger level). Rolled back when `fn` throws.
   */
  transaction<T>(fn: (client: OfficeClient) => Promise<T>): Promise<T> {
    return this.transactionRaw(fn);
  }

  private async transactionRaw<T>(fn: (client: OfficeClient) => Promise<T>): Promise<T> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (e) {
      throw this.failed(e);
    }
    // A connection the server cuts while it is checked out reports here as well as to the pending query.
    const onError = (e: Error) => this.failed(e);
    client.on('error', onError);
    let broken: unknown;
    try {
      await client.query('BEGIN');
      const value = await fn(client);
      await client.query('COMMIT');
      this.succeeded();
      return value;
    } catch (e) {
      broken = classifyOfficeFailure(e) === 'unreachable' ? e : undefined;
      if (!broken) await client.query('ROLLBACK').catch((r: unknown) => (broken = r));
      throw this.failed(e);
    } finally {
      client.removeListener('error', onError);
      // A connection that failed mid-transaction is not given back for reuse.
      client.release(broken instanceof Error ? broken : undefined);
    }
  }

  /**
   * A connection of its own that LISTENs on `channel` (outside the pool: it stays open while the station
   * runs). `onLost` is called once when it breaks; the caller listens again (office-changes.ts).
   */
  async listen(
    channel: string,
    onPayload: (payload: string) => void,
    onLost: (e: unknown) => void,
  ): Promise<{ close(): Promise<void> }> {
    await this.whenOpened();
    const client = new pg.Client(this.clientConfig);
    let lost = false;
    const lose = (e: unknown) => {
      if (lost) return;
      lost = true;
      onLost(e);
    };
    client.on('error', lose);
    client.on('end', () => lose(new Error('Connection ended')));
    client.on('notification', (m) => {
      if (m.channel === channel && m.payload !== undefined) onPayload(m.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (e) {
      lost = true;
      await client.end().catch(() => undefined);
      throw this.failed(e);
    }
    return {
      close: async () => {
        lost = true;
        await client.end().catch(() => undefined);
      },
    };
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  private succeeded(): void {
    if (this.current.state === 'connected') return;
    const was = this.current;
    this.set({ state: 'connected', since: new Date().toISOString() });
    if (was.state === 'unreachable' || was.state === 'refused')
      this.o.logger.info('office database reachable again: taking documents again', {
        database: this.label,
        down: { since: was.since, reason: was.reason },
      });
  }

  /** Records a failure and returns what to throw: an office.* IntakeError for the kinds that count. */
  private failed(e: unknown): unknown {
    const kind = classifyOfficeFailure(e);
    if (!kind) return e; // a fault of ours (SQL, a constraint): the caller's to handle, not the server's state
    const ours = e instanceof IntakeError && e.code.startsWith('office.');
    const cause = ours && e.cause !== undefined ? e.cause : e;
    const reason = ours && e.cause === undefined ? e.message : officeFailureReason(cause);
    const code = (cause as { code?: unknown } | null)?.code;
    if (this.current.state !== kind || this.current.reason !== reason) {
      const first = this.current.state !== kind;
      this.set({
        state: kind,
        // Since the outage began: a new reason within it (terminated, then refused) does not restart it.
        since: !first && 'since' in this.current ? this.current.since : new Date().toISOString(),
        reason,
        ...(typeof code === 'string' ? { code } : {}),
      });
      if (first)
        this.o.logger.warn(
          kind === 'unreachable'
            ? 'office database unreachable: nothing new is taken until it is back; typed work is kept'
            : 'office database refuses this station: nothing new is taken until an admin fixes it',
          { database: this.label, reason },
        );
    }
    if (ours) return e;
    return kind === 'unreachable'
      ? new IntakeError(
          'unreachable',
          'office.unreachable',
          `The office database ${this.label} cannot be reached: ${reason}`,
          { cause: e, said: true },
        )
      : new IntakeError(
          'configuration',
          'office.refused',
          `The office database ${this.label} refused this station: ${reason}`,
          { cause: e, said: true },
        );
  }

  private set(next: OfficeReachability): void {
    this.current = next;
    for (const listener of this.listeners) listener(next);
  }
}

/** libpq's sslmode, as node-postgres takes it: no TLS, TLS unchecked, TLS with the CA checked, and the name too. */
function sslOptions(parameters: Record<string, string>): false | pg.ConnectionConfig['ssl'] {
  const mode = parameters['sslmode'];
  if (mode === undefined || mode === 'disable') return false;
  const ca = parameters['sslrootcert'] ? readFileSync(parameters['sslrootcert'], 'utf8') : undefined;
  if (mode === 'require') return { rejectUnauthorized: false };
  if (mode === 'verify-ca')
    return { rejectUnauthorized: true, ...(ca ? { ca } : {}), checkServerIdentity: () => undefined };
  return { rejectUnauthorized: true, ...(ca ? { ca } : {}) };
}
