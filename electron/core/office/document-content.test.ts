import { execFileSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ContentFingerprint, DocumentContent } from '../queue/document-content';
import { SpoolDocumentContent } from '../queue/document-content';
import { Spool } from '../queue/spool';
import type { OfficeDatabase } from './office-database';
import { OfficeDocumentContent } from './office-document-content';
import { moveOneDocumentInAChild } from './test-support/move-one-document-process';
import { addOfficeDocument, officeDatabaseOf } from './test-support/office-fixture';
import type { PrivatePostgres } from './test-support/private-postgres';
import { startPrivatePostgres } from './test-support/private-postgres';

// Where a document's bytes are kept (issue #50 item 1): one contract for this station's spool and for the
// office database (a real PostgreSQL), then what only the database can meet: another station reading the
// bytes, and the server gone in the middle of a store or a copy.

let server: PrivatePostgres;
let url: string;
let work: string;
const opened: OfficeDatabase[] = [];
const mounted: string[] = [];

beforeAll(async () => {
  server = await startPrivatePostgres();
  url = await server.createDatabase();
  work = await mkdtemp(join(tmpdir(), 'document-content-'));
});
afterEach(async () => {
  for (const db of opened.splice(0)) await db.close().catch(() => undefined);
  for (const dir of mounted.splice(0)) execFileSync('umount', ['-l', dir]);
});
afterAll(async () => {
  await server?.destroy();
  await rm(work, { recursive: true, force: true });
});

let made = 0;
async function freshDir(name: string): Promise<string> {
  const dir = join(work, `${name}-${++made}`);
  await mkdir(dir, { recursive: true });
  return dir;
}

async function station(o: ConstructorParameters<typeof OfficeDocumentContent>[1] = {}): Promise<OfficeDocumentContent> {
  const { db } = officeDatabaseOf(url, { poolSize: 2 });
  opened.push(db);
  await db.open();
  return new OfficeDocumentContent(db, { stationId: 'station-a', ...o });
}

/** A scan of `size` random bytes (scans do not compress) in a folder of its own, and its fingerprint. */
async function scan(size: number): Promise<{ path: string; bytes: Buffer; fingerprint: ContentFingerprint }> {
  const bytes = randomBytes(size);
  const path = join(await freshDir('scan'), 'scan.pdf');
  await writeFile(path, bytes);
  return { path, bytes, fingerprint: { size, sha256: createHash('sha256').update(bytes).digest('hex') } };
}

