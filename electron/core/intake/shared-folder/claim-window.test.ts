import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../util/test-support/temp-dir';
import { silentLogger } from '../../util/logger';
import { countFilesUnder } from './claim';
import { StationBeatSchema } from './heartbeat';
import type { SharedFolderConfig } from './shared-folder';
import { SharedFolder } from './shared-folder';
import { idleMs } from '../../util/test-support/box-pace';

// Issue #45 item 2: a station alone on a folder of 30,000 scans claimed 20,000 at once, ran out of open
// files and memory, and left nothing for a station joining later. A station alone now claims a small window
// ahead of what its queue has taken in (the queue's documents do not count: it still takes every file,
// offline too); the heartbeat counts what lies in its folders.
let open: SharedFolder[] = [];
let queues: GatedQueue[] = [];
afterEach(async () => {
  // A failed test leaves hand-overs waiting at the gate: let them through, or stop() waits for ever.
  let stopped = false;
  const stops = Promise.all(open.map((s) => s.stop())).finally(() => (stopped = true));
  while (!stopped) {
    for (const q of queues) while (q.waiting.length > 0) q.letOneIn();
    await new Promise((r) => setTimeout(r, 10));
  }
  await stops;
  open = [];
  queues = [];
});

interface GatedQueue {
  queued: string[];
  /** Files handed over and not yet taken in. */
  waiting: Array<() => void>;
  deliver(path: string, rel: string): Promise<'done'>;
  letOneIn(): void;
}

/** A queue that takes a file in when the test lets it (one at a time), keeps it in taken/ (offline: no upload). */
function gatedQueue(): GatedQueue {
  const queued: string[] = [];
  const waiting: Array<() => void> = [];
  const queue: GatedQueue = {
    queued,
    waiting,
    async deliver(path: string, rel: string): Promise<'done'> {
      await new Promise<void>((r) => waiting.push(r));
      await readFile(path);
      queued.push(rel);
      return 'done';
    },
    letOneIn(): void {
      waiting.shift()?.();
    },
  };
  queues.push(queue);
  return queue;
}

async function station(
  root: string,
  id: string,
  queue: GatedQueue,
  o: Partial<SharedFolderConfig> = {},
): Promise<SharedFolder> {
  const shared = await SharedFolder.open(
    root,
    {
      stationId: id,
      host: 'test',
      pid: process.pid,
      version: 'test',
      leaseMs: 600,
      lookAhead: 4,
      workSlots: 2,
      // Offline: every document taken in stays queued.
      busy: () => queue.queued.length,
      gatePollMs: 10,
      windowOnlyWhenAlone: true,
      ...o,
    },
    { deliver: (path, rel) => queue.deliver(path, rel), logger: silentLogger },
    true,
  );
  if (!shared) throw new Error('not shared');
  open.push(shared);
  await shared.start();
  return shared;
}

async function scans(root: string, n: number): Promise<string[]> {
  const names = Array.from({ length: n }, (_, i) => `scan_${String(i).padStart(4, '0')}.pdf`);
  for (const name of names) await writeFile(join(root, name), `scan ${name}`);
  return names;
}

const inFolder = async (root: string) => (await readdir(root)).filter((n) => n !== '.intake').length;

