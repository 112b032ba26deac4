/**
 * Large read buffers reused from one file to the next. A fresh 1 MiB per chunk is external memory to V8:
 * in a batch of scans it made V8 run a full GC every few documents and the kernel fault in fresh pages.
 * A buffer goes back only when nothing can still read or write it (the caller's rule); the pool keeps at
 * most `maxKept`, the rest is left to the GC.
 */
export class BufferPool {
  private readonly free: Buffer[] = [];

  constructor(
    readonly bufferBytes: number,
    private readonly maxKept: number,
  ) {}

  take(): Buffer {
    return this.free.pop() ?? Buffer.allocUnsafeSlow(this.bufferBytes);
  }

  give(buffer: Buffer): void {
    if (buffer.length === this.bufferBytes && this.free.length < this.maxKept && !this.free.includes(buffer))
      this.free.push(buffer);
  }

  /** Lets go of the kept buffers (an idle agent after a burst: up to maxKept × bufferBytes of memory). */
  release(): void {
    this.free.length = 0;
  }

  /** How many buffers wait to be taken again. */
  get kept(): number {
    return this.free.length;
  }
}
