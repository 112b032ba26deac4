import { closeSync, existsSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { PRIVATE_FILE_MODE } from './private-files';

/** Exported for `intake-agent status`, which only reads it to see whether the folder is owned. */
export const DATA_FOLDER_LOCK_FILE = 'data-folder.lock';
const LOCK_FILE = DATA_FOLDER_LOCK_FILE;
const OWNER_FILE = 'data-folder.owner.json';
/** The pid file of earlier versions; it no longer means anything and is removed when found. */
const LEGACY_PID_FILE = 'agent.lock';

/** Another running process (agent, desktop app or web shell) owns the data folder. */
export class DataFolderInUseError extends Error {
  readonly code = 'data.folder_in_use';
  constructor(
    readonly dataDir: string,
    readonly owner: string | undefined,
  ) {
    super(
      `The data folder ${dataDir} is in use by ${owner ?? 'another Intake Desk process'}. ` +
        'One data folder has one owner: stop that process, or give this one a data folder of its own.',
    );
    this.name = 'DataFolderInUseError';
  }
}

export interface DataFolderLock {
  release(): void;
}

/**
 * One owner per data folder (queue, spool, archive): the agent, the desktop app and the web shell all take
 * this lock before they touch the queue; two workers on one queue would upload the same documents.
 *
 * The lock belongs to the OS, not to a pid file: it is SQLite's exclusive lock on a small lock database
 * (`PRAGMA locking_mode = EXCLUSIVE` keeps the lock after the first write transaction until the connection
 * closes). That is an fcntl lock on POSIX and LockFileEx on Windows, both held by an open descriptor and
 * released by the kernel when the process dies, however it dies (kill -9, power cut, reboot), so there is
 * no stale lock and no recycled pid to confuse. The owner's name and pid go to a side file, only to say
 * who holds the folder.
 */
export function lockDataFolder(dataDir: string, ownerName: string): DataFolderLock {
  const lockFile = join(dataDir, LOCK_FILE);
  // Created private before SQLite opens it (SQLite would make it 0644 less the umask).
  if (!existsSync(lockFile)) closeSync(openSync(lockFile, 'a', PRIVATE_FILE_MODE));
  const db = new Database(lockFile, { timeout: 0 });
  try {
    db.pragma('locking_mode = EXCLUSIVE');
    db.exec('BEGIN EXCLUSIVE; CREATE TABLE IF NOT EXISTS lock (id INTEGER PRIMARY KEY); COMMIT');
  } catch (e) {
    db.close();
    if ((e as { code?: string }).code === 'SQLITE_BUSY') throw new DataFolderInUseError(dataDir, readOwner(dataDir));
    throw e;
  }
  rmSync(join(dataDir, LEGACY_PID_FILE), { force: true });
  const owner = `${ownerName} (pid ${process.pid})`;
  try {
    writeFileSync(join(dataDir, OWNER_FILE), JSON.stringify({ owner, since: new Date().toISOString() }), {
      mode: PRIVATE_FILE_MODE,
    });
  } catch {
    // Only for the message a second process shows; the lock itself is held.
  }
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      db.close();
    },
  };
}

function readOwner(dataDir: string): string | undefined {
  try {
    const v = JSON.parse(readFileSync(join(dataDir, OWNER_FILE), 'utf8')) as { owner?: unknown };
    return typeof v.owner === 'string' ? v.owner : undefined;
  } catch {
    return undefined;
  }
}
