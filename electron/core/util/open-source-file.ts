import { constants } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { lstat, open, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * Flags for reading a file found in a watched folder. O_NOFOLLOW: a link as the last component fails with
 * ELOOP instead of being followed; O_NONBLOCK: opening a FIFO returns at once instead of waiting for a
 * writer (reads of regular files ignore it). Windows has neither (0): there the handle check below decides.
 */
export const READ_NO_FOLLOW = constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | (constants.O_NONBLOCK ?? 0);

/** The entry is not something we read: a link, a FIFO, a device, or a file reached through a linked folder. */
export class SourceFileError extends Error {
  constructor(
    readonly code: 'file.not_regular' | 'file.outside_folder' | 'file.replaced',
    message: string,
  ) {
    super(message);
    this.name = 'SourceFileError';
  }
}

/**
 * Opens a file of a watched folder for reading, never through a link (docs/intake-pipeline.md, "Links").
 * The opened handle is verified, not the name: it must be a regular file, its folder's real path must be
 * inside the watched folder's real path (no subfolder swapped for a link), and the entry must still be
 * that same file (dev/ino from lstat after the checks), so a swap between any check and the open is caught.
 */
export async function openSourceFile(path: string, folder: string): Promise<FileHandle> {
  const handle = await open(path, READ_NO_FOLLOW);
  try {
    const opened = await handle.stat({ bigint: true });
    if (!opened.isFile()) throw new SourceFileError('file.not_regular', `not a regular file: ${path}`);
    // A file directly in the watched folder has no subfolder that could be swapped for a link: both real
    // paths would be the folder's own, so the two realpath calls (an lstat per path component each) are
    // skipped for the usual scanner file.
    if (resolve(dirname(path)) !== resolve(folder)) {
      const [realFolder, realDir] = await Promise.all([realpath(folder), realpath(dirname(path))]);
      const rel = relative(realFolder, realDir);
      if (rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel)) {
        throw new SourceFileError('file.outside_folder', `reached through a link out of the folder: ${path}`);
      }
    }
    const entry = await lstat(path, { bigint: true });
    if (!entry.isFile() || entry.dev !== opened.dev || entry.ino !== opened.ino) {
      throw new SourceFileError('file.replaced', `replaced while it was opened: ${path}`);
    }
    return handle;
  } catch (e) {
    await handle.close().catch(() => undefined);
    throw e;
  }
}
