import type { OfficeStatus } from '../../../shared/domain/office-status';
import type { OfficeDatabase } from './office-database';
import { OFFICE_SCHEMA_VERSION, officeSchemaVersion } from './office-migrations';
import { officeDay, readSupervisorView, WAITING_STATES } from './supervisor-view';

export type { OfficeStatus } from '../../../shared/domain/office-status';

/**
 * The office database as an admin (`intake-agent status --office`) and a supervisor (the office screen) see
 * it (shared/domain/office-status.ts); read only, never migrates, in one transaction (one snapshot's counts
 * per statement, READ COMMITTED).
 */
export async function readOfficeStatus(db: OfficeDatabase, o: { lapseSeconds: number }): Promise<OfficeStatus> {
  return db.transaction(async (c) => {
    const schemaVersion = await officeSchemaVersion(c);
    const status: OfficeStatus = {
      schemaVersion,
      knownVersion: OFFICE_SCHEMA_VERSION,
      stations: [],
      documents: { waiting: 0, held: 0, queued: 0 },
      waitingByFolder: [],
      waitingByType: [],
      sentToday: await officeDay(c),
    };
    if (schemaVersion === 0) return status;
    const stations = await c.query<{ id: string; name: string; last_seen: Date; alive: boolean }>(
      `SELECT id, name, last_seen, last_seen > clock_timestamp() - make_interval(secs => $1) AS alive
       FROM office_stations ORDER BY name, id`,
      [o.lapseSeconds],
    );
    status.stations = stations.rows.map((r) => ({
      id: r.id,
      name: r.name,
      lastSeen: r.last_seen.toISOString(),
      alive: r.alive,
    }));
    const counts = await c.query<{ waiting: string; held: string; queued: string; oldest: Date | null }>(
      `SELECT count(*) FILTER (WHERE state = ANY($1)) AS waiting,
              count(*) FILTER (WHERE state = ANY($1) AND hold_expires_at > clock_timestamp()) AS held,
              count(*) FILTER (WHERE state IN ('queued', 'uploading')) AS queued,
              min(arrived_at) FILTER (WHERE state = ANY($1)) AS oldest
       FROM office_documents`,
      [WAITING_STATES],
    );
    const row = counts.rows[0];
    status.documents = {
      waiting: Number(row?.waiting ?? 0),
      held: Number(row?.held ?? 0),
      queued: Number(row?.queued ?? 0),
      ...(row?.oldest ? { oldestWaiting: row.oldest.toISOString() } : {}),
    };
    return { ...status, ...(await readSupervisorView(c)) };
  });
}