/** A folder on a tmpfs of `bytes` (root only): a disk that fills up. */
async function smallDisk(bytes: number): Promise<string> {
  const dir = await freshDir('small-disk');
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes}`, 'tmpfs', dir]);
  mounted.push(dir);
  return dir;
}

const asRoot = userInfo().uid === 0;

const places: Array<{ name: string; make: () => Promise<DocumentContent> }> = [
  {
    name: "this station's spool",
    make: async () => {
      const spool = new Spool(await freshDir('spool'));
      await spool.init();
      return new SpoolDocumentContent(spool);
    },
  },
  // Small chunks: a 2.5 MB scan is many of them, and the last one short.
  { name: 'the office database', make: () => station({ chunkBytes: 256 * 1024 }) },
];

describe.each(places)('the documents’ bytes in $name', ({ make }) => {
  it('gives back exactly the bytes stored, through a complete file at the asked name', async () => {
    const content = await make();
    const { path, bytes, fingerprint } = await scan(2_500_000);
    expect(await content.exists('doc-1')).toBe(false);
    expect(await content.store('doc-1', path, fingerprint)).toEqual(fingerprint);
    expect(await content.exists('doc-1')).toBe(true);
    const out = join(await freshDir('out'), 'doc-1.pdf');
    expect(await content.copyOut('doc-1', out, fingerprint)).toEqual(fingerprint);
    expect((await readFile(out)).equals(bytes)).toBe(true);
    expect(await readdir(join(out, '..'))).toEqual(['doc-1.pdf']);
  });

  it('keeps an empty document, and replaces the bytes of a document stored again', async () => {
    const content = await make();
    const empty = await scan(0);
    await content.store('doc-empty', empty.path);
    const out = join(await freshDir('out'), 'empty');
    expect(await content.copyOut('doc-empty', out, empty.fingerprint)).toEqual(empty.fingerprint);
    expect((await readFile(out)).length).toBe(0);
    const first = await scan(300_000);
    const second = await scan(700_000);
    await content.store('doc-2', first.path);
    await content.store('doc-2', second.path);
    const again = join(await freshDir('out'), 'doc-2');
    await content.copyOut('doc-2', again, second.fingerprint);
    expect((await readFile(again)).equals(second.bytes)).toBe(true);
  });

  it('leaves nothing at the asked name when the bytes are not what the document says (a torn copy)', async () => {
    const content = await make();
    const { path, fingerprint } = await scan(600_000);
    await content.store('doc-3', path);
    const dir = await freshDir('out');
    const out = join(dir, 'doc-3.pdf');
    for (const wrong of [
      { size: fingerprint.size, sha256: 'f'.repeat(64) },
      { size: fingerprint.size + 1, sha256: fingerprint.sha256 },
      { size: fingerprint.size - 1, sha256: fingerprint.sha256 },
    ])
      await expect(content.copyOut('doc-3', out, wrong)).rejects.toMatchObject({
        code: 'content.torn',
        message: expect.stringMatching(/^document doc-3's bytes were not copied .*: .*nothing was left at /),
      });
    expect(await readdir(dir)).toEqual([]);
  });

  it('refuses to store a file that is not the bytes its document records, and stores nothing', async () => {
    const content = await make();
    const { path, fingerprint } = await scan(400_000);
    await expect(content.store('doc-4', path, { ...fingerprint, sha256: '0'.repeat(64) })).rejects.toMatchObject({
      code: 'content.changed',
      message: expect.stringContaining(`document doc-4's bytes were not stored: ${path} has 400000 bytes`),
    });
    expect(await content.exists('doc-4')).toBe(false);
  });

  it('says which file it could not store', async () => {
    const content = await make();
    const missing = join(await freshDir('gone'), 'scan.pdf');
    await expect(content.store('doc-5', missing)).rejects.toMatchObject({
      code: 'content.store_failed',
      message: expect.stringMatching(/^document doc-5's bytes were not stored in .*ENOENT/),
    });
    expect(await content.exists('doc-5')).toBe(false);
  });

  it('removes the bytes (twice is no error); a copy of removed bytes says there are none', async () => {
    const content = await make();
    const { path, fingerprint } = await scan(100_000);
    await content.store('doc-6', path);
    await content.remove('doc-6');
    await content.remove('doc-6');
    expect(await content.exists('doc-6')).toBe(false);
    const dir = await freshDir('out');
    await expect(content.copyOut('doc-6', join(dir, 'doc-6'), fingerprint)).rejects.toMatchObject({
      code: 'content.missing',
      kind: 'not_found',
    });
    expect(await readdir(dir)).toEqual([]);
  });

  it.runIf(asRoot)('fails clearly on a full disk and leaves no half file behind (a tmpfs, as root)', async () => {
    const content = await make();
    const { path, fingerprint } = await scan(3_000_000);
    await content.store('doc-7', path);
    const disk = await smallDisk(1024 * 1024);
    await expect(content.copyOut('doc-7', join(disk, 'doc-7.pdf'), fingerprint)).rejects.toMatchObject({
      code: 'content.copy_failed',
      message: expect.stringMatching(
        /^document doc-7's bytes were not copied .*: no space left on the disk \(ENOSPC\)$/,
      ),
    });
    expect(await readdir(disk)).toEqual([]);
  });
});

it.runIf(asRoot)("a full spool disk stores nothing and says so (the station's own spool, as root)", async () => {
  const spool = new Spool(await smallDisk(1024 * 1024));
  await spool.init();
  const content = new SpoolDocumentContent(spool);
  const { path } = await scan(3_000_000);
  await expect(content.store('doc-8', path)).rejects.toMatchObject({
    code: 'content.store_failed',
    message: expect.stringMatching(/^document doc-8's bytes were not stored in this station's spool .*ENOSPC/),
  });
  expect(await readdir(spool.dir)).toEqual([]);
});

