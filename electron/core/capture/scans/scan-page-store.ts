/**
 * The pages of a scan from the desk, on disk as they arrive (issue #38): `<dir>/<batch id>/<n>.<ext>`, one
 * file per page as the scanner sent it (JPEG, PNG, PDF, TIFF), numbered from 1 in scanner order. Each is
 * written to `.partial`, fsynced, renamed, and the folder fsynced before the next page is asked for, so a
 * page the scanner sent is on disk before anything else happens with it. The folder's complete page
 * files *are* the scan: after a crash or kill -9 the pages there are the batch's, each once (a `.partial`
 * is a page that never finished arriving and is removed).
 */
import { readdirSync } from 'node:fs';
import { mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import { join } from 'node:path';

const EXT: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'application/pdf': 'pdf',
  'image/tiff': 'tif',
};
const PAGE_FILE = /^(\d{4,6})\.(jpg|png|pdf|tif)$/;

async function syncDir(dir: string): Promise<void> {
  const d = await open(dir, 'r');
  try {
    await d.sync();
  } finally {
    await d.close();
  }
}

export class ScanPageStore {
  constructor(readonly dir: string) {}

  folderOf(batchId: string): string {
    return join(this.dir, batchId);
  }

  /** The batch's complete pages, in scanner order (0-based index = position). */
  async pages(batchId: string): Promise<string[]> {
    const names = await readdir(this.folderOf(batchId)).catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return [] as string[];
      throw e;
    });
    return names
      .filter((n) => PAGE_FILE.test(n))
      .sort((a, b) => Number(PAGE_FILE.exec(a)![1]) - Number(PAGE_FILE.exec(b)![1]))
      .map((n) => join(this.folderOf(batchId), n));
  }

  /** Page `index` (0-based) of the batch, if it is there: for the review's thumbnails (a content read, sync). */
  pageFile(batchId: string, index: number): string | undefined {
    const stem = String(index + 1).padStart(4, '0');
    let names: string[];
    try {
      names = readdirSync(this.folderOf(batchId));
    } catch {
      return undefined;
    }
    const name = names.find((n) => PAGE_FILE.test(n) && n.startsWith(`${stem}.`));
    return name ? join(this.folderOf(batchId), name) : undefined;
  }

  /** Writes page `index` (0-based) durably; returns its path. */
  async write(batchId: string, index: number, bytes: Uint8Array, mediaType: string): Promise<string> {
    const folder = this.folderOf(batchId);
    await mkdir(folder, { recursive: true });
    const path = join(folder, `${String(index + 1).padStart(4, '0')}.${EXT[mediaType] ?? 'jpg'}`);
    const partial = `${path}.partial`;
    const f = await open(partial, 'w', 0o600);
    try {
      await f.writeFile(bytes);
      await f.sync();
    } finally {
      await f.close();
    }
    await rename(partial, path);
    await syncDir(folder);
    return path;
  }

  /** Removes pages that never finished arriving (a `.partial` left by a crash). */
  async sweepPartial(batchId: string): Promise<void> {
    const folder = this.folderOf(batchId);
    for (const n of await readdir(folder).catch(() => [] as string[]))
      if (n.endsWith('.partial')) await rm(join(folder, n), { force: true });
  }

  async remove(batchId: string): Promise<void> {
    await rm(this.folderOf(batchId), { recursive: true, force: true });
  }

  /** Batch folders on disk (start-up sweeps those no open batch owns). */
  async batches(): Promise<string[]> {
    return readdir(this.dir).catch(() => [] as string[]);
  }
}
