/**
 * Group commit for fsync: callers that ask while a sync is running share the next one, so a burst of N
 * callers costs two syncs, not N, and none of them blocks the JS thread (the sync runs on libuv's pool).
 * A sync that is already running may have started before the caller's write, so it never counts for it.
 */
export class GroupSync {
  private running: Promise<void> | undefined;
  private next: Promise<void> | undefined;

  constructor(private readonly syncOnce: () => Promise<void>) {}

  /** Resolves once everything written before the call is on disk; rejects if that sync failed. */
  sync(): Promise<void> {
    if (!this.running) return this.start();
    this.next ??= this.running
      .catch(() => undefined)
      .then(() => {
        this.next = undefined;
        return this.start();
      });
    return this.next;
  }

  private start(): Promise<void> {
    const run = this.syncOnce().finally(() => {
      if (this.running === run) this.running = undefined;
    });
    this.running = run;
    return run;
  }
}
