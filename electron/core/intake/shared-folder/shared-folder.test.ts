import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tempDir } from '../../util/test-support/temp-dir';
import { silentLogger } from '../../util/logger';
import { filesUnder } from './claim';
import { sharedLayout } from './layout';
import type { SharedFolderConfig } from './shared-folder';
import { SharedFolder } from './shared-folder';
import { stationIdOf } from './station-id';

// The protocol of docs/intake-pipeline.md ("Several stations, one folder") on real files: rename races,
// heartbeats that stand still, a station that resumes after its claims were taken over, a restart.
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
let open: SharedFolder[] = [];
afterEach(async () => {
  for (const s of open) await s.stop();
  open = [];
});

function folder(): string {
  return tempDir('intake-share-');
}

interface Station {
  shared: SharedFolder;
  delivered: string[];
  busy: { n: number };
}

async function station(
  root: string,
  id: string,
  o: Partial<SharedFolderConfig> & { start?: boolean } = {},
): Promise<Station> {
  const delivered: string[] = [];
  const busy = { n: 0 };
  const shared = await SharedFolder.open(
    root,
    {
      stationId: id,
      host: 'test',
      pid: process.pid,
      version: 'test',
      leaseMs: 600,
      lookAhead: 1000,
      workSlots: 1000,
      busy: () => busy.n,
      gatePollMs: 10,
      ...o,
    },
    {
      // What the queue does with a committed file: takes a copy; the file goes after the upload.
      deliver: async (path, rel) => {
        await readFile(path);
        delivered.push(rel);
        await rm(path);
        return 'done';
      },
      logger: silentLogger,
    },
    true,
  );
  if (!shared) throw new Error('not shared');
  open.push(shared);
  if (o.start !== false) await shared.start();
  return { shared, delivered, busy };
}

async function scans(root: string, n: number): Promise<string[]> {
  const names = Array.from({ length: n }, (_, i) => `scan_${String(i).padStart(3, '0')}.pdf`);
  for (const name of names) await writeFile(join(root, name), `scan ${name}`);
  return names;
}

describe('shared folder: claim before taking', () => {
  it('two stations racing for the same 100 files: each file is taken by exactly one', async () => {
    const root = folder();
    const names = await scans(root, 100);
    const a = await station(root, 'station-a');
    const b = await station(root, 'station-b');
    const verdicts = await Promise.all(names.flatMap((n) => [a.shared.take(n), b.shared.take(n)]));
    expect(verdicts.every((v) => v === 'done')).toBe(true);
    expect([...a.delivered, ...b.delivered].sort()).toEqual(names);
    expect(a.delivered.filter((n) => b.delivered.includes(n))).toEqual([]);
    expect((await readdir(root)).filter((n) => n !== '.intake')).toEqual([]);
  });

  it('a file gone before the claim (another station, or the writer) is left alone: done, nothing delivered', async () => {
    const root = folder();
    const a = await station(root, 'station-a');
    expect(await a.shared.take('never-there.pdf')).toBe('done');
    expect(a.delivered).toEqual([]);
  });

  it('a second file of the same name while the first is still held is not claimed over it', async () => {
    const root = folder();
    const a = await station(root, 'station-a', { workSlots: 2 });
    a.busy.n = 99; // nothing commits: the first stays claimed
    await writeFile(join(root, 'same.pdf'), 'first');
    const first = a.shared.take('same.pdf');
    await sleep(50);
    await writeFile(join(root, 'same.pdf'), 'second');
    expect(await a.shared.take('same.pdf')).toBe('again');
    expect(await readFile(join(root, 'same.pdf'), 'utf8')).toBe('second');
    expect(await readFile(join(a.shared.layout.claimed, 'same.pdf'), 'utf8')).toBe('first');
    a.busy.n = 0;
    await first;
    expect(a.delivered).toEqual(['same.pdf']);
  });

  it('a file written again while it waited for room goes back to the stability rules, unclaimed', async () => {
    const root = folder();
    await writeFile(join(root, 'rewritten.pdf'), 'first version');
    const { lstat } = await import('node:fs/promises');
    const s = await lstat(join(root, 'rewritten.pdf'));
    const a = await station(root, 'station-a', { lookAhead: 1 });
    a.busy.n = 1; // no room yet
    const taking = a.shared.take('rewritten.pdf', { size: s.size, mtimeMs: Math.trunc(s.mtimeMs) });
    await sleep(50);
    await writeFile(join(root, 'rewritten.pdf'), 'the second, longer version');
    a.busy.n = 0;
    expect(await taking).toBe('changed');
    expect(await readFile(join(root, 'rewritten.pdf'), 'utf8')).toBe('the second, longer version');
    expect(a.delivered).toEqual([]);
  });

  it('holdCommits (the kill and freeze tests): claimed files stay claimed until it lets go, then are taken', async () => {
    const root = folder();
    const names = await scans(root, 3);
    let hold = true;
    const a = await station(root, 'station-a', { holdCommits: () => hold });
    const taking = Promise.all(names.map((n) => a.shared.take(n)));
    await expect.poll(() => filesUnder(a.shared.layout.claimed).then((f) => f.length)).toBe(3);
    // Held for several looks: nothing committed, nothing handed over.
    await sleep(200);
    expect((await filesUnder(a.shared.layout.claimed)).sort()).toEqual(names);
    expect(await filesUnder(a.shared.layout.taken)).toEqual([]);
    expect(a.delivered).toEqual([]);
    hold = false;
    expect(await taking).toEqual(['done', 'done', 'done']);
    expect(a.delivered.sort()).toEqual(names);
    expect(await filesUnder(a.shared.layout.claimed)).toEqual([]);
  });

  it('claims no more than its look-ahead while its queue is busy', async () => {
    const root = folder();
    const names = await scans(root, 20);
    const a = await station(root, 'station-a', { lookAhead: 4, workSlots: 2 });
    a.busy.n = 3; // its queue is full: the look-ahead has room for one more
    const takes = names.map((n) => a.shared.take(n));
    await sleep(200);
    expect(await filesUnder(a.shared.layout.claimed)).toHaveLength(1);
    expect((await readdir(root)).filter((n) => n !== '.intake')).toHaveLength(19);
    a.busy.n = 0;
    await Promise.all(takes);
    expect(a.delivered.sort()).toEqual(names);
  });
});

