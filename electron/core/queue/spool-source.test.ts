import { execFileSync } from 'node:child_process';
import { mkdir, readdir, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Spool } from './spool';
import { tempDir } from '../util/test-support/temp-dir';
import { idleMs } from '../util/test-support/box-pace';

// The spool copy is the last check before a scanner's bytes become a document: it opens the file without
// following a link and verifies the opened handle (regular file, same file as the entry in the folder, and
// the entry's folder really inside the watched folder), so a swap after the watcher looked changes nothing.
async function setup() {
  const dir = tempDir('intake-spool-src-');
  const scans = join(dir, 'scans');
  const outside = join(dir, 'outside');
  await mkdir(join(scans, 'sub'), { recursive: true });
  await mkdir(outside, { recursive: true });
  await writeFile(join(outside, 'secret.pdf'), 'not yours');
  const spool = new Spool(join(dir, 'spool'));
  await spool.init();
  return { dir, scans, outside, spool };
}

describe('Spool.copyFrom, the source file', () => {
  it('copies a regular file of the folder (also in a subfolder)', async () => {
    const { scans, spool } = await setup();
    await writeFile(join(scans, 'sub', 'scan.pdf'), 'scan');
    const copy = await spool.copyFrom(join(scans, 'sub', 'scan.pdf'), 'a', scans);
    expect(copy.size).toBe(4);
  });

  it('refuses a link to a file outside the folder, and leaves nothing in the spool', async () => {
    const { scans, outside, spool } = await setup();
    await symlink(join(outside, 'secret.pdf'), join(scans, 'scan.pdf'));
    await expect(spool.copyFrom(join(scans, 'scan.pdf'), 'a', scans)).rejects.toMatchObject({ code: 'ELOOP' });
    expect(await readdir(spool.dir)).toEqual([]);
  });

  it('refuses a file reached through a linked folder (a subfolder swapped for a link)', async () => {
    const { scans, outside, spool } = await setup();
    await symlink(outside, join(scans, 'linked'));
    await expect(spool.copyFrom(join(scans, 'linked', 'secret.pdf'), 'a', scans)).rejects.toMatchObject({
      code: 'file.outside_folder',
    });
    expect(await readdir(spool.dir)).toEqual([]);
  });

  it('refuses a FIFO at once instead of waiting for a writer', { timeout: idleMs(5_000) }, async () => {
    const { scans, spool } = await setup();
    execFileSync('mkfifo', [join(scans, 'pipe.pdf')]);
    await expect(spool.copyFrom(join(scans, 'pipe.pdf'), 'a', scans)).rejects.toMatchObject({
      code: 'file.not_regular',
    });
  });
});
