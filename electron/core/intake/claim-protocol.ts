import type { StableVerdict } from './stability/stability-tracker';
import type { InPlaceReason, SharedFolderConfig, SharedFolderHooks, StationView } from './shared-folder/shared-folder';
import { SharedFolder } from './shared-folder/shared-folder';

/**
 * How a station that shares a watched folder with other stations claims its files, chosen once when the
 * station is put together (intake-pipeline.ts) and given to every hot folder: by renames on the share (the
 * rename protocol, shared-folder/; stations that share only a folder) or through the office database (one
 * row per file, office/office-claimed-folder.ts; stations with `office.database`, issue #50 item 4). The hot
 * folder knows neither: it hands each stable file to `take` and delivers what the protocol hands back.
 */
export interface ClaimProtocol {
  /**
   * The folder's claimed part, or why the folder is taken in place. `create`: claim from a folder nobody
   * claims from yet (the default; false only where the admin opted out).
   */
  join(
    root: string,
    hooks: SharedFolderHooks,
    create: boolean,
  ): Promise<ClaimedFolder | { inPlace: InPlaceReason; detail?: string }>;
}

/** One watched folder whose files this station claims before its queue takes them. */
export interface ClaimedFolder {
  /** This station's id, for the document's history ("arrived at station …"). */
  readonly stationId: string;
  /** The folder's identity for scan keys, the same from every station (its `.intake/folder-id`). */
  readonly folderIdentity: string;
  /** Files claimed and not yet with the queue (`agent --once` waits for them). */
  readonly pending: number;
  /** The stations seen working this folder, this one first. */
  stations(): StationView[];
  start(): Promise<void>;
  /** No new claims; what is under way finishes; claims not worked on are given back. */
  stop(): Promise<void>;
  /**
   * A stable file (relative path `rel`): claimed, and handed to the queue once it is this station's. 'done'
   * once it is taken, by this station or another; 'again' when it cannot be decided now.
   */
  take(rel: string, seen?: { size: number; mtimeMs: number }): Promise<StableVerdict>;
}

/** The rename protocol: claims by renames into `.intake/claimed/` and heartbeats on the share. */
export function renameProtocol(config: SharedFolderConfig): ClaimProtocol {
  return { join: (root, hooks, create) => SharedFolder.join(root, config, hooks, create) };
}
