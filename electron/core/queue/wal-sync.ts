import { open } from 'node:fs/promises';
import type { QueueDatabase } from './queue-database';

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
 */
export function walFlushOf(db: QueueDatabase): () => Promise<void> {
  return async () => {
    const handle = await open(`${db.name}-wal`, 'r+').catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return open(db.name, 'r+');
      throw e;
    });
    try {
      await handle.datasync();
    } finally {
      await handle.close();
    }
  };
}
