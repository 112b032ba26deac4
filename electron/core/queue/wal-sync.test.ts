import Database from 'better-sqlite3';
import { existsSync, mkdtempSync, readdirSync, readlinkSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openQueueDatabase } from './queue-database';
import { WalFlusher } from './wal-sync';

const dir = mkdtempSync(join(tmpdir(), 'wal-sync-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What this process's open descriptors point at (Linux). */
function openFiles(): string[] {
  return readdirSync('/proc/self/fd').flatMap((fd) => {
    try {
      return [readlinkSync(`/proc/self/fd/${fd}`)];
    } catch {
      return [];
    }
  });
}

describe.runIf(process.platform === 'linux')('WAL flusher', () => {
  it('keeps flushing the live WAL file across checkpoints, and lets go of it when closed', async () => {
    const file = join(dir, 'queue.sqlite');
    const db = openQueueDatabase(file);
    const flusher = new WalFlusher(db);
    const write = (n: number) => {
      const insert = db.prepare('INSERT INTO seen_files (key, document_id, seen_at) VALUES (?, ?, ?)');
      for (let i = 0; i < n; i++) insert.run(`k-${Math.random()}`, 'd', new Date().toISOString());
    };
    write(10);
    const wal = `${file}-wal`;
    const held = () => openFiles().filter((f) => f.startsWith(wal));
    const bySqlite = held().length;
    await flusher.flush();
    expect(held()).toEqual(Array(bySqlite + 1).fill(wal));

    // A checkpoint that resets the WAL, and writes after it, must leave us holding the same, live file.
    const inode = statSync(wal).ino;
    db.pragma('wal_checkpoint(TRUNCATE)');
    write(500);
    db.pragma('wal_checkpoint(RESTART)');
    write(10);
    await flusher.flush();
    expect(statSync(wal).ino).toBe(inode);
    expect(held()).toEqual(Array(bySqlite + 1).fill(wal)); // not "(deleted)", not a second one

    await flusher.close();
    expect(held()).toEqual(Array(bySqlite).fill(wal));
    await expect(flusher.flush()).rejects.toThrow(/closed/);
    db.close();
  });

  it('flushes the database file itself where there is no WAL file, holding nothing open after', async () => {
    const file = join(dir, 'no-wal.sqlite');
    const db = new Database(file); // rollback journal: no -wal file
    db.exec('CREATE TABLE t (x)');
    const flusher = new WalFlusher(db);
    const held = () => openFiles().filter((f) => f === file).length;
    const bySqlite = held();
    await expect(flusher.flush()).resolves.toBeUndefined();
    expect(existsSync(`${file}-wal`)).toBe(false);
    expect(held()).toBe(bySqlite);
    await flusher.close();
    db.close();
  });
});
