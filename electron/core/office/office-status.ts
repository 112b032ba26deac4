import type { OfficeDatabase } from './office-database';
import { OFFICE_SCHEMA_VERSION, officeSchemaVersion } from './office-migrations';

/** The office database as an admin (and `intake-agent status --office`) sees it; read only, never migrates. */
export interface OfficeStatus {
  /** The database's schema step; 0 when no station has opened it yet. */
  schemaVersion: number;
  /** The step this Intake Desk brings a database to. */
  knownVersion: number;
  /** Every station that joined, with its last heartbeat on the server's clock and whether it is within the lapse. */
  stations: Array<{ id: string; name: string; lastSeen: string; alive: boolean }>;
  documents: {
    /** Waiting for a clerk (new, tagged) or to be fixed (failed). */
    waiting: number;
    /** Of those, open at a clerk's now (a hold not lapsed). */
    held: number;
    queued: number;
    /** The oldest waiting document's arrival. */
    oldestWaiting?: string;
  };
}

export async function readOfficeStatus(db: OfficeDatabase, o: { lapseSeconds: number }): Promise<OfficeStatus> {
  return db.transaction(async (c) => {
    const schemaVersion = await officeSchemaVersion(c);
    const status: OfficeStatus = {
      schemaVersion,
      knownVersion: OFFICE_SCHEMA_VERSION,
      stations: [],
      documents: { waiting: 0, held: 0, queued: 0 },
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
      `SELECT count(*) FILTER (WHERE state IN ('new', 'tagged', 'failed')) AS waiting,
              count(*) FILTER (WHERE state IN ('new', 'tagged', 'failed') AND hold_expires_at > clock_timestamp()) AS held,
              count(*) FILTER (WHERE state IN ('queued', 'uploading')) AS queued,
              min(arrived_at) FILTER (WHERE state IN ('new', 'tagged', 'failed')) AS oldest
       FROM office_documents`,
    );
    const row = counts.rows[0];
    status.documents = {
      waiting: Number(row?.waiting ?? 0),
      held: Number(row?.held ?? 0),
      queued: Number(row?.queued ?? 0),
      ...(row?.oldest ? { oldestWaiting: row.oldest.toISOString() } : {}),
    };
    return status;
  });
}
