import { open } from 'node:fs/promises';

/**
 * Makes the entries of a folder durable (a rename or a new file in it), on POSIX by fsyncing the folder.
 * Windows cannot do that: opening a folder as a file fails (EISDIR) and FlushFileBuffers on a folder handle
 * fails with EPERM, so an fsync there would fail every intake; NTFS journals its metadata (renames, new
 * entries) itself. The one place for this rule: the spool, the archive, settings and the secrets file use it.
 * `platform` is a parameter so the Windows rule is tested on any machine.
 */
export async function fsyncDirectory(dir: string, platform: NodeJS.Platform = process.platform): Promise<void> {
  if (platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
