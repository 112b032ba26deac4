/**
 * Where an office keeps its documents' bytes (issue #50 item 1): in the office database (chunks of bytea,
 * office/office-document-content.ts) or in a folder of the office share (a real SMB share, mounted through
 * gvfs as a station mounts it; the spool's own protocol there: `.partial`, fsync, rename), against this
 * station's local disk (its spool) as the baseline, in the same run. Measured through the port's own
 * implementations (queue/document-content.ts): storing a local file and copying it out again, 100 KB, 2 MB,
 * 20 MB and 300 MB; the station's peak RSS while it moves the 300 MB file (a child process per place,
 * office/test-support/move-one-document.ts: the kernel's peak, reset between store and copy); two stations storing at once; the database's chunk size.
 * The database is a private cluster of Debian's PostgreSQL with fsync on, as a real server runs.
 *
 *   SHARE=$(scripts/smb-share.sh start "$TMPDIR/smb" 2)
 *   npx tsx bench/office-document-bytes.ts --share "$SHARE" [--quick]
 *   scripts/smb-share.sh stop "$TMPDIR/smb"
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ContentFingerprint, DocumentContent } from '../electron/core/queue/document-content';
import { SpoolDocumentContent } from '../electron/core/queue/document-content';
import { Spool } from '../electron/core/queue/spool';
import { OfficeDatabase } from '../electron/core/office/office-database';
import { OfficeDocumentContent } from '../electron/core/office/office-document-content';
import { moveOneDocumentInAChild } from '../electron/core/office/test-support/move-one-document-process';
import { officeAddress } from '../electron/core/office/test-support/office-fixture';
import { startPrivatePostgres } from '../electron/core/office/test-support/private-postgres';
import { silentLogger } from '../electron/core/util/logger';
import { workDir } from './bench-support';

const MB = 1_000_000;
type PlaceName = 'local' | 'share' | 'office';
interface Place {
  name: PlaceName;
  content: DocumentContent;
  close(): Promise<void>;
}

function argOf(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

/** A file of random bytes (scans are compressed: nothing for TOAST or SMB to squeeze), written in 1 MB steps. */
async function scanFile(path: string, size: number): Promise<ContentFingerprint> {
  const { createHash } = await import('node:crypto');
  const hash = createHash('sha256');
  async function* chunks() {
    for (let left = size; left > 0; left -= MB) {
      const chunk = randomBytes(Math.min(MB, left));
      hash.update(chunk);
      yield chunk;
    }
  }
  await pipeline(chunks(), createWriteStream(path));
  return { size, sha256: hash.digest('hex') };
}

async function openPlace(name: PlaceName, o: { dir: string; url?: string; chunkBytes?: number }): Promise<Place> {
  if (name === 'office') {
    if (!o.url) throw new Error('no database');
    const db = new OfficeDatabase({ address: officeAddress(o.url), logger: silentLogger, poolSize: 2 });
    await db.open();
    return {
      name,
      content: new OfficeDocumentContent(db, {
        stationId: 'bench',
        ...(o.chunkBytes ? { chunkBytes: o.chunkBytes } : {}),
      }),
      close: () => db.close(),
    };
  }
  const spool = new Spool(o.dir);
  await spool.init();
  return { name, content: new SpoolDocumentContent(spool), close: async () => undefined };
}

const seconds = (t: number) => (performance.now() - t) / 1000;

/** Stores `file` as `count` documents, then copies each out: MB/s of each direction. */
async function putGet(
  place: Place,
  file: string,
  fp: ContentFingerprint,
  count: number,
  outDir: string,
  tag: string,
): Promise<{ put: number; get: number }> {
  let t = performance.now();
  for (let i = 0; i < count; i++) await place.content.store(`${tag}-${i}`, file, fp);
  const put = (fp.size * count) / MB / seconds(t);
  t = performance.now();
  for (let i = 0; i < count; i++) await place.content.copyOut(`${tag}-${i}`, join(outDir, `${tag}-${i}`), fp);
  const get = (fp.size * count) / MB / seconds(t);
  for (let i = 0; i < count; i++) {
    await place.content.remove(`${tag}-${i}`);
    await rm(join(outDir, `${tag}-${i}`), { force: true });
  }
  return { put, get };
}

