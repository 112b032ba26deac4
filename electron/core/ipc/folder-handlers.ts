import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { FolderInspection } from '../../../shared/domain/folders';
import type { PartialHandlerTable } from './handler-table';

/**
 * What is at a path typed for a watched folder, resolved as the watcher resolves it. Settings shows the
 * answer at the folder (a missing share, a typo, a file, no permission) instead of a notice elsewhere.
 */
export async function inspectFolder(path: string): Promise<FolderInspection> {
  const absolute = resolve(path);
  try {
    const info = await stat(absolute);
    if (!info.isDirectory()) return { path: absolute, state: 'not_a_folder' };
    // The watcher lists the folder and opens its files: it needs read and search permission.
    await access(absolute, constants.R_OK | constants.X_OK);
    return { path: absolute, state: 'folder' };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return { path: absolute, state: 'missing' };
    return { path: absolute, state: 'unreadable' };
  }
}

export function createFolderHandlers(): PartialHandlerTable<'folders.inspect'> {
  return { 'folders.inspect': ({ path }) => inspectFolder(path) };
}
