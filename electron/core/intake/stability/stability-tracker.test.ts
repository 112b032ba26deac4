import { randomBytes } from 'node:crypto';
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makePdf } from '../../samples/sample-scans';
import type { StabilityOptions, StableFile } from './stability-tracker';
import { StabilityTracker } from './stability-tracker';
import { pastIdleTime } from '../../util/test-support/box-pace';

const WAIT: StabilityOptions = { pollMs: 40, stableMs: 1_500, emptyStableMs: 3_000, lockedRetryMs: 100 };
const EARLY: StabilityOptions = { ...WAIT, endMarkerQuietMs: 100 };

let dir: string;
let tracker: StabilityTracker | undefined;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'intake-stable-'));
});
afterEach(async () => {
  tracker?.close();
  await rm(dir, { recursive: true, force: true });
});

/**
 * Writes `content` in three bursts with pauses longer than the early quiet time, like a scanner, and
 * tells the tracker after each burst, as the folder watcher does.
 */
async function scannerWrite(path: string, content: Buffer, pauseMs: number): Promise<number> {
  const third = Math.floor(content.length / 3);
  await writeFile(path, content.subarray(0, third));
  tracker!.consider(path);
  await new Promise((r) => setTimeout(r, pauseMs));
  await appendFile(path, content.subarray(third, 2 * third));
  tracker!.consider(path);
  await new Promise((r) => setTimeout(r, pauseMs));
  await appendFile(path, content.subarray(2 * third));
  tracker!.consider(path);
  return performance.now();
}

function track(options: StabilityOptions) {
  const taken: (StableFile & { at: number })[] = [];
  tracker = new StabilityTracker(async (f) => {
    taken.push({ ...f, at: performance.now() });
    return 'done';
  }, options);
  return taken;
}

async function until(fn: () => boolean, ms = 5_000): Promise<void> {
  const started = performance.now();
  while (!fn()) {
    if (pastIdleTime(started, ms)) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('StabilityTracker', () => {
  it('takes a PDF whose trailer is written soon after its last write, never part of it', async () => {
    const taken = track(EARLY);
    const content = makePdf([['Schadenmeldung', 'x'.repeat(2_000)], ['Seite 2']]);
    const path = join(dir, 'scan.pdf');
    const lastWrite = await scannerWrite(path, content, 400);
    await until(() => taken.length === 1);
    expect(taken[0]!.size).toBe(content.length);
    expect(taken[0]!.at - lastWrite).toBeLessThan(1_000); // well before the 1.5 s quiet time
  });

  it('a file whose format says nothing (TIFF) waits the full quiet time after its last write', async () => {
    const taken = track(EARLY);
    const tiff = Buffer.concat([Buffer.from([0x49, 0x49, 0x2a, 0x00, 8, 0, 0, 0]), randomBytes(30_000)]);
    const path = join(dir, 'scan.tif');
    const lastWrite = await scannerWrite(path, tiff, 400);
    await until(() => taken.length === 1);
    expect(taken[0]!.size).toBe(tiff.length);
    expect(taken[0]!.at - lastWrite).toBeGreaterThanOrEqual(1_500);
  });

  it('without endMarkerQuietMs (a folder that turned it off) a complete PDF waits the full quiet time too', async () => {
    const taken = track(WAIT);
    const path = join(dir, 'done.pdf');
    await writeFile(path, makePdf([['fertig']]));
    const written = performance.now();
    tracker!.consider(path);
    await until(() => taken.length === 1);
    expect(taken[0]!.at - written).toBeGreaterThanOrEqual(1_500);
  });

  it('a wall-clock step forward (time sync after the PC wakes) does not make a file look quiet', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const taken = track(WAIT);
      const path = join(dir, 'still-writing.tif');
      await writeFile(path, randomBytes(1000));
      tracker!.consider(path);
      await new Promise((r) => setTimeout(r, 100));
      vi.setSystemTime(Date.now() + 60 * 60 * 1000);
      await new Promise((r) => setTimeout(r, 300));
      expect(taken).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an empty file is never taken early, and a vanished file is dropped', async () => {
    const taken = track(EARLY);
    const empty = join(dir, 'empty.pdf');
    const gone = join(dir, 'gone.pdf');
    await writeFile(empty, '');
    await writeFile(gone, makePdf([['weg']]));
    tracker!.consider(empty);
    await rm(gone);
    tracker!.consider(gone);
    await new Promise((r) => setTimeout(r, 800));
    expect(taken).toEqual([]);
    expect(tracker!.size).toBe(1);
  });

  it('a file being handed over still counts as pending until the hand-over answered (--once waits for it)', async () => {
    let answer: (v: 'done') => void = () => undefined;
    const handed: string[] = [];
    tracker = new StabilityTracker((f) => {
      handed.push(f.path);
      return new Promise((r) => (answer = r));
    }, EARLY);
    const path = join(dir, 'slow-copy.pdf');
    await writeFile(path, makePdf([['letter']]));
    tracker.consider(path);
    await until(() => handed.length === 1);
    // The spool copy is still running: the folder is not done with this file.
    expect(tracker.size).toBe(1);
    answer('done');
    await until(() => tracker!.size === 0);
  });
});