describe('shared folder: the claim window', () => {
  it('a station alone with 60 files waiting never holds more than its window claimed or on the way to its queue, and still takes every file', async () => {
    const root = tempDir('intake-window-');
    const names = await scans(root, 60);
    const queue = gatedQueue();
    const a = await station(root, 'station-a', queue);
    // Every file offered at once, as the watcher's tracker does with a folder full of scans.
    const takes = Promise.all(names.map((n) => a.take(n)));
    let most = 0;
    for (let taken = 0; taken < names.length; taken++) {
      // Progress: the next file reaches the queue (the window refills as the queue takes one in).
      await expect.poll(() => queue.waiting.length, { timeout: idleMs(20_000) }).toBeGreaterThan(0);
      // Claimed or committed and not yet in the queue (counted where it changes, with no await between).
      most = Math.max(most, a.inWindow);
      expect(a.inWindow).toBeLessThanOrEqual(4);
      expect(await countFilesUnder(a.layout.claimed)).toBeLessThanOrEqual(4);
      expect(queue.waiting.length).toBeLessThanOrEqual(4);
      // What is not in the window or the queue is still in the folder, for any other station.
      expect(await inFolder(root)).toBeGreaterThanOrEqual(names.length - taken - 4);
      queue.letOneIn();
      await expect.poll(() => queue.queued.length).toBe(taken + 1);
    }
    expect(await takes).toEqual(names.map(() => 'done'));
    expect(most).toBe(4);
    // Alone, the queue’s 60 documents did not stop it: it took every file.
    expect(queue.queued.sort()).toEqual(names);
  });

  it('the heartbeat counts the files in its claimed/ and taken/ folders, committed files its queue holds included', async () => {
    const root = tempDir('intake-window-');
    const names = await scans(root, 10);
    const queue = gatedQueue();
    // With the others' rules (two work slots, uploads leaving the queue), so that files wait claimed too.
    const a = await station(root, 'station-a', queue, { windowOnlyWhenAlone: false, busy: () => 0 });
    const takes = Promise.all(names.map((n) => a.take(n)));
    // Six taken in by the queue (still in taken/ until their upload), four in the window.
    for (let i = 0; i < 6; i++) {
      await expect.poll(() => queue.waiting.length).toBeGreaterThan(0);
      queue.letOneIn();
      await expect.poll(() => queue.queued.length).toBe(i + 1);
    }
    await expect.poll(() => queue.waiting.length).toBe(2); // two committed, on the way to the queue
    const claimed = await countFilesUnder(a.layout.claimed);
    expect(claimed).toBe(2);
    const beat = async () => StationBeatSchema.parse(JSON.parse(await readFile(a.layout.beat, 'utf8')));
    await expect
      .poll(async () => ({ claimed: (await beat()).claimed, taken: (await beat()).taken }))
      .toEqual({
        claimed: 2,
        taken: 8,
      });
    await expect.poll(() => a.stations()[0]).toMatchObject({ self: true, claimed: 2, taken: 8 });
    while (queue.queued.length < names.length) {
      await expect.poll(() => queue.waiting.length > 0 || queue.queued.length === names.length).toBe(true);
      queue.letOneIn();
    }
    await takes;
    await expect
      .poll(async () => ({ claimed: (await beat()).claimed, taken: (await beat()).taken }))
      .toEqual({
        claimed: 0,
        taken: 10,
      });
  });

  it('a second station joining a folder a station alone is working through shares the rest', async () => {
    const root = tempDir('intake-window-');
    const names = await scans(root, 60);
    // Online: documents leave the queues as they are uploaded.
    const online = { busy: () => 0 };
    const qa = gatedQueue();
    const a = await station(root, 'station-a', qa, online);
    const takesA = names.map((n) => a.take(n));
    for (let i = 0; i < 10; i++) {
      await expect.poll(() => qa.waiting.length).toBeGreaterThan(0);
      qa.letOneIn();
    }
    await expect.poll(() => qa.queued.length).toBe(10);
    const qb = gatedQueue();
    const b = await station(root, 'station-b', qb, online);
    const takesB = names.map((n) => b.take(n));
    // B claims at once: A held only its window, the rest still lay in the folder.
    await expect.poll(() => qb.waiting.length).toBeGreaterThan(0);
    for (;;) {
      while (qa.waiting.length > 0) qa.letOneIn();
      while (qb.waiting.length > 0) qb.letOneIn();
      if (qa.queued.length + qb.queued.length === names.length) break;
      await expect
        .poll(() => qa.waiting.length + qb.waiting.length + qa.queued.length + qb.queued.length)
        .toBeGreaterThan(qa.queued.length + qb.queued.length);
    }
    await Promise.all([...takesA, ...takesB]);
    expect([...qa.queued, ...qb.queued].sort()).toEqual(names);
    expect(qa.queued.filter((n) => qb.queued.includes(n))).toEqual([]);
    expect(qb.queued.length).toBeGreaterThan(0);
    expect(await inFolder(root)).toBe(0);
  });
});