describe('shared folder: leases and takeover', () => {
  it('a dead station’s claimed files are taken over after its lease, each by one station', async () => {
    const root = folder();
    const dead = sharedLayout(root, 'station-dead');
    await mkdir(dead.claimed, { recursive: true });
    await mkdir(dead.stations, { recursive: true });
    for (let i = 0; i < 10; i++) await writeFile(join(dead.claimed, `left_${i}.pdf`), `left ${i}`);
    await writeFile(
      dead.beat,
      JSON.stringify({
        station: 'station-dead',
        host: 'gone',
        pid: 1,
        version: 'x',
        lastBeat: new Date().toISOString(),
        seq: 7,
        leaseMs: 600,
      }),
    );
    const b = await station(root, 'station-b');
    const c = await station(root, 'station-c');
    await sleep(300);
    expect(b.delivered.length + c.delivered.length).toBe(0); // within the lease: not touched
    for (let t = 0; t < 100 && b.delivered.length + c.delivered.length < 10; t++) await sleep(50);
    const all = [...b.delivered, ...c.delivered].sort();
    expect(all).toEqual(Array.from({ length: 10 }, (_, i) => `left_${i}.pdf`).sort());
    expect(await filesUnder(dead.claimed)).toEqual([]);
    expect(b.shared.stations().find((s) => s.station === 'station-dead')?.stale).toBe(true);
  });

  it('a station that stood still past its lease finds its claims taken over and does not work on them', async () => {
    const root = folder();
    const names = await scans(root, 6);
    const a = await station(root, 'station-a', { leaseMs: 400, workSlots: 2 });
    a.busy.n = 99; // claims, cannot commit yet
    const takes = names.map((n) => a.shared.take(n));
    await sleep(100);
    expect(await filesUnder(a.shared.layout.claimed)).toHaveLength(6);
    // Its heartbeat stops (a folder where the beat file was: the rename of every beat fails) …
    for (let tries = 0; ; tries++) {
      await rm(a.shared.layout.beat, { force: true });
      // Its next beat may land between the two calls: then again.
      const blocked = await mkdir(join(a.shared.layout.beat, 'blocked'), { recursive: true }).then(
        () => true,
        () => false,
      );
      if (blocked || tries > 20) break;
    }
    const b = await station(root, 'station-b', { leaseMs: 400 });
    for (let t = 0; t < 100 && b.delivered.length < 6; t++) await sleep(50);
    expect(b.delivered.sort()).toEqual(names);
    // … and when it goes on, every commit finds the claimed file gone: nothing is worked on twice.
    a.busy.n = 0;
    await Promise.all(takes);
    expect(a.delivered).toEqual([]);
  });

  it('a live station’s claims are never taken over, however long it holds them', async () => {
    const root = folder();
    const names = await scans(root, 3);
    const a = await station(root, 'station-a', { leaseMs: 300, workSlots: 2 });
    a.busy.n = 99;
    const takes = names.map((n) => a.shared.take(n));
    const b = await station(root, 'station-b', { leaseMs: 300 });
    await sleep(1_200);
    expect(b.delivered).toEqual([]);
    a.busy.n = 0;
    await Promise.all(takes);
    expect(a.delivered.sort()).toEqual(names);
  });
});

