import { afterAll, afterEach, beforeAll } from 'vitest';
import type { PrivatePostgres } from './private-postgres';
import { startPrivatePostgres } from './private-postgres';
import type { OfficeDatabaseAddress } from '../../../../shared/domain/office';
import { parseOfficeDatabaseUrl } from '../../../../shared/domain/office';
import type { LogEntry, Logger } from '../../util/logger';
import { JsonLineLogger } from '../../util/logger';
import { OfficeDatabase } from '../office-database';
import { OfficeFolderClaims } from '../office-folder-claims';
import { OfficeHolds } from '../office-holds';
import { OfficeStation } from '../office-station';

/** The address of a URL the test made (a private cluster's), with the password the URL may carry. */
export function officeAddress(url: string): OfficeDatabaseAddress {
  const parsed = parseOfficeDatabaseUrl(url, { password: 'allowed' });
  if (!parsed.ok) throw new Error(`${url}: ${parsed.problem}`);
  return parsed.value;
}

/** A logger that keeps its entries, for tests that check what the admin reads. */
export function recordingLogger(): { logger: Logger; entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  return { logger: new JsonLineLogger((_line, entry) => entries.push(entry), 'debug'), entries };
}

/** An office database of a test, closed when the test's cleanup runs (push its close into afterEach). */
export function officeDatabaseOf(
  url: string,
  o: { logger?: Logger; timeoutMs?: number; poolSize?: number } = {},
): { db: OfficeDatabase; entries: LogEntry[] } {
  const recorded = recordingLogger();
  const db = new OfficeDatabase({
    address: officeAddress(url),
    logger: o.logger ?? recorded.logger,
    timeoutMs: o.timeoutMs ?? 10_000,
    ...(o.poolSize ? { poolSize: o.poolSize } : {}),
  });
  return { db, entries: recorded.entries };
}

/** One station of a test: its own pool, its row and heartbeat, its holds and claims. */
export interface TestStation {
  db: OfficeDatabase;
  station: OfficeStation;
  holds: OfficeHolds;
  claims: OfficeFolderClaims;
  entries: LogEntry[];
  close(): Promise<void>;
}

export async function joinTestStation(
  url: string,
  id: string,
  o: { lapseSeconds?: number; poolSize?: number } = {},
): Promise<TestStation> {
  const { db, entries } = officeDatabaseOf(url, { poolSize: o.poolSize ?? 2 });
  const { logger } = recordingLogger();
  await db.open();
  const station = new OfficeStation(db, { id, name: `PC ${id}`, lapseSeconds: o.lapseSeconds ?? 60, logger });
  await station.join();
  return {
    db,
    station,
    holds: new OfficeHolds(db, station),
    claims: new OfficeFolderClaims(db, station),
    entries,
    async close() {
      await station.stop();
      await db.close();
    },
  };
}

/** A document in the office's inbox, as a station's intake would put it there (before the storage port). */
export async function addOfficeDocument(
  db: OfficeDatabase,
  o: { id: string; stationId: string; state?: string; metadata?: Record<string, unknown> },
): Promise<void> {
  await db.query(
    `INSERT INTO office_documents (id, station_id, file_name, source_folder, spool_name, size, content_type, sha256,
       arrived_at, updated_at, state, metadata)
     VALUES ($1, $2, $1 || '.pdf', '/scans', $1 || '.pdf', 1000, 'application/pdf', md5($1), clock_timestamp(),
       clock_timestamp(), $3, $4)`,
    [o.id, o.stationId, o.state ?? 'new', JSON.stringify(o.metadata ?? {})],
  );
}

/**
 * Calls `step` until it answers, as a station goes on once the office database is back: an
 * `office.unreachable` is counted and tried again shortly; anything else is thrown.
 */
export async function whenReachable<T>(step: () => Promise<T>, seen: { unreachable: number }): Promise<T> {
  for (;;) {
    try {
      return await step();
    } catch (e) {
      if ((e as { code?: unknown }).code !== 'office.unreachable') throw e;
      seen.unreachable++;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/**
 * A private PostgreSQL for a test file's suite, and its stations: the server starts before the first test
 * and is destroyed after the last; the stations a test joined are closed after it.
 */
export function officeSuite() {
  let server: PrivatePostgres | undefined;
  const stations: TestStation[] = [];
  beforeAll(async () => {
    server = await startPrivatePostgres();
  });
  afterEach(async () => {
    for (const s of stations.splice(0)) await s.close().catch(() => undefined);
  });
  afterAll(async () => {
    await server?.destroy();
  });
  return {
    server(): PrivatePostgres {
      if (!server) throw new Error('the private PostgreSQL is not started yet (use it inside a test)');
      return server;
    },
    async join(url: string, id: string, o: { lapseSeconds?: number } = {}): Promise<TestStation> {
      const s = await joinTestStation(url, id, o);
      stations.push(s);
      return s;
    },
  };
}
