import { constants } from 'node:fs';
import { access, lstat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FolderInspection } from '../../../shared/domain/folders';
import { IntakeError } from '../errors';
import { readBeats } from '../intake/shared-folder/heartbeat';
import { SHARED_DIR } from '../intake/shared-folder/layout';
import type { PartialHandlerTable } from './handler-table';

/**
 * What is at a path typed for a watched folder, resolved as the watcher resolves it. Settings shows the
 * answer at the folder (a missing share, a typo, a file, no permission) instead of a notice elsewhere.
 */
export async function inspectFolder(path: string): Promise<FolderInspection> {
  const absolute = resolve(path);
  try {
    // lstat: the watcher does not follow a link at the folder's own path (hot-folder.ts), so say so here.
    const info = await lstat(absolute);
    if (info.isSymbolicLink()) return { path: absolute, state: 'link' };
    if (!info.isDirectory()) return { path: absolute, state: 'not_a_folder' };
    // The watcher lists the folder and opens its files: it needs read and search permission.
    await access(absolute, constants.R_OK | constants.X_OK);
    return { path: absolute, state: 'folder', ...(await sharedStations(absolute)) };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { path: absolute, state: 'missing' };
    return { path: absolute, state: 'unreadable' };
  }
}

/**
 * A shared folder (it has `.intake/`, not a link): the stations whose heartbeats are there. A folder without
 * it gets one when a station starts on it (every folder claims by default), unless it cannot: say so.
 */
async function sharedStations(folder: string): Promise<Pick<FolderInspection, 'shared' | 'inPlace'>> {
  const dir = join(folder, SHARED_DIR);
  const s = await lstat(dir).catch(() => undefined);
  if (s && !s.isDirectory()) return { inPlace: 'not_a_folder' };
  if (!s) {
    const writable = await access(folder, constants.W_OK).then(
      () => true,
      () => false,
    );
    return writable ? {} : { inPlace: 'read_only' };
  }
  const beats = await readBeats(join(dir, 'stations'));
  return {
    shared: {
      stations: beats.map((b) => ({ station: b.station, host: b.host, version: b.version, lastBeat: b.lastBeat })),
    },
  };
}

/**
 * `chooseFolder` is the shell's own folder dialog (Electron's; the composition root gets it from the shell).
 * The web shell has none: a browser page cannot open a dialog on the station's file system, so there the
 * path field is checked as it is typed, and asking for the dialog says so.
 */
export function createFolderHandlers(
  chooseFolder?: (defaultPath: string | undefined) => Promise<string | null>,
): PartialHandlerTable<'folders.inspect' | 'folders.choose'> {
  return {
    'folders.inspect': ({ path }) => inspectFolder(path),
    'folders.choose': async ({ defaultPath }) => {
      if (!chooseFolder)
        throw new IntakeError(
          'local',
          'folders.no_dialog',
          "This window has no folder dialog; type the folder's path, it is checked as you type.",
        );
      return { path: await chooseFolder(defaultPath) };
    },
  };
}
