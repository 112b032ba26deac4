import type { OfficeDatabase } from './office-database';
import type { OfficeStation } from './office-station';

/** A scan as a station sees it in a watched folder, before it reads a byte of it. */
export interface FolderFile {
  /** The folder's own identity, the same from every station (intake/shared-folder/folder-id.ts). */
  folderId: string;
  /** Its name relative to the folder, as written on the share. */
  name: string;
  size: number;
  mtimeMs: number;
}

export type ClaimOutcome = 'won' | 'lost';

/**
 * Watched-folder files claimed through the office database (issue #50 item 4), instead of by renames on
 * the share: one row per file (the folder's id and the file's name are its key), made by INSERT … ON
 * CONFLICT, which PostgreSQL decides for one station when several insert the same key at once. The row
 * says who claimed the file and, once the station copied it, that it is taken.
 *
 * A claim is won when there is no row; when the row is this station's own claim (its answer was lost to a
 * restart of the server: it asks again and goes on); when another station's claim lapsed (it stopped
 * beating: killed, cut off, before it took the file); and when the row is a taken file of the same name but
 * another size or modification time (the scanner reused the name for a new scan). The modification time
 * is compared in whole seconds: SMB clients round it differently. Whoever took a file removes its row once
 * the file has left the folder (archived or deleted), `done()`.
 */
export class OfficeFolderClaims {
  constructor(
    private readonly db: OfficeDatabase,
    private readonly station: OfficeStation,
  ) {}

  async claim(file: FolderFile): Promise<ClaimOutcome> {
    const { rowCount } = await this.db.query(
      `INSERT INTO office_folder_files (folder_id, name, size, mtime_s, state, station_id, claim_expires_at)
       VALUES ($1, $2, $3, $4, 'claimed', $5, clock_timestamp() + make_interval(secs => $6))
       ON CONFLICT (folder_id, name) DO UPDATE SET
         size = EXCLUDED.size, mtime_s = EXCLUDED.mtime_s, state = 'claimed', station_id = EXCLUDED.station_id,
         claimed_at = clock_timestamp(), claim_expires_at = EXCLUDED.claim_expires_at, document_id = NULL
       WHERE (office_folder_files.state = 'claimed'
              AND (office_folder_files.station_id = EXCLUDED.station_id
                   OR office_folder_files.claim_expires_at <= clock_timestamp()))
          OR (office_folder_files.state = 'taken'
              AND (office_folder_files.size <> EXCLUDED.size OR office_folder_files.mtime_s <> EXCLUDED.mtime_s))`,
      [
        file.folderId,
        file.name,
        file.size,
        Math.floor(file.mtimeMs / 1000),
        this.station.id,
        this.station.lapseSeconds,
      ],
    );
    return rowCount === 1 ? 'won' : 'lost';
  }

  /**
   * The station has the file's bytes (its document is in the office's queue): the claim becomes a taken
   * file, which no longer lapses. False when the claim was not this station's any more (it lapsed and
   * another station claimed the file): then this station must let its copy go. Asked again for the same
   * document (the answer was lost to a restart of the server) it answers true again.
   */
  async taken(file: FolderFile, documentId: string): Promise<boolean> {
    const { rowCount } = await this.db.query(
      `UPDATE office_folder_files SET state = 'taken', claim_expires_at = NULL, document_id = $4
       WHERE folder_id = $1 AND name = $2 AND station_id = $3
         AND (state = 'claimed' OR (state = 'taken' AND document_id = $4))`,
      [file.folderId, file.name, this.station.id, documentId],
    );
    return rowCount === 1;
  }

  /** Gives a claim back without taking the file (it vanished, or could not be read): others may claim it. */
  async release(file: FolderFile): Promise<void> {
    await this.db.query(
      `DELETE FROM office_folder_files WHERE folder_id = $1 AND name = $2 AND station_id = $3 AND state = 'claimed'`,
      [file.folderId, file.name, this.station.id],
    );
  }

  /** The taken file has left the folder (archived or deleted): its row goes, so the name is free again. */
  async done(file: Pick<FolderFile, 'folderId' | 'name'>): Promise<void> {
    await this.db.query(
      `DELETE FROM office_folder_files WHERE folder_id = $1 AND name = $2 AND station_id = $3 AND state = 'taken'`,
      [file.folderId, file.name, this.station.id],
    );
  }
}

/** A file this station took from a folder: its row stays until the file has left the folder (`done`). */
export interface TakenFile {
  name: string;
  size: number;
  mtimeS: number;
}

/** A station as the folder's claims show it: alive while it beats, and what it holds in this folder. */
export interface FolderStation {
  id: string;
  name: string;
  lastSeen: string;
  alive: boolean;
  claimed: number;
  taken: number;
}

/** What a watched folder's claimed part reads beside the claims: its own taken rows, and the stations. */
export class OfficeFolderLook {
  constructor(
    private readonly db: OfficeDatabase,
    private readonly station: OfficeStation,
  ) {}

  /** The files this station took from the folder whose rows still stand (their files not yet gone). */
  takenHere(folderId: string): Promise<TakenFile[]> {
    return this.rowsHere(folderId, 'taken');
  }

  /** The files this station claimed and had not taken when it stopped (a restart finishes them first). */
  claimedHere(folderId: string): Promise<TakenFile[]> {
    return this.rowsHere(folderId, 'claimed');
  }

  private async rowsHere(folderId: string, state: 'claimed' | 'taken'): Promise<TakenFile[]> {
    const { rows } = await this.db.query<{ name: string; size: string; mtime_s: string }>(
      `SELECT name, size, mtime_s FROM office_folder_files WHERE folder_id = $1 AND station_id = $2 AND state = $3`,
      [folderId, this.station.id, state],
    );
    return rows.map((r) => ({ name: r.name, size: Number(r.size), mtimeS: Number(r.mtime_s) }));
  }

  /** Every station of the office, alive or not (the server's clock), with what it holds in this folder. */
  async stations(folderId: string): Promise<FolderStation[]> {
    const { rows } = await this.db.query<{
      id: string;
      name: string;
      last_seen: Date;
      alive: boolean;
      claimed: string;
      taken: string;
    }>(
      `SELECT s.id, s.name, s.last_seen, s.last_seen > clock_timestamp() - make_interval(secs => $2) AS alive,
         count(f.name) FILTER (WHERE f.state = 'claimed') AS claimed,
         count(f.name) FILTER (WHERE f.state = 'taken') AS taken
       FROM office_stations s LEFT JOIN office_folder_files f ON f.station_id = s.id AND f.folder_id = $1
       GROUP BY s.id, s.name, s.last_seen ORDER BY s.id`,
      [folderId, this.station.lapseSeconds],
    );
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      lastSeen: r.last_seen.toISOString(),
      alive: r.alive,
      claimed: Number(r.claimed),
      taken: Number(r.taken),
    }));
  }
}
