import type { DocumentState } from '../../../shared/domain/document';
import type { Metadata } from '../../../shared/domain/metadata';
import type { OfficeDatabase } from './office-database';
import type { OfficeStation } from './office-station';
import { OFFICE_DOCUMENTS_CHANNEL } from './postgres-document-storage';

/** A clerk's hold on one document: what their later writes name, so a lapsed and retaken hold writes nothing. */
export interface DocumentHold {
  documentId: string;
  holdId: string;
  stationId: string;
  clerk: string;
  since: string;
}

/** Who has a document open, as the other clerks see it. */
export interface HeldBy {
  stationId: string;
  stationName: string;
  clerk: string;
  since: string;
}

export type TakeOutcome =
  | { taken: true; hold: DocumentHold }
  | { taken: false; reason: 'held'; heldBy: HeldBy }
  | { taken: false; reason: 'not_waiting'; state: string }
  | { taken: false; reason: 'not_found' }
  /** Freed or lapsed between the attempt and the look: try again. */
  | { taken: false; reason: 'changed' };

export type SaveOutcome =
  | { saved: true; version: number }
  | { saved: false; reason: 'held'; heldBy: HeldBy }
  | { saved: false; reason: 'not_held' | 'not_found' };

/**
 * The states a clerk may take a document in: waiting for tagging (new, tagged and not yet submitted) or
 * failed and waiting to be fixed. A queued or sent document is no one's to change.
 */
export const TAKEABLE_STATES = ['new', 'tagged', 'failed'] as const satisfies readonly DocumentState[];

/**
 * A take or leave commits without waiting for its WAL record to reach the disk (synchronous_commit off for
 * that one statement's transaction; the WAL writer flushes it within a few hundred ms). A hold is the
 * window's, not the office's record: lost with a server crash in those ms, the document is free as after a
 * lapse (a change goes through as to any free document; another clerk who takes it first is named, and the
 * change refused; opening it again takes it); a document's own changes still commit durably. Waiting for
 * the flush made every take queue behind the others' at 20 stations at once, since commits that NOTIFY are
 * serialised (docs/benchmarks.md, "Taking a document").
 * A CTE the statement's FROM names, so it runs once, before the commit it applies to.
 */
const HOLD_COMMIT = `hold_commit AS (SELECT set_config('synchronous_commit', 'off', true))`;

/**
 * The office inbox's holds (issue #50 item 3): opening a document to tag takes it (the others see who has
 * it), leaving it frees it, and a gone station's hold lapses (office-station.ts renews a live one). Each
 * step is one conditional UPDATE on the document's row: PostgreSQL lets one of two clerks taking the same
 * document at once through and re-checks the other's condition against the row the first wrote, so the
 * second finds it held. A clerk's change names their hold and is written only while that hold stands: two
 * clerks never change one document.
 */
export class OfficeHolds {
  constructor(
    private readonly db: OfficeDatabase,
    private readonly station: OfficeStation,
  ) {}

  /**
   * Takes the document for `clerk` on this station: free, lapsed, or already theirs here (then the same
   * hold, so a second window of theirs, or a retry after a lost answer, goes on with it).
   */
  async take(documentId: string, clerk: string): Promise<TakeOutcome> {
    // The take and its notice are one statement (one commit): every station's window hears who has it
    // (office-changes.ts) as the take commits, and nothing when it was refused. Committed without waiting
    // for the WAL flush (HOLD_COMMIT).
    const { rows } = await this.db.query<{ hold_id: string; held_since: Date }>(
      `WITH ${HOLD_COMMIT}, taken AS (UPDATE office_documents SET
         hold_id = CASE WHEN held_by_station = $2 AND held_by_clerk = $3 AND hold_expires_at > clock_timestamp()
                        THEN hold_id ELSE gen_random_uuid() END,
         held_since = CASE WHEN held_by_station = $2 AND held_by_clerk = $3 AND hold_expires_at > clock_timestamp()
                           THEN held_since ELSE clock_timestamp() END,
         held_by_station = $2,
         held_by_clerk = $3,
         hold_expires_at = clock_timestamp() + make_interval(secs => $4)
       WHERE id = $1
         AND state = ANY($5)
         AND (hold_id IS NULL OR hold_expires_at <= clock_timestamp() OR (held_by_station = $2 AND held_by_clerk = $3))
       RETURNING hold_id, held_since)
       SELECT hold_id, held_since, pg_notify($6, $7) FROM taken, hold_commit`,
      [documentId, this.station.id, clerk, this.station.lapseSeconds, TAKEABLE_STATES, ...this.notice(documentId)],
    );
    const row = rows[0];
    if (row)
      return {
        taken: true,
        hold: {
          documentId,
          holdId: row.hold_id,
          stationId: this.station.id,
          clerk,
          since: row.held_since.toISOString(),
        },
      };
    return this.whyNot(documentId);
  }

