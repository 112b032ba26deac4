/**
 * The pause between tries of something out of reach (the office database, the inbox it holds): the first
 * try again comes after `firstMs`, each one after it waits twice as long, up to `maxMs`; a success starts
 * over. `wait` can be cut short (`wake`: the station stops, or hears that the thing is back). Without
 * jitter: one station retries one server, unlike the queue's uploads (backoff.ts), where many documents
 * of many stations would meet the platform at once.
 */
export class GrowingPause {
  private nextMs: number;
  private woken: (() => void) | undefined;

  constructor(private readonly o: { firstMs: number; maxMs: number }) {
    this.nextMs = o.firstMs;
  }

  /** The pause to wait now; the one after it is twice as long (up to the ceiling). */
  take(): number {
    const ms = this.nextMs;
    this.nextMs = Math.min(this.o.maxMs, this.nextMs * 2);
    return ms;
  }

  /** Waits the pause `take` gives, or less when woken. */
  wait(): Promise<void> {
    const ms = this.take();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(done, ms);
      timer.unref?.();
      const woken = this.woken;
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.woken = () => {
        woken?.();
        done();
      };
    });
  }

  /** Ends every wait under way now. */
  wake(): void {
    const woken = this.woken;
    this.woken = undefined;
    woken?.();
  }

  /** It answered: the next outage starts from the first pause again. */
  reset(): void {
    this.nextMs = this.o.firstMs;
  }
}
