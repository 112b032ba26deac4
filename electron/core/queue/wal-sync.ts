import { close, fdatasync, open } from 'node:fs';
import { promisify } from 'node:util';
import type { QueueDatabase } from './queue-database';
import { onQueueDatabaseReopen } from './queue-database';

const openAsync = promisify(open);
const fdatasyncAsync = promisify(fdatasync);
const closeAsync = promisify(close);

/** One flush of every commit so far to disk, and what to let go of when the database closes. */
export interface CommitFlusher {
  flush(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Makes the queue database's commits durable off the JS thread. The database commits with
 * synchronous=NORMAL: in WAL mode a commit is then safe against a crash of the process (it is in the
 * WAL, in the OS's cache) but not yet against a power cut. Instead of SQLite's fsync inside every commit
 * (synchronous=FULL: the JS thread blocked for one disk flush per transition), we fsync the WAL file
 * from libuv's pool, one flush for every commit made before it (DocumentStore groups the callers).
 *
 * Sound because fsync flushes the file, not one descriptor (Linux, macOS with F_FULLFSYNC as libuv
 * does, Windows FlushFileBuffers), and SQLite in NORMAL mode syncs the WAL before each checkpoint and
 * the database after it: a commit is always either in the WAL we flush or already flushed into the
 * database. Without a WAL file (none written since open) the database file is flushed instead.
 *
 * The WAL's descriptor is kept open between flushes (two thread-pool round trips fewer per flush).
 * That is safe while the database is open: SQLite reuses the WAL file from its start after a
 * checkpoint and deletes it only when the last connection closes, so it stays the same file.
 * Flushes must not overlap (DocumentStore runs them through one GroupSync).
 */
export class WalFlusher implements CommitFlusher {
  private fd: number | undefined;
  private closed = false;

  /** The database was re-opened: the -wal file may be a new one (the next flush opens it again). */
  private stale = false;

  constructor(private readonly db: QueueDatabase) {
    onQueueDatabaseReopen(db, () => (this.stale = true));
  }

  async flush(): Promise<void> {
    if (this.closed) throw new Error('the queue database was closed');
    if (this.stale) {
      this.stale = false;
      const old = this.fd;
      this.fd = undefined;
      if (old !== undefined) await closeAsync(old);
    }
    this.fd ??= await openAsync(`${this.db.name}-wal`, 'r+').catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return undefined;
      throw e;
    });
    if (this.fd !== undefined) return fdatasyncAsync(this.fd);
    // No WAL file yet: the database file itself, opened only for this flush.
    const fd = await openAsync(this.db.name, 'r+');
    try {
      await fdatasyncAsync(fd);
    } finally {
      await closeAsync(fd);
    }
  }

  /** After the last flush has finished. */
  async close(): Promise<void> {
    this.closed = true;
    const fd = this.fd;
    this.fd = undefined;
    if (fd !== undefined) await closeAsync(fd);
  }
}
