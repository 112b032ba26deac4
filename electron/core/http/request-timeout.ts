/**
 * How long a platform request may go without progress before it is given up: the one place of this rule
 * (docs/platform-choices.md, "Timeouts").
 *
 * The timer is an inactivity timer (request-signal.ts): every body chunk the transport pulls restarts it.
 * But "pulled" means handed to the socket, not received by the platform: the OS's send buffer (and a
 * proxy's) takes megabytes at once, so on a slow line the last pull comes long before the platform has
 * read the body and can answer. A fixed 30 s then cut a 3.4 MB scan off mid-body on a 40 kB/s line, and
 * the retry met the first attempt still in progress (409). So an upload may wait, after its last pull,
 * as long as its whole body takes at the slowest line we support, plus the base wait for the answer.
 */

/** No answer and no progress for this long → the request is given up (kind 'ambiguous'). */
export const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/** The slowest upload line we wait for: 16 KiB/s (128 kbit/s, a weak mobile or old ADSL upstream). */
export const SLOWEST_LINE_BYTES_PER_SECOND = 16 * 1024;

/** Upper bound, so that a stalled 2 GiB upload is still given up within the hour. */
export const MAX_REQUEST_TIMEOUT_MS = 60 * 60 * 1000;

/**
 * The inactivity timeout for a request whose body has `bodyBytes` bytes: the base wait plus the time the
 * whole body takes at the slowest supported line, at most an hour. A request without a body gets the base.
 */
export function requestTimeoutMs(bodyBytes: number, baseMs = DEFAULT_REQUEST_TIMEOUT_MS): number {
  const bodyMs = Math.ceil((Math.max(0, bodyBytes) / SLOWEST_LINE_BYTES_PER_SECOND) * 1000);
  return Math.min(baseMs + bodyMs, Math.max(baseMs, MAX_REQUEST_TIMEOUT_MS));
}
