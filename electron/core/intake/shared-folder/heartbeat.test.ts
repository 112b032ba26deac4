import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { writeFileAtomic } from '../../util/atomic-write';
import { tempDir } from '../../util/test-support/temp-dir';
import type { StationBeat } from './heartbeat';
import { BEAT_RETRIES_MS, writeBeat } from './heartbeat';

// Issue #37 item 3: on an SMB share the rename of a beat over the last one is refused now and then while
// another station reads it (gvfs: EEXIST, 13 times in one run); the beat is tried again at once, not a whole
// beat interval later. The refusal is made here by the writer (no local file system refuses that rename).
const beat: StationBeat = {
  station: 'station-a',
  host: 'pc-1',
  pid: 42,
  version: 'test',
  lastBeat: '2026-11-28T17:00:00.000Z',
  seq: 7,
  leaseMs: 3000,
  claimed: 1,
  taken: 2,
};

/** The real atomic write, refused with `code` for the first `refusals` calls. */
function refusing(code: string, refusals: number) {
  const calls = { n: 0 };
  const write = async (path: string, text: string) => {
    if (calls.n++ < refusals) throw Object.assign(new Error(`${code}: rename refused`), { code });
    await writeFileAtomic(path, text, 0o644);
  };
  return { write, calls };
}

describe('heartbeat on a share that refuses a rename for the moment', () => {
  it.each(['EEXIST', 'EBUSY'])('a beat refused twice with %s is written in the same beat', async (code) => {
    const dir = tempDir('intake-beat-');
    const path = join(dir, 'station-a.json');
    const { write, calls } = refusing(code, 2);
    const began = performance.now();
    await writeBeat(path, beat, write);
    expect(calls.n).toBe(3);
    // At once: well within a beat interval (a lease of 3 s beats every second).
    expect(performance.now() - began).toBeLessThan(1_000);
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(beat);
    // No temp file of a refused attempt is left for the other stations to list.
    expect(await readdir(dir)).toEqual(['station-a.json']);
  });

  it('refused every time: gives up after its retries with the share’s error (the next beat tries again)', async () => {
    const dir = tempDir('intake-beat-');
    const { write, calls } = refusing('EEXIST', 1_000);
    await expect(writeBeat(join(dir, 'station-a.json'), beat, write)).rejects.toMatchObject({ code: 'EEXIST' });
    expect(calls.n).toBe(BEAT_RETRIES_MS.length + 1);
    expect(await readdir(dir)).toEqual([]);
  });

  it('any other error (a full disk) is not tried again', async () => {
    const dir = tempDir('intake-beat-');
    const { write, calls } = refusing('ENOSPC', 1);
    await expect(writeBeat(join(dir, 'station-a.json'), beat, write)).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(calls.n).toBe(1);
  });
});
