import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { FolderProfileSchema } from '../../../shared/domain/settings';
import { silentLogger } from '../util/logger';
import { HotFolder } from './hot-folder';

// The queue behind isSeen closes right after the folders stop (app shutdown). A rescan still walking
// then asked a closed database ("The database connection is not open", an unhandled rejection in CI).
let dir: string | undefined;
afterEach(async () => {
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
