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
   * Registers the station (or finds its row again after a restart, and frees the documents its clerk had
   * open in its last run). Throws office.* when unreachable.
   */
  async join(): Promise<void> {
    await this.db.transaction(async (c) => {
      await c.query(
        `INSERT INTO office_stations (id, name) VALUES ($1, $2)
         ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, started_at = clock_timestamp(), last_seen = clock_timestamp()`,
        [this.o.id, this.o.name],
      );
      await endHoldsOfLastRun(c, this.o.id);
    });
  }

  /** One heartbeat: this station is alive, and what it holds lasts another lapse. */
  async beat(): Promise<void> {
    await this.db.transaction(async (c) => {
      await c.query('UPDATE office_stations SET last_seen = clock_timestamp() WHERE id = $1', [this.o.id]);
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
