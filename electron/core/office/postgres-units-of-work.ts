import { AsyncLocalStorage } from 'node:async_hooks';
import type { QueryResult, QueryResultRow } from 'pg';
import type { OfficeClient } from './office-client';
import type { OfficeDatabase } from './office-database';

/** A unit of work's connection, while it is open (its async context: AsyncLocalStorage). */
interface Unit {
  db: OfficeDatabase;
  client: OfficeClient;
  open: boolean;
}
const units = new AsyncLocalStorage<Unit>();

/** PostgreSQL's SQLSTATE for a deadlock it broke by failing one transaction; the unit is run again. */
const DEADLOCK_DETECTED = '40P01';
const DEADLOCK_ATTEMPTS = 3;

/**
 * The storage ports' units of work on the office database, shared by its engines (documents and history,
 * batches): a unit is one pooled connection, `BEGIN` … `COMMIT` (READ COMMITTED), told by the caller's async
 * context, so a call of any of the engines from inside it runs on the unit's connection and commits or rolls
 * back with it (a part's document and its batch link commit together), and a unit inside a unit joins it.
 * A deadlock PostgreSQL broke by failing the unit (40P01) runs it again from the start (the ports' contract:
 * a unit's work does only storage).
 */
export async function inUnitOfWork<T>(db: OfficeDatabase, work: () => Promise<T>): Promise<T> {
  if (unitClient(db)) return work();
  await db.whenOpened();
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((client) => {
        const unit: Unit = { db, client, open: true };
        return units.run(unit, async () => {
          try {
            return await work();
          } finally {
            // Calls made later from the unit's async context (a timer it set) are no longer the unit's.
            unit.open = false;
          }
        });
      });
    } catch (e) {
      if (attempt < DEADLOCK_ATTEMPTS && (e as { code?: unknown } | null)?.code === DEADLOCK_DETECTED) continue;
      throw e;
    }
  }
}

/** The open unit of work of the caller's async context on this database, if any. */
export function unitClient(db: OfficeDatabase): OfficeClient | undefined {
  const unit = units.getStore();
  return unit?.open && unit.db === db ? unit.client : undefined;
}

/** One statement: the unit's when the caller is in one, else one of its own. */
export function queryInUnit<R extends QueryResultRow>(
  db: OfficeDatabase,
  sql: string,
  params: unknown[] = [],
): Promise<QueryResult<R>> {
  const client = unitClient(db);
  return client ? client.query<R>(sql, params) : db.whenOpened().then(() => db.query<R>(sql, params));
}

/** Statements that commit together: inside the caller's unit, else a transaction of their own. */
export function togetherInUnit<T>(db: OfficeDatabase, fn: (client: OfficeClient) => Promise<T>): Promise<T> {
  const client = unitClient(db);
  return client ? fn(client) : db.whenOpened().then(() => db.transaction(fn));
}
