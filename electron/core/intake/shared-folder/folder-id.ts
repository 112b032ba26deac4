import { randomUUID } from 'node:crypto';
import { open, readFile } from 'node:fs/promises';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The shared folder's own identity, the same from every station whatever path it mounts the share at
 * (`\\nas\scans`, `/mnt/scans`): the first station writes a UUID, exclusively (O_EXCL, honoured by SMB and
 * NFSv3+), and every other one reads it. Part of a scan's Idempotency-Key (scan-key.ts).
 */
export async function folderIdOf(path: string): Promise<string> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const known = (await readFile(path, 'utf8').catch(() => '')).trim();
    if (UUID.test(known)) return known;
    const handle = await open(path, 'wx', 0o644).catch((e: NodeJS.ErrnoException) => e);
    if (!(handle instanceof Error)) {
      const id = randomUUID();
      try {
        await handle.writeFile(`${id}\n`, 'utf8');
        await handle.sync();
      } finally {
        await handle.close();
      }
      return id;
    }
    if (handle.code !== 'EEXIST') throw handle;
    // Another station is writing it this moment: read it again shortly.
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${path} holds no folder id`);
}
