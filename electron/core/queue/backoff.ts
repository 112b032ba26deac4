/**
 * Exponential backoff with full jitter (AWS architecture blog, "Exponential Backoff And Jitter"): the
 * delay is uniform in [0, min(cap, base · 2^attempt)], which spreads many clients' retries best.
 */
export interface BackoffPolicy {
  baseMs: number;
  capMs: number;
}

export const DEFAULT_BACKOFF: BackoffPolicy = { baseMs: 1_000, capMs: 5 * 60_000 };

export function fullJitterDelay(attempt: number, policy: BackoffPolicy, random: () => number = Math.random): number {
  const ceiling = Math.min(policy.capMs, policy.baseMs * 2 ** Math.min(Math.max(attempt, 0), 30));
  return Math.floor(random() * ceiling);
}