  /** Frees the document, if this hold still has it. */
  async leave(hold: DocumentHold): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `WITH ${HOLD_COMMIT}, freed AS (UPDATE office_documents SET hold_id = NULL, held_by_station = NULL,
         held_by_clerk = NULL, held_since = NULL, hold_expires_at = NULL
       WHERE id = $1 AND hold_id = $2 RETURNING id)
       SELECT pg_notify($3, $4) FROM freed, hold_commit`,
      [hold.documentId, hold.holdId, ...this.notice(hold.documentId)],
    );
    return rowCount === 1;
  }

  /** The documents' channel and a change notice from this station (postgres-document-storage.ts told()). */
  private notice(documentId: string): [string, string] {
    return [OFFICE_DOCUMENTS_CHANNEL, JSON.stringify({ id: documentId, station: this.station.id })];
  }

  /**
   * Writes the clerk's metadata, only while their hold stands (not lapsed, not taken by another): a clerk
   * whose station was cut off and whose document another clerk took meanwhile is told who has it.
   */
  async saveMetadata(hold: DocumentHold, metadata: Metadata): Promise<SaveOutcome> {
    const { rows } = await this.db.query<{ version: number }>(
      `UPDATE office_documents SET metadata = $3, version = version + 1, updated_at = clock_timestamp()
       WHERE id = $1 AND hold_id = $2 AND hold_expires_at > clock_timestamp()
       RETURNING version`,
      [hold.documentId, hold.holdId, JSON.stringify(metadata)],
    );
    const row = rows[0];
    if (row) return { saved: true, version: row.version };
    const why = await this.whyNot(hold.documentId);
    if (why.reason === 'not_found') return { saved: false, reason: 'not_found' };
    if (why.reason === 'held') return { saved: false, reason: 'held', heldBy: why.heldBy };
    return { saved: false, reason: 'not_held' };
  }

  /** Who holds it now, for a take or a save that was refused. */
  async heldBy(documentId: string): Promise<HeldBy | undefined> {
    const why = await this.whyNot(documentId);
    return why.reason === 'held' ? why.heldBy : undefined;
  }

  private async whyNot(documentId: string): Promise<Exclude<TakeOutcome, { taken: true }>> {
    const { rows } = await this.db.query<{
      state: string;
      held_by_station: string | null;
      station_name: string | null;
      held_by_clerk: string | null;
      held_since: Date | null;
      live: boolean;
    }>(
      `SELECT d.state, d.held_by_station, s.name AS station_name, d.held_by_clerk, d.held_since,
              (d.hold_expires_at > clock_timestamp()) AS live
       FROM office_documents d LEFT JOIN office_stations s ON s.id = d.held_by_station
       WHERE d.id = $1`,
      [documentId],
    );
    const row = rows[0];
    if (!row) return { taken: false, reason: 'not_found' };
    if (!(TAKEABLE_STATES as readonly string[]).includes(row.state))
      return { taken: false, reason: 'not_waiting', state: row.state };
    if (row.held_by_station && row.held_by_clerk && row.held_since && row.live)
      return {
        taken: false,
        reason: 'held',
        heldBy: {
          stationId: row.held_by_station,
          stationName: row.station_name ?? row.held_by_station,
          clerk: row.held_by_clerk,
          since: row.held_since.toISOString(),
        },
      };
    return { taken: false, reason: 'changed' };
  }
}
