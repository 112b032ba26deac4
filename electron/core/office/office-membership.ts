import { mkdir } from 'node:fs/promises';
import { hostname } from 'node:os';
import type { OfficeDatabaseAddress } from '../../../shared/domain/office';
import { parseOfficeDatabaseUrl } from '../../../shared/domain/office';
import type { Settings } from '../../../shared/domain/settings';
import type { SecretStore } from '../secrets/secret-store';
import { officePasswordFor, OfficePasswordStore } from '../secrets/office-password';
import { GrowingPause } from '../util/growing-pause';
import type { Logger } from '../util/logger';
import { PRIVATE_DIR_MODE } from '../util/private-files';
import { stationIdOf } from '../intake/shared-folder/station-id';
import { OfficeDatabase } from './office-database';
import { classifyOfficeFailure } from './office-reachability';
import { OfficeStation } from './office-station';

/** What `intake-agent status` and the status file say of the office database (station-status.ts). */
export interface OfficeState {
  database: string;
  state: 'connecting' | 'connected' | 'unreachable' | 'refused';
  since?: string;
  reason?: string;
}

/**
 * A station's part in the office (issue #50): its pool, its row and heartbeat. The station starts whether
 * or not the database answers: until it has joined (schema brought up to date, its row written), nothing
 * is claimed (`joined` waits), and joining is tried again with a growing pause, by itself, until it works.
 */
export class OfficeMembership {
  readonly db: OfficeDatabase;
  readonly station: OfficeStation;
  /** Resolves once the station has joined the office; never rejects (a fault of ours is logged, and tried again). */
  readonly joined: Promise<void>;
  private closed = false;
  private wake: (() => void) | undefined;
  /** Tries to join that failed in a row (0 once joined): `intake-agent run --once` gives up after enough. */
  failedJoins = 0;

  private constructor(
    o: { address: OfficeDatabaseAddress; password?: string; lapseSeconds?: number; logger: Logger; name: string },
    id: string,
    retry: { firstMs: number; maxMs: number },
  ) {
    this.db = new OfficeDatabase({
      address: o.address,
      ...(o.password !== undefined ? { password: o.password } : {}),
      logger: o.logger,
    });
    this.station = new OfficeStation(this.db, {
      id,
      name: o.name,
      ...(o.lapseSeconds !== undefined ? { lapseSeconds: o.lapseSeconds } : {}),
      logger: o.logger,
    });
    this.joined = this.join(o.logger, retry);
  }

  static async start(o: {
    address: OfficeDatabaseAddress;
    password?: string;
    lapseSeconds?: number;
    /** The station's data folder: its lasting id is the one the rename protocol uses too (station-id.ts). */
    dataDir: string;
    /** What the other stations see: the PC's name. */
    name: string;
    logger: Logger;
    retry?: { firstMs: number; maxMs: number };
  }): Promise<OfficeMembership> {
    // Its first start: the data folder is made here, before the pipeline makes it private (the same mode).
    await mkdir(o.dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
    return new OfficeMembership(o, await stationIdOf(o.dataDir), o.retry ?? { firstMs: 1_000, maxMs: 30_000 });
  }

  private async join(logger: Logger, retry: { firstMs: number; maxMs: number }): Promise<void> {
    const pause = new GrowingPause(retry);
    this.wake = () => pause.wake();
    while (!this.closed) {
      try {
        await this.db.open();
        await this.station.join();
        if (this.closed) return;
        this.station.start();
        this.failedJoins = 0;
        logger.info('joined the office database', { database: this.db.label, station: this.station.id });
        return;
      } catch (e) {
        this.failedJoins++;
        // Out of reach or refused is said once by the database; anything else is ours and said here.
        if (!classifyOfficeFailure(e)) logger.error('could not join the office database', { error: e });
      }
      await pause.wait();
    }
  }

  state(): OfficeState {
    const r = this.db.reachability();
    return {
      database: this.db.label,
      state: r.state,
      ...('since' in r ? { since: r.since } : {}),
      ...('reason' in r ? { reason: r.reason } : {}),
    };
  }

  /**
   * After the pipeline stopped (nothing claims any more): the heartbeat ends, the pool closes. Not waiting
   * for a join under way: a server that does not answer would hold the station's stop for its timeout.
   */
  async close(): Promise<void> {
    this.closed = true;
    this.wake?.();
    await this.station.stop();
    await this.db.close();
  }
}

/**
 * The office a station works with, from `address` (the agent's --office-database) or the settings'
 * `office.database`; undefined when neither names one. The password: the URL's, `envPassword`
 * ($INTAKE_OFFICE_PASSWORD), else the keychain's for that address (a keychain that cannot be read is said,
 * and the server decides).
 */
export async function officeMembershipOf(o: {
  address?: OfficeDatabaseAddress;
  settings: Pick<Settings, 'office'>;
  envPassword?: string;
  secrets: () => SecretStore;
  dataDir: string;
  logger: Logger;
  /** What the other stations see; default the PC's name. */
  name?: string;
}): Promise<OfficeMembership | undefined> {
  let address = o.address;
  if (!address && o.settings.office) {
    const parsed = parseOfficeDatabaseUrl(o.settings.office.database, { password: 'refused' });
    // The settings' checks named the mistake at the field already; the station keeps to itself, and says so.
    if (!parsed.ok) {
      o.logger.error('office database not used: its URL in the settings is invalid', { problem: parsed.problem });
      return undefined;
    }
    address = parsed.value;
  }
  if (!address) return undefined;
  let password: string | undefined;
  try {
    password = (
      await officePasswordFor(address, {
        envPassword: o.envPassword,
        keychain: () => new OfficePasswordStore(o.secrets()),
      })
    ).password;
  } catch (e) {
    o.logger.warn('office database: the keychain cannot be read; connecting without a stored password', {
      error: e,
    });
  }
  const lapseSeconds = o.settings.office?.lapseSeconds;
  return OfficeMembership.start({
    address,
    ...(password !== undefined ? { password } : {}),
    ...(lapseSeconds !== undefined ? { lapseSeconds } : {}),
    dataDir: o.dataDir,
    name: o.name ?? hostname(),
    logger: o.logger.child({ part: 'office' }),
  });
}