describe('shared folder: start and stop', () => {
  it('a restarted station first finishes what it claimed and what it committed to', async () => {
    const root = folder();
    const l = sharedLayout(root, 'station-a');
    await mkdir(join(l.claimed, 'sub'), { recursive: true });
    await mkdir(l.taken, { recursive: true });
    await writeFile(join(l.claimed, 'sub', 'claimed.pdf'), 'c');
    await writeFile(join(l.taken, 'taken.pdf'), 't');
    const a = await station(root, 'station-a');
    for (let t = 0; t < 100 && a.delivered.length < 2; t++) await sleep(20);
    expect(a.delivered.sort()).toEqual([join('sub', 'claimed.pdf'), 'taken.pdf']);
    expect(await filesUnder(l.claimed)).toEqual([]);
  });

  it('stopping gives back what is claimed but not committed to, and removes its heartbeat', async () => {
    const root = folder();
    const names = await scans(root, 4);
    const a = await station(root, 'station-a', { workSlots: 2 });
    a.busy.n = 99;
    const takes = names.map((n) => a.shared.take(n));
    await sleep(100);
    await a.shared.stop();
    await Promise.all(takes);
    expect((await readdir(root)).filter((n) => n !== '.intake').sort()).toEqual(names);
    expect(await readdir(a.shared.layout.stations)).toEqual([]);
    expect(a.delivered).toEqual([]);
  });

  it('writes a heartbeat with station, host, pid, version and last beat', async () => {
    const root = folder();
    const a = await station(root, 'station-a');
    const beat = JSON.parse(await readFile(a.shared.layout.beat, 'utf8')) as Record<string, unknown>;
    expect(beat).toMatchObject({ station: 'station-a', host: 'test', pid: process.pid, version: 'test' });
    expect(Date.parse(beat.lastBeat as string)).toBeGreaterThan(Date.now() - 5_000);
  });

  it('a link at .intake is not followed: the folder is not shared', async () => {
    const root = folder();
    const elsewhere = folder();
    const { symlink } = await import('node:fs/promises');
    await symlink(elsewhere, join(root, '.intake'));
    const shared = await SharedFolder.open(
      root,
      {
        stationId: 'station-a',
        host: 'h',
        pid: 1,
        version: 'v',
        leaseMs: 1000,
        lookAhead: 1,
        workSlots: 1,
        busy: () => 0,
      },
      { deliver: async () => 'done', logger: silentLogger },
      true,
    );
    expect(shared).toBeUndefined();
    expect(await readdir(elsewhere)).toEqual([]);
  });

  it('the station id is kept in the data folder', async () => {
    const data = folder();
    const id = await stationIdOf(data);
    expect(id).toMatch(/^[a-z0-9][a-z0-9-]+-[0-9a-f]{6}$/);
    expect(await stationIdOf(data)).toBe(id);
  });

  it('every station reads the same folder id', async () => {
    const root = folder();
    const [a, b] = await Promise.all([station(root, 'station-a'), station(root, 'station-b')]);
    expect(a.shared.folderIdentity).toMatch(/^[0-9a-f-]{36}$/);
    expect(b.shared.folderIdentity).toBe(a.shared.folderIdentity);
  });
});
