/** Calls `fn` at most once per `intervalMs` per key; the last call of a burst is never dropped. */
export class KeyedThrottle<T> {
  private readonly last = new Map<string, number>();
  private readonly pending = new Map<string, { value: T; timer: NodeJS.Timeout }>();

  constructor(
    private readonly intervalMs: number,
    private readonly fn: (key: string, value: T) => void,
    private readonly now: () => number = Date.now,
  ) {}

  push(key: string, value: T): void {
    const elapsed = this.now() - (this.last.get(key) ?? -Infinity);
    const waiting = this.pending.get(key);
    if (elapsed >= this.intervalMs && !waiting) {
      this.last.set(key, this.now());
      this.fn(key, value);
      return;
    }
    if (waiting) {
      waiting.value = value;
      return;
    }
    const timer = setTimeout(() => this.flush(key), Math.max(0, this.intervalMs - elapsed));
    timer.unref();
    this.pending.set(key, { value, timer });
  }

  flush(key: string): void {
    const waiting = this.pending.get(key);
    if (!waiting) return;
    clearTimeout(waiting.timer);
    this.pending.delete(key);
    this.last.set(key, this.now());
    this.fn(key, waiting.value);
  }

  /** Drops pending values of a key (e.g. the document finished: its final state says enough). */
  forget(key: string): void {
    const waiting = this.pending.get(key);
    if (waiting) clearTimeout(waiting.timer);
    this.pending.delete(key);
    this.last.delete(key);
  }
}
