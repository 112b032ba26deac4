import { open, type FileHandle } from 'node:fs/promises';

/** Bytes gathered before one write: a 1 MB upload becomes one write instead of sixteen 64 KB ones. */
const BATCH_BYTES = 1 << 20;
/** Batch buffers kept for the next uploads (one per upload in progress is taken). */
const POOL_SIZE = 8;
const pool: Buffer[] = [];

/**
 * Writes a received file with few system calls: the socket's chunks are copied into a pooled 1 MiB
 * buffer (so they die young instead of being kept until the write) and written when it is full.
 */
export class BatchedFileWriter {
  private batch: Buffer | undefined;
  private filled = 0;

  private constructor(private readonly handle: FileHandle) {
    this.batch = pool.pop() ?? Buffer.allocUnsafe(BATCH_BYTES);
  }

  static async create(path: string): Promise<BatchedFileWriter> {
    return new BatchedFileWriter(await open(path, 'w'));
  }

  async write(chunk: Buffer): Promise<void> {
    let taken = 0;
    while (taken < chunk.length) {
      const batch = this.batchOrThrow();
      const n = chunk.copy(batch, this.filled, taken);
      this.filled += n;
      taken += n;
      if (this.filled === batch.length) await this.flush();
    }
  }

  /** Writes what is pending and closes the file. */
  async close(): Promise<void> {
    try {
      await this.flush();
    } finally {
      await this.release();
    }
  }

  /** Closes without writing what is pending (the upload is being dropped). */
  async discard(): Promise<void> {
    await this.release();
  }

  private async flush(): Promise<void> {
    const batch = this.batchOrThrow();
    let done = 0;
    while (done < this.filled) done += (await this.handle.write(batch, done, this.filled - done)).bytesWritten;
    this.filled = 0;
  }

  private batchOrThrow(): Buffer {
    if (!this.batch) throw new Error('the file was already closed');
    return this.batch;
  }

  private async release(): Promise<void> {
    const batch = this.batch;
    this.batch = undefined;
    // Only returned once no write can still be reading it: flush() is awaited before release.
    if (batch && pool.length < POOL_SIZE) pool.push(batch);
    await this.handle.close();
  }
}
