import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderProfileSchema } from '../../../shared/domain/settings';
import { EventBus } from '../events/event-bus';
import { acceptingUploader, makeQueue, waitFor } from '../queue/test-support/queue-fixture';
import type { QueueFixture } from '../queue/test-support/queue-fixture';
import { silentLogger } from '../util/logger';
import { HotFolder } from './hot-folder';
import { HotFolderService } from './hot-folder-service';
import { fastFolderTimings } from './test-support/hot-folder-suite';

// The queue behind isSeen closes right after the folders stop (app shutdown). A rescan still walking
// then asked a closed database ("The database connection is not open", an unhandled rejection in CI).
let dir: string | undefined;
let fx: QueueFixture | undefined;
afterEach(async () => {
  await fx?.close();
  fx = undefined;
  if (dir) await rm(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('stopping a watched folder', () => {
  it('waits for a rescan under way, and no file is looked up after stop() returned', async () => {
    dir = await mkdtemp(join(tmpdir(), 'hot-folder-stop-'));
    const scans = join(dir, 'scans');
    for (let d = 0; d < 20; d++) {
      await mkdir(join(scans, `d${d}`), { recursive: true });
      for (let i = 0; i < 25; i++) await writeFile(join(scans, `d${d}`, `scan_${i}.pdf`), `%PDF-1.7 ${d}/${i}`);
    }
    let closed = false;
    let lookups = 0;
    const isSeen = (): boolean => {
      if (closed) throw new Error('The database connection is not open');
      lookups++;
      return true; // every file already taken: the walk only looks
    };
    const profile = FolderProfileSchema.parse({ id: 's', label: 'S', path: scans });
    const folder = new HotFolder(
      profile,
      async () => 'done' as const,
      isSeen,
      () => undefined,
      silentLogger,
      {
        rescanMs: 60_000,
        reattachMs: 60_000,
      },
    );
    await folder.start();
    const before = lookups;
    expect(before).toBe(500);
    const rescan = folder.rescan();
    await folder.stop();
    closed = true;
    await expect(rescan).resolves.toBeUndefined();
  });

  it('a rescan asked for after stop() looks at nothing', async () => {
    dir = await mkdtemp(join(tmpdir(), 'hot-folder-stop-'));
    await writeFile(join(dir, 'scan.pdf'), '%PDF-1.7');
    let lookups = 0;
    const profile = FolderProfileSchema.parse({ id: 's', label: 'S', path: dir });
    const folder = new HotFolder(
      profile,
      async () => 'done' as const,
      () => (lookups++, true),
      () => undefined,
      silentLogger,
      { rescanMs: 60_000, reattachMs: 60_000 },
    );
    await folder.start();
    expect(lookups).toBe(1);
    await folder.stop();
    await folder.rescan();
    expect(lookups).toBe(1);
  });
});

describe('stopping the watched folders', () => {
  it('a settings change applied as they stop, or after, starts no folder once stop() returned', async () => {
    fx = await makeQueue(acceptingUploader);
    await fx.queue.start();
    const [a, b] = [join(fx.dir, 'a'), join(fx.dir, 'b')];
    for (const p of [a, b]) await mkdir(p);
    const profile = (id: string, path: string) => FolderProfileSchema.parse({ id, label: id, path });
    const service = new HotFolderService(fx.queue, new EventBus(), silentLogger, fastFolderTimings(200));
    await service.start([profile('a', a)]);
    // Settings saved just as the app shuts down: the save's apply is under way when stop() is called.
    const applying = service.apply([profile('b', b)]);
    await service.stop();
    await applying;
    await service.apply([profile('a', a), profile('b', b)]);
    for (const p of [a, b]) await writeFile(join(p, 'late.pdf'), '%PDF-1.7 late');
    await new Promise((r) => setTimeout(r, 1_000));
    expect(service.pending()).toBe(0);
    expect((await fx.queue.list({ limit: 10, offset: 0 })).documents).toEqual([]);
    // start() is the one way back: the folders run again.
    await service.start([profile('b', b)]);
    const taken = async () => (await fx!.queue.list({ limit: 10, offset: 0 })).documents.map((d) => d.fileName);
    await waitFor(async () => (await taken()).length > 0, 'late.pdf taken');
    expect(await taken()).toEqual(['late.pdf']);
    await service.stop();
  });
});

// A station of an office: the queue behind isSeen is the office database. Down during a periodic rescan, the
// rescan's lookup failed and its rejection went unhandled (CI: "Unhandled Rejection … office database
// cannot be reached" from HotFolder.walk); in a station's process that ends the program.
describe('a rescan the queue cannot answer', () => {
  it('ends without a rejection, says so once, and the next rescan takes what it missed', async () => {
    dir = await mkdtemp(join(tmpdir(), 'hot-folder-cut-'));
    await writeFile(join(dir, 'scan_1.pdf'), '%PDF-1.7 one');
    let down = false;
    let askedFor3 = 0;
    const handed: string[] = [];
    const said: Array<[string, string]> = [];
    const logger = {
      ...silentLogger,
      child: () => logger,
      warn: (message: string) => void said.push(['warn', message]),
      info: (message: string) => void said.push(['info', message]),
    };
    const profile = FolderProfileSchema.parse({ id: 's', label: 'S', path: dir });
    const folder = new HotFolder(
      profile,
      async (f) => (handed.push(f.relativePath), 'done' as const),
      (key) => {
        if (key.includes('scan_3.pdf')) askedFor3++;
        if (down) throw new Error('The office database cannot be reached: connect ECONNREFUSED');
        return handed.some((h) => key.includes(h));
      },
      () => undefined,
      logger,
      { ...fastFolderTimings(), rescanMs: 3_600_000, reattachMs: 3_600_000 },
    );
    const unhandled: unknown[] = [];
    const onUnhandled = (e: unknown) => void unhandled.push(e);
    process.on('unhandledRejection', onUnhandled);
    try {
      await folder.start();
      await waitFor(() => handed.includes('scan_1.pdf'), 'the first scan handed over');
      down = true;
      await writeFile(join(dir, 'scan_2.pdf'), '%PDF-1.7 two');
      await expect(folder.rescan()).resolves.toBeUndefined();
      await expect(folder.rescan()).resolves.toBeUndefined();
      // A file that arrives meanwhile (its event, not a rescan): its hand-over asks, is told nothing, and
      // the file is tried again later, not dropped.
      await writeFile(join(dir, 'scan_3.pdf'), '%PDF-1.7 three');
      await waitFor(() => askedFor3 >= 2, 'the new file asked about twice while the queue does not answer');
      expect(handed).toEqual(['scan_1.pdf']);
      // Said once (two rescans, each cut at its first lookup, and the new file's tries), not once per lookup.
      expect(said.filter(([, m]) => m.startsWith('the queue could not say'))).toEqual([
        ['warn', 'the queue could not say which files it has taken: files wait in the folder'],
      ]);
      expect(said.filter(([level]) => level === 'warn')).toHaveLength(1);
      down = false;
      await folder.rescan();
      await waitFor(() => handed.includes('scan_2.pdf'), 'the scan the cut look missed, handed over');
      await waitFor(() => handed.includes('scan_3.pdf'), 'the scan that arrived meanwhile, handed over');
      expect(said).toContainEqual(['info', 'the queue answers again: files are taken from the folder again']);
      // Let any rejection surface before looking.
      await new Promise((r) => setImmediate(r));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', onUnhandled);
      await folder.stop();
    }
  });
});
