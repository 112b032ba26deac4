import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../util/test-support/temp-dir';
import { idleMs } from '../../util/test-support/box-pace';

// What the claim protocol (claim.ts, shared-folder.ts) needs of the folder, checked between two stations:
// each station its own process, and on a share (SHARED_FOLDER=mountA,mountB from scripts/test-smb.mjs) its
// own mount, so its own SMB session. Without SHARED_FOLDER: one local folder, reached by both.
//
// Measured on SMB through libsmbclient (gvfs and smbnetfs alike, docs/deployment.md §10): of two stations
// renaming one file at once, BOTH renames can report success (SMB2 renames by handle: the second station's
// handle, opened before the first rename, follows the file and moves it on). The protocol survives that by
// its second rename (the commit): the file is in one claim folder only, so one commit wins. That is what the
// race test asserts on a share; on a local folder a rename has exactly one winner. smbnetfs fails the O_EXCL
// test (both creators succeed: it does not honour O_EXCL, which .intake/folder-id relies on); gvfs passes.
const paths = (process.env.SHARED_FOLDER ?? '').split(',').filter((p) => p !== '');
const onShare = paths.length >= 2;
const sub = `semantics-${randomUUID().slice(0, 8)}`;
const A = onShare ? join(paths[0]!, sub) : tempDir('intake-semantics-');
const B = onShare ? join(paths[1]!, sub) : A;
const racers: ChildProcess[] = [];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** How long until `f` holds (ms), or -1 after `ms`. */
async function until(f: () => Promise<boolean>, ms = 3_000): Promise<number> {
  const t = performance.now();
  while (performance.now() - t < ms) {
    if (await f().catch(() => false)) return performance.now() - t;
    await sleep(20);
  }
  return -1;
}
const ask = (racer: ChildProcess, m: { op: 'rename' | 'excl'; from: string; to?: string }) =>
  new Promise<string>((r) => {
    racer.once('message', (v) => r(String(v)));
    racer.send(m);
  });
const both = (ma: Parameters<typeof ask>[1], mb: Parameters<typeof ask>[1]) =>
  Promise.all([ask(racers[0]!, ma), ask(racers[1]!, mb)]);

beforeAll(async () => {
  await mkdir(A, { recursive: true });
  for (let i = 0; i < 2; i++) racers.push(fork(join(import.meta.dirname, 'test-support/fs-racer.mjs')));
});
afterAll(async () => {
  for (const r of racers) r.kill();
  await rm(A, { recursive: true, force: true });
});

