import type { Clock } from '../../util/clock';

/** A clock the test moves by hand: sleeps resolve when `advance` passes their deadline. */
export class ManualClock implements Clock {
  private time = 0;
  private sleepers: { until: number; resolve: () => void }[] = [];

  now(): number {
    return this.time;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(signal.reason);
      const sleeper = { until: this.time + ms, resolve };
      this.sleepers.push(sleeper);
      signal?.addEventListener(
        'abort',
        () => {
          this.sleepers = this.sleepers.filter((s) => s !== sleeper);
          reject(signal.reason);
        },
        { once: true },
      );
    });
  }

  get pendingSleeps(): number {
    return this.sleepers.length;
  }

  async advance(ms: number): Promise<void> {
    this.time += ms;
    const due = this.sleepers.filter((s) => s.until <= this.time);
    this.sleepers = this.sleepers.filter((s) => s.until > this.time);
    for (const s of due) s.resolve();
    // Let the continuations of the resolved sleeps run.
    for (let i = 0; i < 5; i++) await Promise.resolve();
  }
}
