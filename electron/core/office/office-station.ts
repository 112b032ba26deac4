import { DEFAULT_OFFICE_LAPSE_SECONDS } from '../../../shared/domain/office';
import type { Logger } from '../util/logger';
import type { OfficeDatabase } from './office-database';
import { endHoldsOfLastRun, endLapsedHolds } from './office-lapses';

export interface OfficeStationOptions {
  /** This station's lasting id (its data folder's, intake/shared-folder/station-id.ts). */
  id: string;
  /** What the others see: the PC's name. */
  name: string;
  /** Seconds of silence after which this station's holds and claims lapse (settings office.lapseSeconds). */
  lapseSeconds?: number;
  logger: Logger;
}

/**
 * One station in the office database: its row, and the heartbeat that keeps what it holds its own. Every
 * beat sets `last_seen` and moves the end of this station's holds (documents its clerks have open) and
 * claims (scans it is taking) to a lapse from now, on the server's clock. A station that stops (killed,
 * switched off, cut from the network) stops beating: a lapse later, the others may take what it held. A
 * beat that fails is recorded by the database's reachability (said once) and tried again at the next one.
 */
export class OfficeStation {
  readonly lapseSeconds: number;
  private timer: NodeJS.Timeout | undefined;
  private beating: Promise<void> | undefined;

  constructor(
    private readonly db: OfficeDatabase,
    private readonly o: OfficeStationOptions,
  ) {
    this.lapseSeconds = o.lapseSeconds ?? DEFAULT_OFFICE_LAPSE_SECONDS;
  }

  get id(): string {
    return this.o.id;
  }

  /**
   * Registers the station (or finds its row again after a restart), with its lapse: the others judge it gone
   * by its own lapse (office-migrations.ts step 6); and frees the documents its clerk had open in its last
   * run. A station coming back after the others took over documents of its queue while it was silent
   * (postgres-document-storage.ts takeOverDue) says so once, at info: they are no longer its own, and its
   * queue neither sends nor counts them. Throws office.* when unreachable.
   */
  async join(): Promise<{ takenOverWhileAway: number }> {
    const before = await this.db.transaction(async (c) => {
      // The row as it was before this statement (one snapshot): when the station was last heard of.
      const { rows } = await c.query<{ before: Date | null }>(
        `WITH before AS (SELECT last_seen FROM office_stations WHERE id = $1)
         INSERT INTO office_stations (id, name, lapse_seconds) VALUES ($1, $2, $3)
         ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, lapse_seconds = EXCLUDED.lapse_seconds,
           started_at = clock_timestamp(), last_seen = clock_timestamp()
         RETURNING (SELECT last_seen FROM before) AS before`,
        [this.o.id, this.o.name, this.lapseSeconds],
      );
      await endHoldsOfLastRun(c, this.o.id);
      return rows[0]?.before ?? undefined;
    });
    if (!before) return { takenOverWhileAway: 0 };
    const taken = await this.db.query<{ taken: string; sent: string }>(
      `SELECT count(*) AS taken, count(*) FILTER (WHERE state IN ('uploaded', 'archived')) AS sent
       FROM office_documents WHERE taken_from = $1 AND taken_at >= $2`,
      [this.o.id, before],
    );
    const takenOver = Number(taken.rows[0]?.taken ?? 0);
    if (takenOver > 0)
      this.o.logger.info('office: while this station was silent, other stations took over documents of its queue', {
        takenOver,
        sent: Number(taken.rows[0]?.sent ?? 0),
        silentSince: before.toISOString(),
      });
    return { takenOverWhileAway: takenOver };
  }

  /**
   * One heartbeat: this station is alive, and what it holds lasts another lapse. A beat that finds the last
   * one older than the lapse (the process was frozen, the server out of reach) says so, at warn: meanwhile
   * the others judged this station gone and may have taken over its queued documents (they are theirs now).
   */
  async beat(): Promise<void> {
    await this.db.transaction(async (c) => {
      const { rows } = await c.query<{ silent_seconds: number | null }>(
        `WITH before AS (SELECT last_seen FROM office_stations WHERE id = $1)
         UPDATE office_stations SET last_seen = clock_timestamp() WHERE id = $1
         RETURNING extract(epoch FROM clock_timestamp() - (SELECT last_seen FROM before))::float8 AS silent_seconds`,
        [this.o.id],
      );
      const silent = rows[0]?.silent_seconds;
      if (silent != null && silent > this.lapseSeconds)
        this.o.logger.warn(
          'office: this station was silent longer than its lapse; others may have taken over its queued documents',
          {
            silentSeconds: Math.round(silent),
            lapseSeconds: this.lapseSeconds,
          },
        );
      await c.query(
        `UPDATE office_documents SET hold_expires_at = clock_timestamp() + make_interval(secs => $2)
         WHERE held_by_station = $1`,
        [this.o.id, this.lapseSeconds],
      );
      await c.query(
        `UPDATE office_folder_files SET claim_expires_at = clock_timestamp() + make_interval(secs => $2)
         WHERE station_id = $1 AND state = 'claimed'`,
        [this.o.id, this.lapseSeconds],
      );
      // Holds of gone stations end now, said to every window (a lapse is otherwise a silent time passing).
      await endLapsedHolds(c);
    });
  }

  /** Beats every quarter lapse until stop(): three beats may fail before anything it holds lapses. */
  start(): void {
    if (this.timer) return;
    const everyMs = Math.max(250, (this.lapseSeconds * 1000) / 4);
    this.timer = setInterval(() => {
      if (this.beating) return; // the last one still waits for the server
      this.beating = this.beat()
        .catch((e: unknown) => {
          // Unreachable or refused is said once by the database; anything else is ours and said here.
          if (!(e instanceof Error && 'code' in e && String(e.code).startsWith('office.')))
            this.o.logger.error('office heartbeat failed', { error: e });
        })
        .finally(() => (this.beating = undefined));
    }, everyMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.beating;
  }
}
