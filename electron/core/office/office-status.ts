import type { OfficeStatus } from '../../../shared/domain/office-status';
import type { OfficeClient } from './office-client';
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
    // Whose lapse: the station's own (schema step 6 writes it at each join), as the others judge it gone.
    const lapse = (await lapseRecorded(c)) ? 'coalesce(s.lapse_seconds, $1)' : '$1';
    const taken = lapse === '$1' ? '0' : 'count(*) FILTER (WHERE d.taken_from = s.id AND d.taken_at >= s.last_seen)';
    const stations = await c.query<{
      id: string;
      name: string;
      last_seen: Date;
      alive: boolean;
      queued: string;
      taken_over: string;
    }>(
      `SELECT s.id, s.name, s.last_seen, s.last_seen > clock_timestamp() - make_interval(secs => ${lapse}) AS alive,
              count(*) FILTER (WHERE d.station_id = s.id AND d.state IN ('queued', 'uploading')) AS queued,
              ${taken} AS taken_over
       FROM office_stations s
       LEFT JOIN office_documents d ON d.station_id = s.id OR ${lapse === '$1' ? 'false' : 'd.taken_from = s.id'}
       GROUP BY s.id ORDER BY s.name, s.id`,
      [o.lapseSeconds],
    );
    status.stations = stations.rows.map((r) => ({
      id: r.id,
      name: r.name,
      lastSeen: r.last_seen.toISOString(),
      alive: r.alive,
      queued: Number(r.queued),
      takenOver: Number(r.taken_over),
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

/** Whether stations write their lapse in their row (schema step 6), asked of the table as clerkRecorded does. */
async function lapseRecorded(c: OfficeClient): Promise<boolean> {
  const { rowCount } = await c.query(
    `SELECT 1 FROM pg_attribute
     WHERE attrelid = to_regclass('office_stations') AND attname = 'lapse_seconds' AND NOT attisdropped`,
  );
  return rowCount === 1;
}
