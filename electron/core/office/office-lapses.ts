import type { OfficeClient } from './office-client';
import { OFFICE_DOCUMENTS_CHANNEL } from './postgres-document-storage';

/**
 * Ends the holds that lapsed (their station stopped beating), each with a notice, so the other clerks'
 * windows show the document free as it happens rather than at their next look. Called with each heartbeat
 * of every live station (office-station.ts); one of them ends each hold, the others find it ended. The
 * notice names the gone station as the one that changed it: every live station, the sweeping one too,
 * reads it again (each leaves out only its own changes).
 */
export async function endLapsedHolds(db: OfficeClient): Promise<number> {
  const { rowCount } = await db.query(
    `WITH lapsed AS (
       UPDATE office_documents d SET hold_id = NULL, held_by_station = NULL, held_by_clerk = NULL,
         held_since = NULL, hold_expires_at = NULL
       FROM (SELECT id, held_by_station FROM office_documents
             WHERE held_by_station IS NOT NULL AND hold_expires_at <= clock_timestamp() FOR UPDATE SKIP LOCKED) o
       WHERE d.id = o.id
       RETURNING d.id, o.held_by_station AS was)
     SELECT pg_notify($1, json_build_object('id', id, 'station', was)::text) FROM lapsed`,
    [OFFICE_DOCUMENTS_CHANNEL],
  );
  return rowCount ?? 0;
}

/**
 * A station starting again holds nothing of its last run: what its clerk had open when it was killed (or
 * switched off) is freed at its join, with a notice, rather than renewed by its new heartbeat forever with
 * no one on it. The new window takes again what its clerk opens.
 */
export async function endHoldsOfLastRun(db: OfficeClient, stationId: string): Promise<number> {
  const { rowCount } = await db.query(
    `WITH freed AS (
       UPDATE office_documents SET hold_id = NULL, held_by_station = NULL, held_by_clerk = NULL,
         held_since = NULL, hold_expires_at = NULL
       WHERE held_by_station = $2 RETURNING id)
     SELECT pg_notify($1, json_build_object('id', id, 'station', $2::text)::text) FROM freed`,
    [OFFICE_DOCUMENTS_CHANNEL, stationId],
  );
  return rowCount ?? 0;
}
