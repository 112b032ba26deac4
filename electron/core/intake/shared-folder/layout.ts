import { join, sep } from 'node:path';

/**
 * A watched folder is shared by several stations once it holds this folder (docs/intake-pipeline.md,
 * "Several stations, one folder"). Its name starts with a dot, so the watcher never takes it as a scan.
 */
export const SHARED_DIR = '.intake';

/** Where one station's part of the protocol lives on the share. */
export interface SharedLayout {
  root: string;
  base: string;
  /** Files this station won by rename and will work on soon: another station may take them over. */
  claimed: string;
  /** Files this station committed to (the commit point): its own until uploaded, never taken over. */
  taken: string;
  stations: string;
  beat: string;
  /** The folder's own identity (a UUID written once), the same from every station whatever its mount path. */
  folderId: string;
}

export function sharedLayout(root: string, station: string): SharedLayout {
  const base = join(root, SHARED_DIR);
  return {
    root,
    base,
    claimed: join(base, 'claimed', station),
    taken: join(base, 'taken', station),
    stations: join(base, 'stations'),
    beat: join(base, 'stations', `${station}.json`),
    folderId: join(base, 'folder-id'),
  };
}

export const claimedOf = (base: string, station: string): string => join(base, 'claimed', station);

/** A path inside the share's `.intake/` (never a scan, never counted as waiting). */
export function isInSharedDir(root: string, path: string): boolean {
  const dir = join(root, SHARED_DIR);
  return path === dir || path.startsWith(dir + sep);
}
