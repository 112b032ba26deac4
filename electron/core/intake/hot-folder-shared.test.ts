import { createHash } from 'node:crypto';
import { chmod, mkdir, open, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderProfileSchema } from '../../../shared/domain/settings';
import { EventBus } from '../events/event-bus';
import { makeQueue, waitFor } from '../queue/test-support/queue-fixture';
import { silentLogger } from '../util/logger';
import { HotFolderService } from './hot-folder-service';
import { scanKeyOf } from './scan-key';
import { filesUnder } from './shared-folder/claim';
import type { SharedFolderConfig } from './shared-folder/shared-folder';
import { acceptingUploader, fastFolderTimings, hotFolderSuite } from './test-support/hot-folder-suite';

// Rule (docs/intake-pipeline.md, "Several stations, one folder"): in a shared folder a file is claimed and
// committed to before the queue takes it; the stations' `.intake/` is never a scan and never waiting.
const keys: Array<string | undefined> = [];
const accepting = acceptingUploader((r) => keys.push(r.idempotencyKey));
const FAST = fastFolderTimings();
const t = hotFolderSuite();
afterEach(() => {
  keys.length = 0;
});

const shared = (busy: () => number): SharedFolderConfig => ({
  stationId: 'station-here',
  host: 'test',
  pid: process.pid,
  version: 'test',
  leaseMs: 60_000,
  lookAhead: 8,
  workSlots: 4,
  busy,
  gatePollMs: 20,
});

describe.each([
  ['file events (fs.watch)', { enabled: false, intervalMs: 2_000 }],
  ['polling (chokidar)', { enabled: true, intervalMs: 500 }],
])('a shared folder, %s', (_name, polling) => {
  it('every file is claimed, taken from the station’s own folder, and gone after its upload; .intake is never a scan', async () => {
    t.fx = await makeQueue(accepting);
    await t.fx.queue.start();
    const scans = join(t.fx.dir, 'scans');
    // Another station's claimed file, within its lease: not this station's, and not waiting here.
    const other = join(scans, '.intake', 'claimed', 'station-other');
    await mkdir(other, { recursive: true });
    await writeFile(join(other, 'not-yours.pdf'), 'held by another station');
    await writeFile(join(scans, '.intake', 'stations.json.pdf'), 'a file in .intake that looks like a scan');
    const queue = t.fx.queue;
    t.service = new HotFolderService(queue, new EventBus(), silentLogger, {
      ...FAST,
      shared: shared(() => {
        const c = queue.status().counts;
        return c.queued + c.uploading;
      }),
    });
    await t.service.start([FolderProfileSchema.parse({ id: 's', label: 'S', path: scans, polling, autoSubmit: true })]);
    const contents = new Map<string, string>();
    for (let i = 0; i < 6; i++) {
      const name = `scan_${i}.pdf`;
      const text = `scan number ${i} ${'x'.repeat(100)}`;
      contents.set(name, text);
      if (i % 2 === 0) {
        await writeFile(join(scans, `${name}.tmp`), text);
        await rename(join(scans, `${name}.tmp`), join(scans, name));
      } else {
        const h = await open(join(scans, name), 'w');
        await h.write(text.slice(0, 20));
        await new Promise((r) => setTimeout(r, 100));
        await h.write(text.slice(20));
        await h.close();
      }
    }
    await waitFor(
      async () =>
        (await queue.list({ limit: 100, offset: 0 })).documents.filter((d) => d.state === 'archived').length === 6,
      'six archived',
    );
    const docs = (await queue.list({ limit: 100, offset: 0 })).documents;
    expect(docs.map((d) => d.fileName).sort()).toEqual([...contents.keys()].sort());
    expect((await readdir(scans)).sort()).toEqual(['.intake']);
    expect(await filesUnder(join(scans, '.intake', 'claimed', 'station-here'))).toEqual([]);
    expect(await filesUnder(join(scans, '.intake', 'taken', 'station-here'))).toEqual([]);
    expect(await readFile(join(other, 'not-yours.pdf'), 'utf8')).toBe('held by another station');
    expect(t.service.pending()).toBe(0);
    // The scan's key: the folder's id, its name and its content (item 3 of #28).
    const folderId = (await readFile(join(scans, '.intake', 'folder-id'), 'utf8')).trim();
    const expected = [...contents].map(([name, text]) =>
      scanKeyOf(folderId, name, createHash('sha256').update(text).digest('hex')),
    );
    expect([...keys].sort()).toEqual(expected.sort());
    const stations = t.service.sharedStations().find((f) => f.folderId === 's')?.stations ?? [];
    expect(stations[0]).toMatchObject({ station: 'station-here', self: true, stale: false });
  });
});

