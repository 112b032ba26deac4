/** How long a station's heartbeat may stand still before others take over its claimed files. */
export const DEFAULT_LEASE_MS = 120_000;

/** Beats per lease: a station that misses a few (a slow share, a busy disk) is not yet taken over. */
export const BEATS_PER_LEASE = 6;

export function beatIntervalOf(leaseMs: number): number {
  return Math.max(100, Math.floor(leaseMs / BEATS_PER_LEASE));
}

/**
 * How much a station claims ahead (docs/intake-pipeline.md, "Spreading the work"): what its upload slots
 * and capture threads work on next, twice over, so a station never waits for a claim between two files
 * and one fast station does not take a whole burst.
 */
export function lookAheadOf(uploadSlots: number, captureThreads: number): { lookAhead: number; workSlots: number } {
  const workSlots = Math.max(1, uploadSlots + captureThreads);
  return { lookAhead: 2 * workSlots, workSlots };
}

/**
 * Stale heartbeats, judged on this station's own monotonic clock: a beat counts as alive while its content
 * changes, so two PCs whose clocks disagree by minutes still agree on who is gone.
 */
export class LeaseWatch {
  private readonly seen = new Map<string, { signature: string; since: number }>();

  constructor(private readonly now: () => number = () => performance.now()) {}

  /** Records what a station's heartbeat says now ('' when it has none). */
  observe(station: string, signature: string): void {
    const known = this.seen.get(station);
    if (!known || known.signature !== signature) this.seen.set(station, { signature, since: this.now() });
  }

  /** How long the station's heartbeat has stood still, as this station saw it. */
  stillFor(station: string): number {
    const known = this.seen.get(station);
    return known ? this.now() - known.since : 0;
  }

  forget(station: string): void {
    this.seen.delete(station);
  }
}
