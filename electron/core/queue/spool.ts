import { createHash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { mkdir, open, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { BufferPool } from '../util/buffer-pool';
import { fsyncDirectory } from '../util/fsync-directory';
import { GroupSync } from '../util/group-sync';
import { openSourceFile } from '../util/open-source-file';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../util/private-files';

const PARTIAL = '.partial';
const COPY_CHUNK_BYTES = 1 << 20;
/** The queue copies at most 4 files at a time; more buffers than that would only sit idle. */
const MAX_POOLED_BUFFERS = 4;

/**
 * The file's bytes as views of one buffer: each view is valid until the next one is asked for, which
 * write() does only after hashing and writing the current one.
 */
async function* chunksOf(source: FileHandle, buffer: Buffer): AsyncGenerator<Uint8Array> {
  for (;;) {
    const { bytesRead } = await source.read(buffer, 0, buffer.length, null);
    if (bytesRead === 0) return;
    yield buffer.subarray(0, bytesRead);
    // A short read of a regular file is its end: no extra read (a thread-pool round trip per document) to
    // see 0. Should a file system ever return one mid-file, the copy is short, and the caller's size check
    // (copy.size against the stable size, document-queue.ts ingest) takes the file again.
    if (bytesRead < buffer.length) return;
  }
}

export interface SpoolCopy {
  /** Name inside the spool folder (the document id): never the scanner's file name. */
  name: string;
  path: string;
  size: number;
  sha256: string;
}

/**
 * The app-owned copy of every document, so a queued document no longer depends on the scanner folder.
 * A copy is written as `<id>.partial`, fsynced, renamed to `<id>` and the folder fsynced: after a crash a
 * `.partial` is garbage and a complete name is a complete file.
 */
export class Spool {
  /** Copies finishing together share one flush of the folder (their renames). */
  private readonly dirSync: GroupSync;
  private readonly buffers = new BufferPool(COPY_CHUNK_BYTES, MAX_POOLED_BUFFERS);

  constructor(
    readonly dir: string,
    options: { platform?: NodeJS.Platform } = {},
  ) {
    this.dirSync = new GroupSync(() => fsyncDirectory(dir, options.platform));
  }

  async init(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  }

  pathOf(name: string): string {
    return join(this.dir, name);
  }

  /**
   * Copies a file of `folder` into the spool, hashing it on the way (one read of the source). The source
   * is opened without following links and the handle verified (util/open-source-file.ts).
   */
  async copyFrom(sourcePath: string, name: string, folder = dirname(sourcePath)): Promise<SpoolCopy> {
    const source = await openSourceFile(sourcePath, folder);
    // One buffer per copy, reused for every chunk and then for the next copy.
    const buffer = this.buffers.take();
    try {
      return await this.write(name, chunksOf(source, buffer));
    } finally {
      this.buffers.give(buffer);
      await source.close();
    }
  }

  async writeBytes(bytes: Uint8Array, name: string): Promise<SpoolCopy> {
    return this.write(name, [bytes]);
  }

  /** Writes a stream (a dropped file arriving over HTTP) chunk by chunk; an error mid-way leaves nothing. */
  async writeStream(source: AsyncIterable<Uint8Array>, name: string): Promise<SpoolCopy> {
    return this.write(name, source);
  }

  private async write(name: string, source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>): Promise<SpoolCopy> {
    const finalPath = this.pathOf(name);
    const tempPath = finalPath + PARTIAL;
    const hash = createHash('sha256');
    let size = 0;
    // Private whatever the umask: the copy holds a customer's document (docs/security.md).
    const handle = await open(tempPath, 'w', PRIVATE_FILE_MODE);
    try {
      for await (const chunk of source) {
        hash.update(chunk);
        size += chunk.length;
        let offset = 0;
        while (offset < chunk.length) offset += (await handle.write(chunk, offset)).bytesWritten;
      }
      await handle.sync();
    } catch (e) {
      await handle.close().catch(() => undefined);
      await rm(tempPath, { force: true });
      throw e;
    }
    await handle.close();
    await rename(tempPath, finalPath);
    await this.dirSync.sync();
    return { name, path: finalPath, size, sha256: hash.digest('hex') };
  }

  async remove(name: string): Promise<void> {
    await rm(this.pathOf(name), { force: true });
  }

  async exists(name: string): Promise<boolean> {
    return stat(this.pathOf(name)).then(
      (s) => s.isFile(),
      () => false,
    );
  }

  /**
   * Start-up clean-up: removes half-written copies and copies no document owns (a crash between the
   * spool fsync and the database insert; the scanner's file is still there and will be taken again).
   */
  async sweep(isOwned: (name: string) => boolean): Promise<{ partial: number; orphaned: number }> {
    let partial = 0;
    let orphaned = 0;
    for (const entry of await readdir(this.dir)) {
      if (entry.endsWith(PARTIAL)) {
        await rm(this.pathOf(entry), { force: true });
        partial++;
      } else if (!isOwned(entry)) {
        await rm(this.pathOf(entry), { force: true });
        orphaned++;
      }
    }
    return { partial, orphaned };
  }
}