describe(`what the claim protocol needs of ${onShare ? 'an SMB share, two sessions' : 'a local folder'}`, () => {
  it('what one station does, the other sees within seconds: new and removed files, size, mtime, a heartbeat', async () => {
    await writeFile(join(A, 'scan.pdf'), 'x');
    expect(await until(async () => (await readdir(B)).includes('scan.pdf'))).toBeGreaterThanOrEqual(0);
    const past = Date.now() - 60_000;
    await utimes(join(A, 'scan.pdf'), new Date(past), new Date(past));
    expect(await until(async () => Math.abs((await stat(join(B, 'scan.pdf'))).mtimeMs - past) < 2_000)).not.toBe(-1);
    await writeFile(join(A, 'scan.pdf'), 'longer now');
    expect(
      await until(async () => {
        const s = await stat(join(B, 'scan.pdf'));
        return s.size === 10 && Math.abs(s.mtimeMs - Date.now()) < 5_000;
      }),
    ).not.toBe(-1);
    // A heartbeat: written under a temporary name, renamed over the last one.
    for (let beat = 0; beat < 5; beat++) {
      await writeFile(join(A, 'beat.json.tmp'), JSON.stringify({ beat }));
      await rename(join(A, 'beat.json.tmp'), join(A, 'beat.json'));
    }
    expect(await until(async () => (await readFile(join(B, 'beat.json'), 'utf8')) === '{"beat":4}')).not.toBe(-1);
    await rm(join(A, 'scan.pdf'));
    expect(await until(async () => !(await readdir(B)).includes('scan.pdf'))).not.toBe(-1);
    // stat may answer from the client's attribute cache a little longer (gvfs: ~1 s): a claim then waits a poll.
    expect(
      await until(() =>
        stat(join(B, 'scan.pdf')).then(
          () => false,
          (e: NodeJS.ErrnoException) => e.code === 'ENOENT',
        ),
      ),
    ).not.toBe(-1);
    // A claim into a station folder that is missing fails as ENOENT and leaves the file (moveInto relies on it).
    await writeFile(join(A, 'late.pdf'), 'x');
    await expect(rename(join(B, 'late.pdf'), join(B, 'missing', 'late.pdf'))).rejects.toMatchObject({ code: 'ENOENT' });
    expect(existsSync(join(A, 'late.pdf'))).toBe(true);
  });

  it(
    'O_EXCL: of two stations creating one name at once, exactly one succeeds',
    { timeout: idleMs(120_000) },
    async () => {
      const rounds = 100;
      const winners: number[] = [];
      for (let i = 0; i < rounds; i++) {
        const r = await both({ op: 'excl', from: join(A, `x${i}`) }, { op: 'excl', from: join(B, `x${i}`) });
        winners.push(r.filter((v) => v === 'ok').length);
        expect(r.filter((v) => v !== 'ok').every((v) => v === 'EEXIST')).toBe(true);
      }
      expect(winners.filter((w) => w !== 1)).toEqual([]);
    },
  );

  it(
    'claim race: never both lose, the file is in one place, and where both claims report success one commit wins',
    { timeout: idleMs(180_000) },
    async () => {
      const rounds = 150;
      for (const s of ['a', 'b']) {
        await mkdir(join(A, 'claimed', s), { recursive: true });
        await mkdir(join(A, 'taken', s), { recursive: true });
      }
      let bothClaimed = 0;
      const bad: string[] = [];
      for (let i = 0; i < rounds; i++) {
        const f = `f${i}.pdf`;
        await writeFile(join(A, f), 'x');
        expect(await until(async () => existsSync(join(B, f)))).not.toBe(-1);
        const claim = await both(
          { op: 'rename', from: join(A, f), to: join(A, 'claimed', 'a', f) },
          { op: 'rename', from: join(B, f), to: join(B, 'claimed', 'b', f) },
        );
        if (claim.every((v) => v !== 'ok')) bad.push(`${f}: both lost the claim (${claim.join(', ')})`);
        if (claim.every((v) => v === 'ok')) bothClaimed++;
        // Each station that thinks it won commits, as the protocol does: rename claimed/<s>/f → taken/<s>/f.
        const commit = await both(
          claim[0] === 'ok'
            ? { op: 'rename', from: join(A, 'claimed', 'a', f), to: join(A, 'taken', 'a', f) }
            : { op: 'excl', from: join(A, 'claimed', 'a', `skip-${f}`) },
          claim[1] === 'ok'
            ? { op: 'rename', from: join(B, 'claimed', 'b', f), to: join(B, 'taken', 'b', f) }
            : { op: 'excl', from: join(B, 'claimed', 'b', `skip-${f}`) },
        );
        const committed = [claim[0] === 'ok' && commit[0] === 'ok', claim[1] === 'ok' && commit[1] === 'ok'];
        if (committed.filter(Boolean).length !== 1) bad.push(`${f}: ${committed.filter(Boolean).length} commits`);
        const where = [join(A, 'taken', 'a', f), join(A, 'taken', 'b', f), join(A, f)].filter((p) => existsSync(p));
        if (where.length !== 1) bad.push(`${f}: found at ${where.length} places`);
      }
      expect(bad).toEqual([]);
      // On a local folder a rename has exactly one winner; on SMB both may report success (see above).
      if (!onShare) expect(bothClaimed).toBe(0);
      else console.info(`share semantics: both claims reported success in ${bothClaimed} of ${rounds} races`);
    },
  );
});
