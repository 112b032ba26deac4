/**
 * Exponential backoff with full jitter (AWS architecture blog, "Exponential Backoff And Jitter"): the
 * delay is uniform in [0, min(cap, base · 2^attempt)], which spreads many clients' retries best.
 */
export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1_000, capMs: 5 * 60_000 };
/**
 * The reachability probe while offline: a HEAD of the base URL, which costs the platform next to nothing.
 * Capped at 3 s so queued documents go out within 5 s of the platform answering again (issue #36 item 5;
 * with a 60 s cap the probe had grown to 33 s after a minute's outage).
 */
export const DEFAULT_PROBE_BACKOFF: BackoffPolicy = { baseMs: 1_000, capMs: 3_000 };

export function fullJitterDelay(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(Math.max(attempt, 0), 30));
  return Math.floor(random() * ceiling);
}
