import type { Logger } from '../../util/logger';

/**
 * What this station works on now (documents queued or uploading, batches waiting to be split), for the claim
 * protocols' look-ahead (shared-folder.ts, office/office-claimed-folder.ts), which read it synchronously
 * between a check and a count. The storage ports answer later, so the count is kept from their answers:
 * each read asks the ports for the whole count again (it never adds or takes away, so it cannot drift), a
 * protocol's read asks for a fresh count that its next read sees, and a change of a document is read before
 * the protocols are woken to look again (`refresh`, then wake). A read may be one change behind, which lets
 * a station claim one file more ahead at most, until the next read.
 */
export class BusyCount {
  private value = 0;
  private reading: Promise<void> | undefined;
  /** A read asked for while one is under way: it starts once that one ended (it must see what came after). */
  private next: Promise<void> | undefined;
  private failing = false;
  private stopped = false;

  constructor(
    private readonly o: {
      /** The count as the ports answer it now. */
      count: () => Promise<number>;
      logger: Logger;
    },
  ) {}

  /** The last count read; a fresh one is asked for (the next call sees it). */
  now(): number {
    void this.refresh();
    return this.value;
  }

  /**
   * Resolves once a count read after this call is kept. Never rejects: a read that fails keeps the last
   * count, said once in the log (and once more when a read works again).
   */
  refresh(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.reading)
      return (this.next ??= this.reading.then(() => {
        this.next = undefined;
        return this.refresh();
      }));
    const reading = this.read().finally(() => (this.reading = undefined));
    this.reading = reading;
    return reading;
  }

  /** No reads after the storage closes. */
  stop(): void {
    this.stopped = true;
  }

  private async read(): Promise<void> {
    try {
      this.value = await this.o.count();
      if (this.failing) this.o.logger.info('busy count read again', { busy: this.value });
      this.failing = false;
    } catch (error) {
      if (!this.failing)
        this.o.logger.warn('busy count not read: the last one is kept for the look-ahead', {
          busy: this.value,
          error,
        });
      this.failing = true;
    }
  }
}
