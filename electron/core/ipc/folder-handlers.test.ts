import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rejection } from '../test-support/rejection';
import { createFolderHandlers, inspectFolder } from './folder-handlers';

const dir = mkdtempSync(join(tmpdir(), 'folder-inspect-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('inspectFolder', () => {
  it('tells a folder, a missing path, a file and a path through a file apart', async () => {
    writeFileSync(join(dir, 'file.txt'), 'x');
    expect(await inspectFolder(dir)).toEqual({ path: dir, state: 'folder' });
    expect((await inspectFolder(join(dir, 'gone'))).state).toBe('missing');
    expect((await inspectFolder(join(dir, 'file.txt'))).state).toBe('not_a_folder');
    expect((await inspectFolder(join(dir, 'file.txt', 'below'))).state).toBe('missing');
  });

  it('says a link to a folder is a link: the watcher does not follow it, so the folder itself is to be named', async () => {
    mkdirSync(join(dir, 'real'));
    symlinkSync(join(dir, 'real'), join(dir, 'shortcut'));
    expect(await inspectFolder(join(dir, 'shortcut'))).toEqual({ path: join(dir, 'shortcut'), state: 'link' });
    expect((await inspectFolder(join(dir, 'real'))).state).toBe('folder');
  });

  it('a shared folder (#28): the stations whose heartbeats it holds', async () => {
    const shared = join(dir, 'shared');
    mkdirSync(join(shared, '.intake', 'stations'), { recursive: true });
    const beat = (station: string, host: string) =>
      JSON.stringify({
        station,
        host,
        pid: 1,
        version: '1.4.0',
        lastBeat: '2026-11-26T09:15:20.000Z',
        seq: 3,
        leaseMs: 120_000,
      });
    writeFileSync(join(shared, '.intake', 'stations', 'pc-a-000001.json'), beat('pc-a-000001', 'PC-A'));
    writeFileSync(join(shared, '.intake', 'stations', 'pc-b-000002.json'), beat('pc-b-000002', 'PC-B'));
    writeFileSync(join(shared, '.intake', 'stations', 'broken.json'), '{');
    const r = await inspectFolder(shared);
    expect(r.state).toBe('folder');
    expect(r.shared?.stations.map((s) => [s.station, s.host, s.lastBeat]).sort()).toEqual([
      ['pc-a-000001', 'PC-A', '2026-11-26T09:15:20.000Z'],
      ['pc-b-000002', 'PC-B', '2026-11-26T09:15:20.000Z'],
    ]);
    // Not shared: no `.intake/`, or a link there (never followed).
    expect((await inspectFolder(join(dir, 'real'))).shared).toBeUndefined();
  });

  it('a folder whose files are taken in place (#37): .intake is a file or a link, or the folder is read-only', async () => {
    const fileThere = join(dir, 'intake-file');
    mkdirSync(fileThere);
    writeFileSync(join(fileThere, '.intake'), 'not a folder');
    expect(await inspectFolder(fileThere)).toEqual({ path: fileThere, state: 'folder', inPlace: 'not_a_folder' });
    const linkThere = join(dir, 'intake-link');
    mkdirSync(linkThere);
    symlinkSync(join(dir, 'real'), join(linkThere, '.intake'));
    expect((await inspectFolder(linkThere)).inPlace).toBe('not_a_folder');
    // Read-only: a read-only bind mount as root (whom permissions do not stop), else no write permission.
    const scans = join(dir, 'ro-source');
    const ro = join(dir, 'ro');
    mkdirSync(scans);
    mkdirSync(ro);
    const root = process.getuid?.() === 0;
    if (root) execFileSync('mount', ['--bind', '-o', 'ro', scans, ro]);
    else chmodSync(ro, 0o555);
    try {
      expect(await inspectFolder(ro)).toEqual({ path: ro, state: 'folder', inPlace: 'read_only' });
    } finally {
      if (root) execFileSync('umount', [ro]);
      else chmodSync(ro, 0o755);
    }
    // A writable folder without .intake/ gets one at the first station's start: nothing to say.
    expect(await inspectFolder(scans)).toEqual({ path: scans, state: 'folder' });
  });

  it('answers the absolute path the watcher would use', async () => {
    expect((await inspectFolder('relative/scans')).path).toBe(join(process.cwd(), 'relative/scans'));
  });
});

describe('folders.choose', () => {
  it("asks the shell's folder dialog, with the folder to start in; a cancel is null", async () => {
    const asked: (string | undefined)[] = [];
    const handlers = createFolderHandlers(async (start) => {
      asked.push(start);
      return start === '/srv/scans' ? '/srv/scans/post' : null;
    });
    expect(await handlers['folders.choose']({ defaultPath: '/srv/scans' })).toEqual({ path: '/srv/scans/post' });
    expect(await handlers['folders.choose']({})).toEqual({ path: null });
    expect(asked).toEqual(['/srv/scans', undefined]);
  });

  it('a shell without a dialog (the web shell) says so with its own code', async () => {
    const e = await rejection(createFolderHandlers()['folders.choose']({}));
    expect(e).toMatchObject({ code: 'folders.no_dialog' });
  });
});