const fmt = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const load = () => loadavg()[0]!.toFixed(1);

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const shares = (argOf('--share') ?? '').split(',').filter(Boolean);
  const dir = workDir('document-bytes');
  const server = await startPrivatePostgres({ durable: true });
  const places: Place[] = [];
  try {
    const url = await server.createDatabase('office');
    const src = join(dir, 'src');
    const out = join(dir, 'out');
    await mkdir(src);
    await mkdir(out);
    const local = join(dir, 'local-spool');
    const shareDirs = shares.map((s, i) => join(s, `bench-documents-${process.pid}-${i}`));
    const names: PlaceName[] = ['local', ...(shares.length ? (['share'] as const) : []), 'office'];
    const dirOf = (n: PlaceName, station = 0) => (n === 'share' ? shareDirs[station]! : `${local}-${station}`);
    for (const n of names) places.push(await openPlace(n, { dir: dirOf(n), url }));
    console.log(`# ${new Date().toISOString()} load ${load()}; places: ${names.join(', ')}`);

    const sizes = quick
      ? [
          { label: '100 KB', size: 100_000, count: 10 },
          { label: '2 MB', size: 2 * MB, count: 3 },
          { label: '20 MB', size: 20 * MB, count: 1 },
        ]
      : [
          { label: '100 KB', size: 100_000, count: 30 },
          { label: '2 MB', size: 2 * MB, count: 10 },
          { label: '20 MB', size: 20 * MB, count: 3 },
        ];
    console.log('\n| Size × count | ' + names.map((n) => `${n} store / copy out, MB/s`).join(' | ') + ' | load |');
    for (const s of sizes) {
      const file = join(src, `scan-${s.size}`);
      const fp = await scanFile(file, s.size);
      const row: string[] = [];
      let base = { put: NaN, get: NaN };
      for (const p of places) {
        const r = await putGet(p, file, fp, s.count, out, `${p.name}-${s.size}`);
        if (p.name === 'local') base = r;
        row.push(
          p.name === 'local'
            ? `${fmt(r.put)} / ${fmt(r.get)}`
            : `${fmt(r.put)} / ${fmt(r.get)} (${(r.put / base.put).toFixed(2)}× / ${(r.get / base.get).toFixed(2)}×)`,
        );
      }
      console.log(`| ${s.label} × ${s.count} | ${row.join(' | ')} | ${load()} |`);
    }

    // The database's chunk size, on 20 MB (3 documents).
    console.log('\n| Chunk | store / copy out, MB/s | load |');
    const file20 = join(src, `scan-${20 * MB}`);
    const fp20 = await scanFile(file20, 20 * MB);
    for (const chunkBytes of [256 * 1024, 1024 * 1024, 4 * 1024 * 1024]) {
      const p = await openPlace('office', { dir: '', url, chunkBytes });
      const r = await putGet(p, file20, fp20, quick ? 1 : 3, out, `chunk-${chunkBytes}`);
      await p.close();
      console.log(`| ${chunkBytes / 1024} KiB | ${fmt(r.put)} / ${fmt(r.get)} | ${load()} |`);
    }
    // How a chunk is read back: base64 text (what office-document-content.ts does), node-postgres's default
    // hex text, and base64 four chunks per statement; 3 rounds alternated, 20 MB each.
    {
      const reader = new OfficeDatabase({ address: officeAddress(url), logger: silentLogger });
      const office = new OfficeDocumentContent(reader, { stationId: 'bench' });
      await office.store('read-modes', file20, fp20);
      const modes: Record<string, () => Promise<number>> = {
        'base64, 1 per statement': async () => {
          let n = 0;
          for (let i = 0; i < 20; i++) {
            const r = await reader.query<{ b: string }>(
              `SELECT encode(bytes, 'base64') AS b FROM office_document_chunks WHERE document_id = 'read-modes' AND seq = $1`,
              [i],
            );
            n += Buffer.from(r.rows[0]!.b, 'base64').length;
          }
          return n;
        },
        'hex (bytea as node-postgres reads it)': async () => {
          let n = 0;
          for (let i = 0; i < 20; i++) {
            const r = await reader.query<{ bytes: Buffer }>(
              `SELECT bytes FROM office_document_chunks WHERE document_id = 'read-modes' AND seq = $1`,
              [i],
            );
            n += r.rows[0]!.bytes.length;
          }
          return n;
        },
        'base64, 4 per statement': async () => {
          let n = 0;
          for (let i = 0; i < 20; i += 4) {
            const r = await reader.query<{ b: string }>(
              `SELECT encode(bytes, 'base64') AS b FROM office_document_chunks
               WHERE document_id = 'read-modes' AND seq >= $1 AND seq < $1 + 4 ORDER BY seq`,
              [i],
            );
            for (const row of r.rows) n += Buffer.from(row.b, 'base64').length;
          }
          return n;
        },
      };
      const rates: Record<string, string[]> = {};
      for (let round = 0; round < 3; round++)
        for (const [mode, read] of Object.entries(modes)) {
          const t = performance.now();
          const bytes = await read();
          (rates[mode] ??= []).push(fmt(bytes / MB / seconds(t)));
        }
      await office.remove('read-modes');
      await reader.close();
      console.log('\n| Reading a chunk back | MB/s, 3 rounds | load |');
      for (const [mode, r] of Object.entries(rates)) console.log(`| ${mode} | ${r.join(', ')} | ${load()} |`);
    }

    // What the bytes take in the database (chunks out of line, uncompressed): 3 × 20 MB stored, then removed.
    const admin = new OfficeDatabase({ address: officeAddress(url), logger: silentLogger });
    await admin.query('VACUUM office_document_chunks');
    const size = async () =>
      Number(
        (await admin.query<{ n: string }>(`SELECT pg_total_relation_size('office_document_chunks')::text AS n`)).rows[0]
          ?.n,
      );
    const empty = await size();
    const office = places.find((p) => p.name === 'office')!;
    for (let i = 0; i < 3; i++) await office.content.store(`size-${i}`, file20, fp20);
    const stored = (await size()) - empty;
    for (let i = 0; i < 3; i++) await office.content.remove(`size-${i}`);
    await admin.close();
    console.log(
      `3 × 20 MB take ${(stored / MB).toFixed(1)} MB in office_document_chunks (${(stored / (60 * MB)).toFixed(3)}×)`,
    );

    // Two stations storing at once (each its own pool or its own SMB session), 20 MB × 3 each.
    console.log('\n| Two stations at once, 20 MB × 3 each | aggregate store MB/s | one station alone | load |');
    for (const n of names) {
      if (n === 'share' && shareDirs.length < 2) continue;
      const two = [await openPlace(n, { dir: dirOf(n, 0), url }), await openPlace(n, { dir: dirOf(n, 1), url })];
      const count = quick ? 1 : 3;
      let t = performance.now();
      for (let i = 0; i < count; i++) await two[0]!.content.store(`alone-${i}`, file20, fp20);
      const alone = (20 * count) / seconds(t);
      t = performance.now();
      await Promise.all(
        two.map(async (p, k) => {
          for (let i = 0; i < count; i++) await p.content.store(`two-${k}-${i}`, file20, fp20);
        }),
      );
      const both = (2 * 20 * count) / seconds(t);
      for (const [k, p] of two.entries()) {
        for (let i = 0; i < count; i++) await p.content.remove(`two-${k}-${i}`);
        if (k === 0) for (let i = 0; i < count; i++) await p.content.remove(`alone-${i}`);
        await p.close();
      }
      console.log(`| ${n} | ${fmt(both)} | ${fmt(alone)} | ${load()} |`);
    }

    // 300 MB, each place in a child process of its own: throughput and the station's RSS.
    const bigSize = quick ? 100 * MB : 300 * MB;
    const big = join(src, 'big');
    const bigFp = await scanFile(big, bigSize);
    console.log(
      `\n| ${bigSize / MB} MB in a child | store MB/s | copy out MB/s | RSS before | peak storing | peak copying | load |`,
    );
    let baseBig = { put: NaN, get: NaN };
    for (const n of names) {
      const r = await moveOneDocumentInAChild({
        place: n === 'office' ? 'office' : 'spool',
        dir: dirOf(n),
        url,
        file: big,
        fingerprint: bigFp,
        out,
      });
      const put = bigSize / MB / r.storeSeconds;
      const get = bigSize / MB / r.copySeconds;
      if (n === 'local') baseBig = { put, get };
      const ratio = n === 'local' ? '' : ` (${(put / baseBig.put).toFixed(2)}×)`;
      const ratioGet = n === 'local' ? '' : ` (${(get / baseBig.get).toFixed(2)}×)`;
      console.log(
        `| ${n} | ${fmt(put)}${ratio} | ${fmt(get)}${ratioGet} | ${(r.before / 1024).toFixed(0)} MB | ` +
          `${(r.peakStoring / 1024).toFixed(0)} MB | ${(r.peakCopying / 1024).toFixed(0)} MB | ${load()} |`,
      );
    }
  } finally {
    for (const p of places) await p.close().catch(() => undefined);
    await server.destroy();
    for (const [i, s] of shares.entries())
      await rm(join(s, `bench-documents-${process.pid}-${i}`), { recursive: true, force: true });
    await rm(dir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