it("names a spool file it cannot read, and leaves no copy (the station's own spool)", async () => {
  const spool = new Spool(await freshDir('spool'));
  await spool.init();
  const content = new SpoolDocumentContent(spool);
  const { path, fingerprint } = await scan(10_000);
  await content.store('doc-9', path);
  // Where the spool's file was, something that opens but does not read (a folder: EISDIR).
  await rm(spool.pathOf('doc-9'));
  await mkdir(spool.pathOf('doc-9'));
  const dir = await freshDir('out');
  await expect(content.copyOut('doc-9', join(dir, 'doc-9'), fingerprint)).rejects.toMatchObject({
    code: 'content.copy_failed',
    message: expect.stringMatching(/^document doc-9's bytes were not copied from this station's spool .*EISDIR/),
  });
  expect(await readdir(dir)).toEqual([]);
});

describe('the documents’ bytes in the office database, between stations and through outages', () => {
  it('are read by another station: a document is sent by any station online', async () => {
    const a = await station();
    const b = await station();
    const { path, bytes, fingerprint } = await scan(1_500_000);
    await a.store('doc-10', path, fingerprint);
    expect(await b.exists('doc-10')).toBe(true);
    const out = join(await freshDir('station-b'), 'doc-10.pdf');
    await b.copyOut('doc-10', out, fingerprint);
    expect((await readFile(out)).equals(bytes)).toBe(true);
  });

  it('two asking for one document at once (the preview and the text reader) both get it, through one copy', async () => {
    const a = await station();
    const b = await station();
    const { path, bytes, fingerprint } = await scan(1_500_000);
    await a.store('doc-21', path, fingerprint);
    const out = join(await freshDir('station-b'), 'doc-21.pdf');
    // Before: both wrote one `.partial` file; one rename found it gone (content.copy_failed), or a copy tore.
    const both = await Promise.allSettled([0, 1, 2].map(() => b.copyOut('doc-21', out, fingerprint)));
    expect(both.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
    expect((await readFile(out)).equals(bytes)).toBe(true);
    expect(await readdir(join(out, '..'))).toEqual(['doc-21.pdf']);
  });

  it('shows another station none of a store in progress, and all of it once stored', async () => {
    const other = await station();
    const seen: boolean[] = [];
    const content = await station({
      chunkBytes: 64 * 1024,
      onProgress: async () => {
        seen.push(await other.exists('doc-14'));
      },
    });
    const { path, fingerprint } = await scan(300_000);
    await content.store('doc-14', path, fingerprint);
    expect(seen).toEqual([false, false, false, false, false]);
    expect(await other.exists('doc-14')).toBe(true);
  });

  it('sweeps bytes no document names once they are old enough, and only those', async () => {
    const content = await station();
    const { db } = officeDatabaseOf(url);
    opened.push(db);
    const { path } = await scan(10_000);
    await db.query(`INSERT INTO office_stations (id, name) VALUES ('station-a', 'PC a') ON CONFLICT DO NOTHING`);
    await addOfficeDocument(db, { id: 'doc-owned', stationId: 'station-a' });
    for (const id of ['doc-owned', 'doc-orphan', 'doc-arriving']) await content.store(id, path);
    // The orphan was stored an hour ago (a station that stopped before writing its row); the other just now.
    await db.query(
      `UPDATE office_document_content SET stored_at = clock_timestamp() - interval '1 hour'
       WHERE document_id IN ('doc-owned', 'doc-orphan')`,
    );
    expect(await content.sweepUnowned(600)).toEqual(['doc-orphan']);
    expect(await content.exists('doc-orphan')).toBe(false);
    expect(await content.exists('doc-owned')).toBe(true);
    expect(await content.exists('doc-arriving')).toBe(true);
    const { rows } = await db.query(`SELECT 1 FROM office_document_chunks WHERE document_id = 'doc-orphan'`);
    expect(rows).toEqual([]);
  });

  it('keeps the bytes stored before when the server goes away in the middle of storing new ones', async () => {
    let stopOnce: (() => Promise<void>) | undefined;
    const content = await station({
      chunkBytes: 64 * 1024,
      onProgress: async () => {
        const stop = stopOnce;
        stopOnce = undefined;
        await stop?.();
      },
    });
    const before = await scan(200_000);
    await content.store('doc-11', before.path);
    const after = await scan(1_000_000);
    stopOnce = () => server.stop('immediate');
    await expect(content.store('doc-11', after.path)).rejects.toMatchObject({
      code: 'office.unreachable',
      retryable: true,
      message: expect.stringMatching(
        /^document doc-11's bytes were not stored in the office database .*cannot be reached/,
      ),
    });
    await server.start();
    const out = join(await freshDir('out'), 'doc-11');
    await content.copyOut('doc-11', out, before.fingerprint);
    expect((await readFile(out)).equals(before.bytes)).toBe(true);
    // A first store cut off the same way leaves no bytes at all.
    stopOnce = () => server.stop('immediate');
    await expect(content.store('doc-12', after.path)).rejects.toMatchObject({ code: 'office.unreachable' });
    await server.start();
    expect(await content.exists('doc-12')).toBe(false);
  });

  it('fails a copy whose server goes away in the middle, leaving no half file that looks whole', async () => {
    let stopOnce: (() => Promise<void>) | undefined;
    const content = await station({
      chunkBytes: 64 * 1024,
      onProgress: async ({ bytes }) => {
        const stop = stopOnce;
        stopOnce = undefined;
        // Stopped with part of the document written to the local file (progress, not time).
        if (stop) {
          expect(bytes).toBeGreaterThan(0);
          await stop();
        }
      },
    });
    const { path, bytes, fingerprint } = await scan(1_000_000);
    await content.store('doc-13', path);
    const dir = await freshDir('out');
    const out = join(dir, 'doc-13.pdf');
    stopOnce = () => server.stop('immediate');
    await expect(content.copyOut('doc-13', out, fingerprint)).rejects.toMatchObject({
      code: 'office.unreachable',
      retryable: true,
      message: expect.stringMatching(
        new RegExp(
          `^document doc-13's bytes were not copied from the office database .* to ${out}: .*cannot be reached`,
        ),
      ),
    });
    expect(existsSync(out)).toBe(false);
    expect(await readdir(dir)).toEqual([]);
    await server.start();
    await content.copyOut('doc-13', out, fingerprint);
    expect((await readFile(out)).equals(bytes)).toBe(true);
  });
});

/** The memory a station may spend moving one document's bytes, whatever its size (docs/deployment.md §11). */
const MOVE_BUDGET_MIB = 128;

describe('a 300 MB scan', () => {
  it(`is stored in and copied out of the office database within ${MOVE_BUDGET_MIB} MiB of the station's memory`, async () => {
    const size = 300 * 1024 * 1024;
    const dir = await freshDir('huge');
    const file = join(dir, 'huge.tif');
    const hash = createHash('sha256');
    // Written a MiB at a time: the test's own process does not hold it either.
    await pipeline(
      (async function* () {
        for (let left = size; left > 0; left -= 1024 * 1024) {
          const chunk = randomBytes(Math.min(1024 * 1024, left));
          hash.update(chunk);
          yield chunk;
        }
      })(),
      createWriteStream(file),
    );
    const moved = await moveOneDocumentInAChild({
      place: 'office',
      url,
      file,
      fingerprint: { size, sha256: hash.digest('hex') },
      out: await freshDir('huge-out'),
    });
    const mib = (kib: number) => Math.round(kib / 1024);
    // Growth above the station's memory before the move (its pool open, its code loaded), from the kernel.
    const growth = { storing: mib(moved.peakStoring - moved.before), copying: mib(moved.peakCopying - moved.before) };
    expect(growth.storing, `storing: MiB above ${mib(moved.before)} MiB`).toBeLessThanOrEqual(MOVE_BUDGET_MIB);
    expect(growth.copying, `copying: MiB above ${mib(moved.before)} MiB`).toBeLessThanOrEqual(MOVE_BUDGET_MIB);
    await rm(file);
  });
});