describe('a folder without .intake', () => {
  it('is claimed from by default: its .intake/ is made at start, with no setting', async () => {
    t.fx = await makeQueue(accepting);
    await t.fx.queue.start();
    const scans = join(t.fx.dir, 'scans');
    await mkdir(scans, { recursive: true });
    const queue = t.fx.queue;
    t.service = new HotFolderService(queue, new EventBus(), silentLogger, { ...FAST, shared: shared(() => 0) });
    await t.service.start([FolderProfileSchema.parse({ id: 's', label: 'S', path: scans, autoSubmit: true })]);
    await writeFile(join(scans, 'one.pdf'), 'one');
    const doc = await waitFor(
      async () => (await queue.list({ limit: 10, offset: 0 })).documents.find((d) => d.state === 'archived'),
      'archived',
    );
    expect(doc.fileName).toBe('one.pdf');
    expect(await readdir(scans)).toEqual(['.intake']);
    expect(t.service.sharedStations()).toMatchObject([{ folderId: 's', claims: true }]);
    const folderId = (await readFile(join(scans, '.intake', 'folder-id'), 'utf8')).trim();
    expect(keys).toEqual([scanKeyOf(folderId, 'one.pdf', createHash('sha256').update('one').digest('hex'))]);
  });

  it('opted out (shared: false): files are taken in place as before, the reason is reported, keys are still the scan’s', async () => {
    t.fx = await makeQueue(accepting);
    await t.fx.queue.start();
    const scans = join(t.fx.dir, 'scans');
    await mkdir(scans, { recursive: true });
    const queue = t.fx.queue;
    t.service = new HotFolderService(queue, new EventBus(), silentLogger, { ...FAST, shared: shared(() => 0) });
    await t.service.start([
      FolderProfileSchema.parse({ id: 's', label: 'S', path: scans, autoSubmit: true, shared: false }),
    ]);
    await writeFile(join(scans, 'one.pdf'), 'one');
    const doc = await waitFor(
      async () => (await queue.list({ limit: 10, offset: 0 })).documents.find((d) => d.state === 'archived'),
      'archived',
    );
    expect(doc.fileName).toBe('one.pdf');
    expect(await readdir(scans)).toEqual([]);
    expect(t.service.sharedStations()).toEqual([
      { folderId: 's', path: scans, claims: false, reason: 'opted_out', stations: [] },
    ]);
    expect(keys).toEqual([scanKeyOf(scans, 'one.pdf', createHash('sha256').update('one').digest('hex'))]);
  });

  it('read-only for this station: taken in place, and the status says read_only', async () => {
    t.fx = await makeQueue(accepting);
    await t.fx.queue.start();
    const scans = join(t.fx.dir, 'scans');
    await mkdir(scans, { recursive: true });
    await writeFile(join(scans, 'one.pdf'), 'one');
    // The test runs as root, whom permissions do not stop: a read-only bind of the folder stands in for a
    // share mounted read-only; elsewhere a folder without write permission does.
    const ro = join(t.fx.dir, 'ro');
    await mkdir(ro);
    const bound = await readOnlyView(scans, ro);
    try {
      const queue = t.fx.queue;
      t.service = new HotFolderService(queue, new EventBus(), silentLogger, { ...FAST, shared: shared(() => 0) });
      await t.service.start([FolderProfileSchema.parse({ id: 's', label: 'S', path: bound, autoSubmit: false })]);
      const doc = await waitFor(
        async () => (await queue.list({ limit: 10, offset: 0 })).documents.find((d) => d.fileName === 'one.pdf'),
        'taken',
      );
      expect(doc.state).toBe('new');
      expect(t.service.sharedStations()).toEqual([
        { folderId: 's', path: bound, claims: false, reason: 'read_only', stations: [] },
      ]);
      expect(await readdir(scans)).toEqual(['one.pdf']);
    } finally {
      await t.service?.stop();
      t.service = undefined;
      await unbind(bound);
    }
  });
});

/** A read-only view of `dir` at `at`: a read-only bind mount as root, else the folder without write permission. */
async function readOnlyView(dir: string, at: string): Promise<string> {
  if (process.getuid?.() === 0) {
    execFileSync('mount', ['--bind', '-o', 'ro', dir, at]);
    return at;
  }
  await chmod(dir, 0o555);
  return dir;
}

async function unbind(path: string): Promise<void> {
  if (process.getuid?.() === 0) execFileSync('umount', [path]);
  else await chmod(path, 0o755);
}
