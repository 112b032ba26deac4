import { randomBytes } from 'node:crypto';
import { open, rename, rm } from 'node:fs/promises';
import { dirname, basename, join } from 'node:path';
import { fsyncDirectory } from './fsync-directory';

/**
 * Replaces a file so that a crash or power loss leaves either the old or the new content, never a torn
 * file: write a temp file in the same folder, fsync it, rename over the target, fsync the folder.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array, mode = 0o600): Promise<void> {
  const temp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  const handle = await open(temp, 'w', mode);
  try {
    await (typeof data === 'string' ? handle.writeFile(data, 'utf8') : handle.writeFile(data));
    await handle.sync();
  } catch (e) {
    await handle.close();
    await rm(temp, { force: true });
    throw e;
  }
  await handle.close();
  try {
    await rename(temp, path);
  } catch (e) {
    await rm(temp, { force: true });
    throw e;
  }
  // The rename itself durable (a no-op on Windows: fsync-directory.ts).
  await fsyncDirectory(dirname(path));
}
