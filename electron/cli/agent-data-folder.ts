import { constants } from 'node:fs';
import { access, mkdir } from 'node:fs/promises';

/** The data folder cannot be created, read or written by the agent's user: a configuration error. */
export class DataFolderUnusableError extends Error {
  readonly code = 'data.folder_unwritable';
  constructor(
    readonly dataDir: string,
    readonly reason: string,
  ) {
    super(
      `The data folder ${dataDir} cannot be used by this user (uid ${process.getuid?.() ?? '?'}): ${reason}. ` +
        'Create it and let the agent’s user read and write it.',
    );
    this.name = 'DataFolderUnusableError';
  }
}

/**
 * Makes sure the data folder exists and the agent may read and write it, before anything opens the queue:
 * a folder the agent cannot create or write (EACCES, EPERM, EROFS, a file in its place) is a setting to
 * fix, not a document that failed, so it must not end as exit 1 (and be restarted for ever).
 */
export async function checkDataFolder(dataDir: string): Promise<void> {
  try {
    await mkdir(dataDir, { recursive: true });
    await access(dataDir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code && ['EACCES', 'EPERM', 'EROFS', 'ENOTDIR', 'EEXIST'].includes(code))
      throw new DataFolderUnusableError(dataDir, describe(code));
    throw e;
  }
}

function describe(code: string): string {
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied (EACCES)';
    case 'EROFS':
      return 'the file system is read-only (EROFS)';
    default:
      return `a file is in the way (${code})`;
  }
}
