import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus } from '../events/event-bus';
import type { LogEntry } from '../util/logger';
import { JsonLineLogger } from '../util/logger';
import type { StationStatus } from './station-status';
import { readStatusFile, StatusFileWriter } from './status-file';

/** status.json on a full disk: `status` must still read why the station fails, and the file stays private. */
let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'intake-status-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', dir]);
});
afterAll(() => {
  execFileSync('umount', ['-l', dir]);
  rmSync(dir, { recursive: true, force: true });
});

const statusWith = (storage?: StationStatus['storage']): StationStatus => ({
  pid: 1,
  version: 't',
  startedAt: '2026-11-26T02:00:00.000Z',
  updatedAt: new Date().toISOString(),
  counts: { new: 0, tagged: 0, queued: 2, uploading: 0, uploaded: 0, archived: 0, failed: 0 },
  connection: { online: true, paused: false },
  ...(storage ? { storage } : {}),
});

describe('status file on a full disk', () => {
  it('is rewritten in place (0600), so status reads the failing storage; one log line, not one per write', async () => {
    let current = statusWith();
    const log: LogEntry[] = [];
    const writer = new StatusFileWriter(
      dir,
      () => current,
      new EventBus(),
      new JsonLineLogger((_l, e) => log.push(e), 'debug'),
    );
    await writer.write();
    expect(statSync(join(dir, 'status.json')).mode & 0o777).toBe(0o600);
    const fd = openSync(join(dir, 'filler'), 'w');
    try {
      for (;;) writeSync(fd, Buffer.alloc(16 * 1024, 1));
    } catch (e) {
      expect((e as NodeJS.ErrnoException).code).toBe('ENOSPC');
    } finally {
      closeSync(fd);
    }
    current = statusWith({
      code: 'storage.full',
      reason: 'The disk of the data folder is full.',
      since: new Date().toISOString(),
      error: 'SQLITE_FULL: database or disk is full',
    });
    for (let i = 0; i < 5; i++) await writer.write();
    expect((await readStatusFile(dir))?.storage?.code).toBe('storage.full');
    expect(log.filter((l) => l.message === 'status file not written')).toEqual([]);
    await writer.close();
  });
});
