import { z } from 'zod';

/**
 * What is at a watched folder's path, as Settings shows it at the folder: a folder Intake Desk can read,
 * nothing (missing: a share not mounted, a typo), something that is not a folder, a folder it may not read, or a
 * link (symbolic link, junction) to a folder, which the watcher does not follow: the folder itself is to be named.
 */
export const FolderStateSchema = z.enum(['folder', 'missing', 'not_a_folder', 'unreadable', 'link']);
export type FolderState = z.infer<typeof FolderStateSchema>;

/** A station whose heartbeat is in a shared folder's `.intake/stations/` (docs/deployment.md, "Shared scan folders"). */
export const SharedStationSchema = z.object({
  station: z.string(),
  host: z.string(),
  version: z.string(),
  /** The station's own clock when it last wrote its heartbeat. */
  lastBeat: z.string(),
});
export type SharedStation = z.infer<typeof SharedStationSchema>;

export const FolderInspectionSchema = z.object({
  /** The path as the watcher resolves it (absolute). */
  path: z.string(),
  state: FolderStateSchema,
  /** Set when the folder is shared by several stations: those whose heartbeats it holds. */
  shared: z.object({ stations: z.array(SharedStationSchema) }).optional(),
  /**
   * Set when stations cannot claim files here and take them in place (one station per folder only):
   * `read_only` (this station may not make `.intake/` in it), `not_a_folder` (`.intake` is a file or a link).
   */
  inPlace: z.enum(['read_only', 'not_a_folder']).optional(),
});
export type FolderInspection = z.infer<typeof FolderInspectionSchema>;
