import type { OfficeStatus } from '../../../shared/domain/office-status';
import type { OfficeClient } from './office-client';

/** The states of a document that waits for a clerk (new, tagged) or to be fixed (failed). */
export const WAITING_STATES = ['new', 'tagged', 'failed'] as const;

/**
 * What a supervisor asks of the office (issue #50 item 6), beside the counts of office-status.ts: where the
 * waiting documents come from and what they are, each group with its oldest, and who sent how many today.
 * Read as the office's storage writes the tables (postgres-document-storage.ts), in the caller's transaction.
 */
export async function readSupervisorView(
  c: OfficeClient,
): Promise<Pick<OfficeStatus, 'waitingByFolder' | 'waitingByType' | 'sentToday'>> {
  const byFolder = await c.query<{ folder: string; waiting: string; oldest: Date }>(
    `SELECT source_folder AS folder, count(*) AS waiting, min(arrived_at) AS oldest
     FROM office_documents WHERE state = ANY($1)
     GROUP BY source_folder ORDER BY oldest, folder`,
    [WAITING_STATES],
  );
  const byType = await c.query<{ document_type: string | null; waiting: string; oldest: Date }>(
    `SELECT nullif(btrim(metadata->>'documentTypeCode'), '') AS document_type, count(*) AS waiting,
            min(arrived_at) AS oldest
     FROM office_documents WHERE state = ANY($1)
     GROUP BY 1 ORDER BY oldest, document_type NULLS FIRST`,
    [WAITING_STATES],
  );
  return {
    waitingByFolder: byFolder.rows.map((r) => ({
      folder: r.folder,
      waiting: Number(r.waiting),
      oldest: r.oldest.toISOString(),
    })),
    waitingByType: byType.rows.map((r) => ({
      documentType: r.document_type,
      waiting: Number(r.waiting),
      oldest: r.oldest.toISOString(),
    })),
    sentToday: await sentToday(c),
  };
}

/**
 * Documents sent today by clerk. Sent: the document's upload (its history entry in state `uploaded`; an
 * archived document was uploaded first) falls on today. Its clerk: who sent it, the clerk of its last
 * `submitted` or `retry` entry before that upload (the station that uploaded it may be another, and its
 * clerk did nothing). Today: from midnight of the database's day (`date_trunc` in the session's TimeZone,
 * which is the database's setting: node-postgres sets none), so every station counts the same day; the
 * entries' times are the stations' own, as the history shows them. A database older stations keep at an
 * earlier schema step has no clerk column: its documents are counted, their clerk not recorded.
 */
async function sentToday(c: OfficeClient): Promise<OfficeStatus['sentToday']> {
  const day = await officeDay(c);
  const since = new Date(day.since);
  const clerk = (await clerkRecorded(c))
    ? `(SELECT s.clerk FROM office_history s
          WHERE s.document_id = u.document_id AND s.code IN ('submitted', 'retry') AND s.id < u.id
          ORDER BY s.id DESC LIMIT 1)`
    : 'NULL::text';
  const { rows } = await c.query<{ clerk: string | null; sent: string }>(
    `WITH uploads AS (
       SELECT DISTINCT ON (u.document_id) u.document_id, ${clerk} AS clerk
       FROM office_history u
       WHERE u.state = 'uploaded' AND u.at >= $1
       ORDER BY u.document_id, u.id DESC)
     SELECT clerk, count(*) AS sent FROM uploads GROUP BY clerk ORDER BY count(*) DESC, clerk NULLS LAST`,
    [since],
  );
  const byClerk = rows.map((r) => ({ clerk: r.clerk, sent: Number(r.sent) }));
  return { ...day, sent: byClerk.reduce((n, r) => n + r.sent, 0), byClerk };
}

/** Today as the database counts it: the start of its day and its time zone (nothing sent yet). */
export async function officeDay(c: OfficeClient): Promise<OfficeStatus['sentToday']> {
  const { rows } = await c.query<{ since: Date; time_zone: string }>(
    `SELECT date_trunc('day', clock_timestamp()) AS since, current_setting('TimeZone') AS time_zone`,
  );
  const row = rows[0];
  if (!row) throw new Error('the database did not say its day');
  return { since: row.since.toISOString(), timeZone: row.time_zone, sent: 0, byClerk: [] };
}

/**
 * Whether history entries name their clerk (`office_history.clerk`, schema step 3): asked of the table itself
 * rather than of the step's number, which a later merge of schema steps may move.
 */
async function clerkRecorded(c: OfficeClient): Promise<boolean> {
  const { rowCount } = await c.query(
    `SELECT 1 FROM pg_attribute
     WHERE attrelid = to_regclass('office_history') AND attname = 'clerk' AND NOT attisdropped`,
  );
  return rowCount === 1;
}
