import { chmod, mkdir, mkdtemp, realpath, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderToOpen } from './folder-to-open';

describe('folderToOpen (tray "open folder")', () => {
  let root: string;
  beforeAll(async () => {
    // Real path: on macOS the temp folder is itself behind a link.
    root = await realpath(await mkdtemp(join(tmpdir(), 'intake-open-folder-')));
    await mkdir(join(root, 'inbox'));
    await writeFile(join(root, 'run-me.sh'), '#!/bin/sh\ntouch "$(dirname "$0")/ran"\n');
    await chmod(join(root, 'run-me.sh'), 0o755);
    await symlink(join(root, 'run-me.sh'), join(root, 'looks-like-a-folder'));
    await symlink(join(root, 'inbox'), join(root, 'inbox-link'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('opens a real directory', async () => {
    expect(await folderToOpen(join(root, 'inbox'))).toEqual({ ok: true, path: join(root, 'inbox') });
  });

  it('refuses an executable file, so the shell never runs it', async () => {
    expect(await folderToOpen(join(root, 'run-me.sh'))).toEqual({
      ok: false,
      reason: `${join(root, 'run-me.sh')} is not a folder`,
    });
  });

  it('refuses a link to a file, and opens a link to a folder by its real path', async () => {
    expect(await folderToOpen(join(root, 'looks-like-a-folder'))).toMatchObject({ ok: false });
    expect(await folderToOpen(join(root, 'inbox-link'))).toEqual({ ok: true, path: join(root, 'inbox') });
  });

  it('refuses a missing path and an empty one', async () => {
    expect(await folderToOpen(join(root, 'gone'))).toEqual({
      ok: false,
      reason: `${join(root, 'gone')} cannot be opened (ENOENT)`,
    });
    expect(await folderToOpen('')).toMatchObject({ ok: false });
  });
});
